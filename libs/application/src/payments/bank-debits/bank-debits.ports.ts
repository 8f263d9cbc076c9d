import type { BankDebitState } from '@store/domain';
import type { DebitedBankAccount } from '../../orders/orders.ports';

export interface BankDebit {
  readonly transactionId: string;
  readonly orderNumber: string;
  readonly customerId: string;
  readonly state: BankDebitState;
  /** When the order's keys and downloads were released (at authorisation or at settlement); null while it waits. */
  readonly releasedAt: Date | null;
  /** The account debited, as the gateway's sale described it (null when it did not). */
  readonly account: DebitedBankAccount | null;
}

/**
 * The bank debits paying orders. Each change is one guarded statement, so a redelivered or late
 * notification, and reconciliation, never act twice on one debit.
 */
export interface BankDebitRepository {
  /** Records the order's debit as the gateway accepted it, released or not; again for the same order changes nothing. */
  record(debit: {
    readonly transactionId: string;
    readonly orderNumber: string;
    readonly customerId: string;
    readonly released: boolean;
    readonly account?: DebitedBankAccount | null;
  }): Promise<void>;
  findByTransaction(transactionId: string): Promise<BankDebit | null>;
  findByOrder(orderNumber: string): Promise<BankDebit | null>;
  /**
   * The bank paid: pending → settled; declined → returned (the settlement's notification handled
   * after its return's). The debit as it is now.
   */
  settle(transactionId: string): Promise<BankDebit | null>;
  /** The bank said no: pending → declined, or settled → returned (taken back after settlement). The debit as it is now. */
  refuse(transactionId: string, bankCode: string | null): Promise<BankDebit | null>;
  /** The order's keys were released (at settlement): marked once; false when already. */
  markReleased(transactionId: string): Promise<boolean>;
  /** Debits still waiting for their bank that were accepted before `before`: their notification may have been lost. */
  pendingSince(before: Date, limit: number): Promise<readonly string[]>;
  /**
   * Debits that may have been returned with the notification lost: settled ones still inside their
   * method's return window (settled since `settledSince` of the order's currency) and neither looked
   * up nor settled since `checkedBefore`, least recently looked up first; and, before those, returns
   * recorded whose order still holds its keys (a refusal cut short, to be carried through).
   */
  dueForReturnCheck(criteria: {
    readonly windows: readonly { readonly currency: string; readonly settledSince: Date }[];
    readonly checkedBefore: Date;
    readonly limit: number;
  }): Promise<readonly string[]>;
  /** The debit was looked up at the gateway just now (and found still settled): not due again until the next interval. */
  markChecked(transactionId: string): Promise<void>;
  /** What the release rule reads of the customer: orders whose money arrived, and debits a bank refused. */
  historyOf(customerId: string, exceptOrder: string): Promise<{ readonly settledOrdersBefore: number; readonly refusedDebitsBefore: number }>;
}
export const BANK_DEBIT_REPOSITORY = Symbol('BankDebitRepository');
