import { bankDebitRelease, findLocale, formatMoney, fullName, money } from '@store/domain';
import type { CustomerRepository } from '../../identity/identity.ports';
import type { MailOutbox, OutgoingMail } from '../../identity/sign-in.ports';
import { amountCharged, type DebitedBankAccount, type KeyMaterial, type Order, type OrderRepository } from '../../orders/orders.ports';
import { fulfilmentFor } from '../../orders/place-order.use-case';
import type { HandlingResult, ProviderNotificationHandler, StoredProviderNotification } from '../notifications/provider-notifications.ports';
import type { BankDebit, BankDebitRepository } from './bank-debits.ports';

/**
 * What becomes of an order once its bank debit is accepted: its keys released now, or when the
 * debit settles (the release rule). Recorded once; asked again (the shopper's retry, reconciliation
 * finding the charge), it answers as it did.
 */
export class BankDebitReleases {
  constructor(private readonly debits: BankDebitRepository) {}

  async afterCharge(order: Order, transactionId: string, account: DebitedBankAccount | null = null): Promise<'release' | 'wait'> {
    const recorded = await this.debits.findByOrder(order.number);
    if (recorded) return recorded.releasedAt ? 'release' : 'wait';
    const history = await this.debits.historyOf(order.customerId, order.number);
    const release = bankDebitRelease({ amountMinor: amountCharged(order), currency: order.currency, ...history }) === 'at-authorisation';
    await this.debits.record({ transactionId, orderNumber: order.number, customerId: order.customerId, released: release, account });
    const now = await this.debits.findByOrder(order.number);
    return now?.releasedAt ? 'release' : 'wait';
  }
}

const transactionIdOf = (notification: StoredProviderNotification): string | null => (notification.subject.type === 'transaction' ? notification.subject.id : null);

/** The mail when a bank refuses a debit: before release (the order is not paid) or after (its keys are taken back). */
export function refusedDebitMail(order: Order, customer: { readonly email: string; readonly firstName: string; readonly lastName: string }, afterRelease: boolean, storeUrl: string): OutgoingMail {
  const locale = findLocale(order.locale)?.canonical ?? 'en-GB';
  const amount = formatMoney(money(amountCharged(order), order.currency), locale);
  const basket = `${storeUrl.replace(/\/+$/, '')}/${order.locale}/basket/`;
  const text = afterRelease
    ? [
        `Your bank has returned the payment of ${amount} for order ${order.number}, so the order is no longer paid.`,
        'Its product keys have been revoked and its downloads are closed.',
        `To keep using the products, please buy them again: ${basket}`,
      ]
    : [
        `Your bank declined the debit of ${amount} for order ${order.number}, so the order has not been paid and nothing was taken.`,
        `You can place the order again from your basket: ${basket}`,
      ];
  return { to: customer.email, subject: afterRelease ? `Your payment for order ${order.number} was returned` : `Your order ${order.number} was not paid`, text: [`Hello ${fullName(customer)},`, '', ...text].join('\n') };
}

/**
 * The provider's settlement notifications about bank debits: settled releases an order that was
 * waiting for its bank; declined at settlement fails an order not yet released; declined (or
 * returned) after release revokes its keys. A transaction that is not a bank debit is left alone.
 */
export class BankDebitNotifications {
  constructor(
    private readonly debits: BankDebitRepository,
    private readonly orders: OrderRepository,
    private readonly customers: CustomerRepository,
    private readonly keys: KeyMaterial,
    private readonly mail: MailOutbox,
    private readonly storeUrl: string,
  ) {}

  readonly settled: ProviderNotificationHandler = {
    handle: async (notification) => {
      const transactionId = transactionIdOf(notification);
      return transactionId ? this.debitSettled(transactionId) : { outcome: 'not-a-bank-debit' };
    },
  };

  readonly declined: ProviderNotificationHandler = {
    handle: async (notification) => {
      const transactionId = transactionIdOf(notification);
      return transactionId ? this.debitRefused(transactionId) : { outcome: 'not-a-bank-debit' };
    },
  };

