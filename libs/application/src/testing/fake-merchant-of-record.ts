import type { DomainError } from '@store/domain';
import type { MerchantOfRecordPort, MorCheckout, MorCheckoutRequest } from '../payments/merchant-of-record.ports';

/**
 * The merchant-of-record provider: it keeps the checkouts it made (net is what it was told, tax
 * 20% on top unless exempt by certificate or a verified tax ID), and can refuse with a catalogued
 * error or not answer at all, as the real adapter throws them.
 */
export class FakeMerchantOfRecord implements MerchantOfRecordPort {
  readonly requests: MorCheckoutRequest[] = [];
  readonly checkouts = new Map<string, MorCheckout>();
  readonly sources: { checkoutId: string; sourceId: string }[] = [];
  /** Thrown by the next call: a DomainError is a refusal, anything else the provider being down. */
  failNext: DomainError | Error | null = null;

  private answer() {
    const failure = this.failNext;
    this.failNext = null;
    if (failure) throw failure;
  }
  async createCheckout(request: MorCheckoutRequest): Promise<MorCheckout> {
    this.answer();
    this.requests.push(request);
    const netMinor = request.items.reduce((sum, item) => sum + item.amountMinor, 0);
    const taxMinor = request.taxCertificate ? 0 : Math.round(netMinor * 0.2);
    const checkout: MorCheckout = {
      checkoutId: `checkout-${this.requests.length}`,
      paymentSessionId: `session-${this.requests.length}`,
      sellingEntityId: 'entity-1',
      sellingEntityName: 'Reseller Ltd',
      customerId: `mor-${request.storeCustomerId}`,
      currency: request.currency,
      totals: { netMinor, taxMinor, grossMinor: netMinor + taxMinor, discountMinor: 0 },
      taxIdentifier: null,
    };
    this.checkouts.set(checkout.checkoutId, checkout);
    return checkout;
  }
  async attachTaxIdentifier(checkoutId: string, taxIdentifier: { readonly type: string; readonly value: string }): Promise<MorCheckout> {
    this.answer();
    const checkout = this.checkouts.get(checkoutId);
    if (!checkout) throw new Error(`no checkout ${checkoutId}`);
    const repriced = { ...checkout, taxIdentifier: { ...taxIdentifier, state: 'verified' as const }, totals: { ...checkout.totals, taxMinor: 0, grossMinor: checkout.totals.netMinor } };
    this.checkouts.set(checkoutId, repriced);
    return repriced;
  }
  async attachSource(checkoutId: string, sourceId: string): Promise<{ readonly id: string }> {
    this.answer();
    this.sources.push({ checkoutId, sourceId });
    return { id: sourceId };
  }
}
