import { CARD_GATEWAY, type Basket, type Customer, type DiscountCode, type PaymentGateway } from '@store/domain';
import { BasketReader } from '../basket/basket-reader';
import type { KeyMaterial } from '../orders/orders.ports';
import { FixedClock } from './fixed-ports';
import { InMemoryBasketRepository } from './in-memory-basket.repository';
import { InMemoryBilling } from './in-memory-billing';
import { InMemoryDiscounts, type InMemoryCatalogue } from './in-memory-catalogue';
import { InMemoryCustomers } from './in-memory-identity';
import { InMemoryOrders } from './in-memory-orders';
import { InMemoryPaymentStates } from './in-memory-payment-states';
import { InMemoryVouchers } from './in-memory-vouchers';
import { aBasketOf, aBillingAddress, aCatalogue, aPlaceOrderCommand, aShopper } from './mothers';

/** Key material that differs on every call and is the same in every run. */
export class CountingKeyMaterial implements KeyMaterial {
  private calls = 0;
  bytes(count: number): Uint8Array {
    this.calls += 1;
    return Uint8Array.from({ length: count }, (_, index) => (this.calls * 31 + index * 7) % 256);
  }
}

/**
 * Every fake a checkout use case needs, wired to one another as the database ties the real ones:
 * an order's reservation holds the basket, its completion closes it and spends its payment state,
 * a new billing address voids that state.
 */
export function aCheckoutWorld(
  options: { readonly discountCodes?: DiscountCode[]; readonly unitsLeft?: Map<string, number>; readonly catalogue?: InMemoryCatalogue } = {},
) {
  const clock = new FixedClock(new Date('2026-11-22T12:00:00Z'));
  const catalogue = options.catalogue ?? aCatalogue();
  const baskets = new InMemoryBasketRepository();
  const discounts = new InMemoryDiscounts(options.discountCodes ?? []);
  const vouchers = new InMemoryVouchers();
  const paymentStates = new InMemoryPaymentStates(baskets);
  const billing = new InMemoryBilling(baskets, paymentStates);
  const orders = new InMemoryOrders(baskets, clock, { discounts, vouchers, paymentStates, unitsLeft: options.unitsLeft });
  const customers = new InMemoryCustomers();
  const reader = new BasketReader(catalogue, catalogue, baskets, discounts, clock, vouchers);
  const keys = new CountingKeyMaterial();

  /** What the shopper's page holds for the basket: the hash of its content and price. */
  async function staleHashOf(basket: Basket, customer: Customer): Promise<string> {
    const read = await reader.read(basket, { id: customer.id, email: customer.email, emailVerified: customer.emailVerified });
    if (!read.ok) throw read.error;
    return read.value.view.staleHash;
  }

  /**
   * A signed-in shopper with a UK billing address and a basket (one Photo 2 unless told otherwise)
   * whose gateway was decided, as the checkout leaves them just before PLACE_ORDER.
   */
  async function aShopperAtPayment(overrides: { readonly basket?: Partial<Basket>; readonly gateway?: PaymentGateway; readonly customer?: Partial<Customer> } = {}) {
    const customer = aShopper(overrides.customer);
    customers.customers.set(customer.id, customer);
    const basket = aBasketOf(customer, { reference: `basket-of-${customer.id}`, ...overrides.basket });
    await baskets.save(basket);
    await billing.save(customer.id, aBillingAddress());
    await paymentStates.chooseGateway(basket.reference, basket.version, overrides.gateway ?? CARD_GATEWAY.key);
    const staleHash = await staleHashOf(basket, customer);
    /** PLACE_ORDER as the shopper's page sends it for this basket (card, UK consent given). */
    const command = aPlaceOrderCommand(
      { customer, basketReference: basket.reference, basketStaleHash: staleHash },
      { gateway: overrides.gateway ?? CARD_GATEWAY.key, withdrawalConsent: true },
    );
    return { customer, basket, staleHash, command };
  }

  return { clock, catalogue, baskets, discounts, vouchers, paymentStates, billing, orders, customers, reader, keys, staleHashOf, aShopperAtPayment };
}
