import { findLocale, formatMoney, fullName, money, paymentMethod, type NotificationSubject } from '@store/domain';
import type { CustomerRepository } from '../../identity/identity.ports';
import type { MailOutbox, OutgoingMail } from '../../identity/sign-in.ports';
import { amountCharged, type Order, type OrderRepository } from '../../orders/orders.ports';
import type { HandlingResult, ProviderNotificationHandler, StoredProviderNotification } from '../notifications/provider-notifications.ports';
import type { BlikAliasRepository } from './blik-aliases.ports';
import type { LocalPayment, LocalPaymentEnd, LocalPaymentRepository, OrderSettler } from './local-payments.ports';

type LocalPaymentSubject = Extract<NotificationSubject, { readonly type: 'local-payment' }>;

const localPaymentOf = (notification: StoredProviderNotification): LocalPaymentSubject | null =>
  notification.subject.type === 'local-payment' ? notification.subject : null;

/** A notification about a payment the page has not recorded yet (it can come first): tried again later. */
const NOT_STARTED: HandlingResult = { retry: 'the local payment is not recorded yet' };

/** The mail telling the shopper their order was not paid, and that nothing was taken. */
export function unpaidOrderMail(order: Order, customer: { readonly email: string; readonly firstName: string; readonly lastName: string }, payment: LocalPayment, end: LocalPaymentEnd, storeUrl: string): OutgoingMail {
  const locale = findLocale(order.locale)?.canonical ?? 'en-GB';
  const method = paymentMethod(payment.method).label;
  const why =
    end === 'expired'
      ? `The ${method} payment was not approved in time, so it has expired.`
      : end === 'reversed'
        ? `The ${method} payment was reversed by your bank or the payment provider before it was completed.`
        : `The ${method} payment was cancelled.`;
  const basket = `${storeUrl.replace(/\/+$/, '')}/${order.locale}/basket/`;
  return {
    to: customer.email,
    subject: `Your order ${order.number} was not paid`,
    text: [
      `Hello ${fullName(customer)},`,
      '',
      why,
      `Your order ${order.number} for ${formatMoney(money(amountCharged(order), order.currency), locale)} has not been paid, and you have not been charged.`,
      '',
      `You can place the order again from your basket: ${basket}`,
    ].join('\n'),
  };
}

/**
 * The provider's local payment notifications (spec 3 §1: they complete away from the store):
 * - completed: the payer approved; the nonce is kept and the completing worker charges it (not
 *   here, where the notification's row is held: a charge waits on the gateway); a BLIK one-click
 *   alias it names is kept for the order's customer, to pay later without a code;
 * - expired, reversed: an order nobody charged fails, its claims are given back, the shopper is mailed;
 * - funded: pay upon invoice's money arrived after the sale.
 * Each is idempotent (a redelivery finds the payment moved on) and says what it did.
 */
export class LocalPaymentNotifications {
  constructor(
    private readonly localPayments: LocalPaymentRepository,
    private readonly orders: OrderRepository,
    private readonly customers: CustomerRepository,
    private readonly mail: MailOutbox,
    private readonly settler: OrderSettler,
    private readonly storeUrl: string,
    private readonly blikAliases: BlikAliasRepository | null = null,
  ) {}

  readonly completed: ProviderNotificationHandler = {
    handle: async (notification) => {
      const subject = localPaymentOf(notification);
      if (!subject) return { outcome: 'not-a-local-payment' };
      const payment = await this.localPayments.find(subject.paymentId);
      if (!payment) return NOT_STARTED;
      const aliases = await this.keepBlikAliases(payment, subject);
      if (!subject.paymentMethodNonce) return { outcome: `no-nonce${aliases}` };
      const now = await this.localPayments.approve(subject.paymentId, subject.paymentMethodNonce);
      return { outcome: `${now?.state === 'approved' ? 'approved' : `already-${now?.state ?? 'gone'}`}${aliases}` };
    },
  };

  readonly expired: ProviderNotificationHandler = { handle: (notification) => this.ended(notification, 'expired') };
  readonly reversed: ProviderNotificationHandler = { handle: (notification) => this.ended(notification, 'reversed') };

  readonly funded: ProviderNotificationHandler = {
    handle: async (notification) => {
      const subject = localPaymentOf(notification);
      if (!subject) return { outcome: 'not-a-local-payment' };
      if (!(await this.localPayments.find(subject.paymentId))) return NOT_STARTED;
      await this.localPayments.markFunded(subject.paymentId);
      return { outcome: 'funded' };
    },
  };

  /**
   * Saves the aliases the notification names for the order's customer (saving one again changes
   * nothing) and says so in the outcome; before the approval, so a failure retries the whole.
   */
  private async keepBlikAliases(payment: LocalPayment, subject: LocalPaymentSubject): Promise<string> {
    const aliases = subject.blikAliases ?? [];
    if (!this.blikAliases || aliases.length === 0) return '';
    const order = await this.orders.find(payment.orderNumber);
    if (!order) return '';
    const saved = await this.blikAliases.save(order.customerId, aliases);
    return saved > 0 ? `+blik-alias-saved` : '';
  }

  private async ended(notification: StoredProviderNotification, end: 'expired' | 'reversed'): Promise<HandlingResult> {
    const subject = localPaymentOf(notification);
    if (!subject) return { outcome: 'not-a-local-payment' };
    if (!(await this.localPayments.find(subject.paymentId))) return NOT_STARTED;
    await this.localPayments.end(subject.paymentId, end);
    // Read again: ended now, or by an earlier handling that stopped before the order was failed.
    const payment = await this.localPayments.find(subject.paymentId);
    if (payment?.state !== end) return { outcome: `not-${end}-${payment?.state ?? 'gone'}` };
    const order = await this.orders.find(payment.orderNumber);
    if (order?.status !== 'pending') return { outcome: `already-${end}` };
    // Settled by its charge key rather than failed outright: another attempt on the order (a card
    // in another tab) may be charging under it. Thrown while that charge waits: retried later.
    const settled = await this.settler.order(order.number);
    if (settled.outcome !== 'failed') return { outcome: `${end}-order-${settled.outcome}` };
    const customer = await this.customers.findById(order.customerId);
    if (customer) await this.mail.enqueue(unpaidOrderMail(order, customer, payment, end, this.storeUrl));
    return { outcome: end };
  }
}
