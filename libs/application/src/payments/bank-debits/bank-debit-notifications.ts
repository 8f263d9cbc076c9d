import { bankDebitRelease, findLocale, formatMoney, fullName, money } from '@store/domain';
import type { CustomerRepository } from '../../identity/identity.ports';
import type { OutgoingMail } from '../../identity/sign-in.ports';
import { amountCharged, type DebitedBankAccount, type KeyMaterial, type Order, type OrderRepository } from '../../orders/orders.ports';
import { fulfilmentFor } from '../../orders/place-order.use-case';
import type { HandlingResult, ProviderNotificationHandler, StoredProviderNotification } from '../notifications/provider-notifications.ports';
import { bankDebitReturnWindows } from './bank-debit-return-windows';
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
    // The mail goes with the order's change, in its transaction: never one without the other.
    if (order.status === 'pending') {
      await this.orders.fail(order.number, 0, `The bank declined the debit ${transactionId}`, customer ? refusedDebitMail(order, customer, false, this.storeUrl) : undefined);
      return { outcome: 'declined' };
    }
    const notice = customer ? refusedDebitMail(order, customer, true, this.storeUrl) : null;
    if (order.status === 'paid' && (await this.orders.revoke(order.number, `The bank ${debit.state} the debit ${transactionId}`, notice))) {
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

/** What reconciliation did with one debit; `error` when looking it up or acting on it failed (it is due again next run). */
export interface ReconciledBankDebit {
  readonly transactionId: string;
  readonly outcome: string;
  readonly error?: string;
}

/**
 * Bank debits whose settlement notification may have been lost: one still pending long after it was
 * accepted is looked up at the gateway, and settled or refused as its notification would have done.
 * And one settled but still inside its return window is looked up once per interval, the first time
 * an interval after it settled: returned since (the provider shows a return as a decline after
 * settlement), it is refused as the return's notification would have done, and a notification
 * arriving later changes nothing more.
 */
export class ReconcileBankDebits {
  constructor(
    private readonly debits: BankDebitRepository,
    private readonly notifications: BankDebitNotifications,
    private readonly port: { debitStatus?(transactionId: string): Promise<'pending' | 'settled' | 'declined' | null> } | undefined,
    private readonly clock: { now(): Date },
    private readonly settings: { readonly pendingForMs: number; readonly batchSize: number; readonly returnCheckEveryMs: number },
  ) {}

  async run(): Promise<readonly ReconciledBankDebit[]> {
    const lookUp = this.port?.debitStatus?.bind(this.port);
    if (!lookUp) return [];
    const now = this.clock.now();
    const done: ReconciledBankDebit[] = [];
    for (const transactionId of await this.debits.pendingSince(new Date(now.getTime() - this.settings.pendingForMs), this.settings.batchSize)) {
      done.push(
        await this.each(transactionId, async () => {
          const status = await lookUp(transactionId);
          const result = status === 'settled' ? await this.notifications.debitSettled(transactionId) : status === 'declined' ? await this.notifications.debitRefused(transactionId) : null;
          return result && 'outcome' in result ? result.outcome : (status ?? 'unknown');
        }),
      );
    }
    const due = await this.debits.dueForReturnCheck({
      windows: bankDebitReturnWindows(now),
      checkedBefore: new Date(now.getTime() - this.settings.returnCheckEveryMs),
      limit: this.settings.batchSize,
    });
    // A debit the first pass just settled or refused is not looked up twice in one run.
    for (const transactionId of due.filter((id) => !done.some((earlier) => earlier.transactionId === id))) {
      done.push(
        await this.each(transactionId, async () => {
          const status = await lookUp(transactionId);
          if (status === 'declined') {
            const result = await this.notifications.debitRefused(transactionId);
            return 'outcome' in result ? result.outcome : 'declined';
          }
          // Still settled (or unknown to the gateway, which a later look may explain): not again before the next interval.
          await this.debits.markChecked(transactionId);
          return status === 'settled' ? 'still-settled' : (status ?? 'unknown');
        }),
      );
    }
    return done;
  }

  /** One debit's look-up and action; a failure is reported and leaves it due, so the next run takes it up again. */
  private async each(transactionId: string, work: () => Promise<string>): Promise<ReconciledBankDebit> {
    try {
      return { transactionId, outcome: await work() };
    } catch (error) {
      return { transactionId, outcome: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
  }
}
