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
  /** What the release rule reads of the customer: orders whose money arrived, and debits a bank refused. */
  historyOf(customerId: string, exceptOrder: string): Promise<{ readonly settledOrdersBefore: number; readonly refusedDebitsBefore: number }>;
}
export const BANK_DEBIT_REPOSITORY = Symbol('BankDebitRepository');
