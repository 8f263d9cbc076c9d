/** The merchant of record's capture of an order's charge, once its products are delivered. */
export interface MerchantOfRecordCapture {
  capture(orderId: string, reference: string): Promise<'captured' | 'nothing-open' | 'not-accepted' | 'no-order'>;
}

/** The paid merchant-of-record orders whose charge is not captured yet, and the mark that it is. */
export interface UncapturedOrders {
  uncaptured(limit: number): Promise<readonly { readonly number: string; readonly transactionId: string }[]>;
  captured(number: string): Promise<void>;
}

/**
 * The merchant of record authorises a charge when it accepts an order and takes the money only
 * when told the products were delivered (its Fulfillments API). The store delivers product keys
 * the moment an order is paid, so every paid order's open items are reported as fulfilled here,
 * shortly after: until then the shopper was not charged, and an authorisation left too long lapses.
 * A refund before the capture cancels instead (nothing was taken); after it, it refunds.
 */
export class CaptureMerchantOfRecordSales {
  constructor(
    private readonly orders: UncapturedOrders,
    private readonly provider: MerchantOfRecordCapture | null,
  ) {}

  async run(limit = 50): Promise<{ readonly captured: readonly string[]; readonly waiting: readonly string[]; readonly deferred: readonly { readonly number: string; readonly reason: string }[] }> {
    const captured: string[] = [];
    const waiting: string[] = [];
    const deferred: { number: string; reason: string }[] = [];
    if (!this.provider) return { captured, waiting, deferred };
    for (const order of await this.orders.uncaptured(limit)) {
      try {
        const outcome = await this.provider.capture(order.transactionId, `${order.number}-capture`);
        if (outcome === 'not-accepted') {
          waiting.push(order.number);
          continue;
        }
        await this.orders.captured(order.number);
        if (outcome === 'captured') captured.push(order.number);
      } catch (error) {
        deferred.push({ number: order.number, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return { captured, waiting, deferred };
  }
}