  /** The bank paid the debit (by its notification, or as reconciliation found it). */
  async debitSettled(transactionId: string): Promise<HandlingResult> {
    if (!(await this.debits.findByTransaction(transactionId))) return { outcome: 'not-a-bank-debit' };
    const debit = await this.debits.settle(transactionId);
    if (!debit || debit.state !== 'settled') return { outcome: `not-settled-${debit?.state ?? 'gone'}` };
    if (debit.releasedAt) return { outcome: 'settled' };
    return this.release(debit);
  }

  /** The bank declined the debit at settlement, or took it back after (by its notification, or as reconciliation found it). */
  async debitRefused(transactionId: string): Promise<HandlingResult> {
    if (!(await this.debits.findByTransaction(transactionId))) return { outcome: 'not-a-bank-debit' };
    const debit = await this.debits.refuse(transactionId, null);
    if (!debit || (debit.state !== 'declined' && debit.state !== 'returned')) return { outcome: `not-refused-${debit?.state ?? 'gone'}` };
    const order = await this.orders.find(debit.orderNumber);
    if (!order) throw new Error(`The order ${debit.orderNumber} of debit ${transactionId} is missing`);
    const customer = await this.customers.findById(order.customerId);
    if (order.status === 'pending') {
      await this.orders.fail(order.number, 0, `The bank declined the debit ${transactionId}`);
      if (customer) await this.mail.enqueue(refusedDebitMail(order, customer, false, this.storeUrl));
      return { outcome: 'declined' };
    }
    if (order.status === 'paid' && (await this.orders.revoke(order.number, `The bank ${debit.state} the debit ${transactionId}`))) {
      if (customer) await this.mail.enqueue(refusedDebitMail(order, customer, true, this.storeUrl));
      return { outcome: `${debit.state}-revoked` };
    }
    return { outcome: `already-${order.status}` };
  }

  private async release(debit: BankDebit): Promise<HandlingResult> {
    const order = await this.orders.find(debit.orderNumber);
    if (!order) throw new Error(`The order ${debit.orderNumber} of debit ${debit.transactionId} is missing`);
    if (order.status === 'pending') {
      const customer = await this.customers.findById(order.customerId);
      if (!customer) throw new Error(`The customer of order ${order.number} is missing`);
      await this.orders.complete(order.number, fulfilmentFor(order, customer, debit.transactionId, this.keys, this.storeUrl));
    }
    await this.debits.markReleased(debit.transactionId);
    return { outcome: 'settled-released' };
  }
}

/**
 * Bank debits whose settlement notification may have been lost: one still pending long after it was
 * accepted is looked up at the gateway, and settled or refused as its notification would have done.
 */
export class ReconcileBankDebits {
  constructor(
    private readonly debits: BankDebitRepository,
    private readonly notifications: BankDebitNotifications,
    private readonly port: { debitStatus?(transactionId: string): Promise<'pending' | 'settled' | 'declined' | null> } | undefined,
    private readonly clock: { now(): Date },
    private readonly settings: { readonly pendingForMs: number; readonly batchSize: number },
  ) {}

  async run(): Promise<readonly { readonly transactionId: string; readonly outcome: string }[]> {
    if (!this.port?.debitStatus) return [];
    const before = new Date(this.clock.now().getTime() - this.settings.pendingForMs);
    const done: { transactionId: string; outcome: string }[] = [];
    for (const transactionId of await this.debits.pendingSince(before, this.settings.batchSize)) {
      const status = await this.port.debitStatus(transactionId);
      const result = status === 'settled' ? await this.notifications.debitSettled(transactionId) : status === 'declined' ? await this.notifications.debitRefused(transactionId) : null;
      done.push({ transactionId, outcome: result && 'outcome' in result ? result.outcome : (status ?? 'unknown') });
    }
    return done;
  }
}
