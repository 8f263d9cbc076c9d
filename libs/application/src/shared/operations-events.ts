/**
 * What the store's operators watch, told by the use cases as it happens: orders placed and refused,
 * charges whose outcome is not known, reconciliation results and the providers' notifications.
 * The application only says what happened; how it is counted (Prometheus metrics in the API) is an
 * adapter's business, so no metrics library reaches this layer.
 */
export interface OperationsEvents {
  /** An order was placed (paid, free, or reserved for a payment that completes later). */
  orderPlaced(event: { readonly gateway: string; readonly method: string }): void;
  /**
   * An order was refused or failed; `charged` says whether money moved, and 'unknown' is a charge
   * whose outcome is uncertain (the gateway did not answer): reconciliation settles it later.
   */
  orderFailed(event: { readonly gateway: string; readonly method: string; readonly reason: string; readonly charged: 'not-charged' | 'charged' | 'unknown' }): void;
  /** One order looked at by payment reconciliation, and what became of it. */
  orderReconciled(event: { readonly outcome: 'completed' | 'failed' | 'unchanged' | 'deferred'; readonly reversals: number }): void;
  /** A reconciliation run finished (its time tells an operator the job is alive), with how many orders it deferred. */
  reconciliationRun(event: { readonly deferred: number }): void;
  /** A provider's notification (webhook) delivered to the store, and what the store answered. */
  webhookReceived(event: { readonly provider: string; readonly outcome: string }): void;
  /** A kept notification handled later: processed, or kept for another try. */
  webhookHandled(event: { readonly provider: string; readonly outcome: 'processed' | 'retry' }): void;
}
export const OPERATIONS_EVENTS = Symbol('OperationsEvents');

/** Nobody listening: the default of every use case, so tests and tools need nothing wired. */
export const NO_OPERATIONS_EVENTS: OperationsEvents = {
  orderPlaced: () => undefined,
  orderFailed: () => undefined,
  orderReconciled: () => undefined,
  reconciliationRun: () => undefined,
  webhookReceived: () => undefined,
  webhookHandled: () => undefined,
};
