import { CARD_GATEWAY, money, type Basket, type BasketLine, type CountryAccount, type Customer } from '@store/domain';
import { aCustomer, aProduct, aSuite } from '@store/domain/testing';
import type { BillingAddress } from '../billing/billing.ports';
import type { ShippingAddress } from '../billing/shipping.ports';
import type { Order, OrderDraft, OrderLineDraft } from '../orders/orders.ports';
import type { PlaceOrderCommand } from '../orders/place-order.use-case';
import type { CardGatewaySettings } from '../payments/card-gateway.ports';
import type { MorCheckout } from '../payments/merchant-of-record.ports';
import { InMemoryCatalogue } from './in-memory-catalogue';

/*
 * Object mothers: the smallest valid thing of each kind, so a spec states only what it is about.
 * Everything agrees with `aCatalogue()`: a basket's lines name products it sells, and an order's
 * totals are what that basket costs in the GB account (41.99 gross, 7.00 of it tax at 20%).
 */

export const GB_ACCOUNT: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
export const US_ACCOUNT: CountryAccount = { code: 'US', name: 'United States', currency: 'USD', taxInclusive: false, taxRateBasisPoints: 0 };

/**
 * The catalogue specs price baskets against: in GB the single-user Photo 2 (41.99, two platform
 * choices) and a team suite of at least five seats; in US Photo 2 at 59.99 before tax.
 */
export function aCatalogue(): InMemoryCatalogue {
  return new InMemoryCatalogue(
    new Map([
      ['GB', [aSuite(), aSuite({ reference: 'team', name: 'Team', isMultiUser: true, quantityMinimum: 5 })]],
      ['US', [aSuite({ products: [aProduct({ price: { current: money(5999, 'USD'), original: money(5999, 'USD') }, taxInclusive: false })] })]],
    ]),
    [GB_ACCOUNT, US_ACCOUNT],
  );
}

/** A confirmed, verified personal customer (fresh id and email each time). */
export function aShopper(overrides: Partial<Customer> = {}): Customer {
  return aCustomer({ emailVerified: true, ...overrides });
}

/** One unit of Photo 2 for macOS. */
export function aBasketLine(overrides: Partial<BasketLine> = {}): BasketLine {
  return { reference: 'line-1', suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false, ...overrides };
}

/** A GB basket holding one Photo 2, anonymous unless a customer is given. */
export function aBasket(overrides: Partial<Basket> = {}): Basket {
  return {
    reference: 'basket-1',
    countryAccount: 'GB',
    lines: [aBasketLine()],
    discountCode: null,
    shippingCountry: null,
    customerId: null,
    version: 1,
    ...overrides,
  };
}

/** The basket of a customer: `aBasket` owned by them. */
export function aBasketOf(customer: Pick<Customer, 'id'>, overrides: Partial<Basket> = {}): Basket {
  return aBasket({ customerId: customer.id, ...overrides });
}

/** A UK billing address with no tax ID. */
export function aBillingAddress(overrides: Partial<BillingAddress> = {}): BillingAddress {
  return {
    line1: '1 High Street',
    line2: null,
    line3: null,
    city: 'London',
    county: null,
    state: null,
    postalCode: 'SW1A 1AA',
    country: 'GB',
    vatId: null,
    vatIdStatus: null,
    ...overrides,
  };
}

/** Where a posted product goes: the billing address mother's street, without its tax ID. */
export function aShippingAddress(overrides: Partial<ShippingAddress> = {}): ShippingAddress {
  const { line1, line2, line3, city, county, state, postalCode, country } = aBillingAddress();
  return { line1, line2, line3, city, county, state, postalCode, country, ...overrides };
}

export function anOrderLine(overrides: Partial<OrderLineDraft> = {}): OrderLineDraft {
  return {
    suiteReference: 'photo-2',
    productReference: 'photo-2-macos',
    productName: 'Photo 2 for macOS',
    choiceName: 'macOS',
    choiceSynonym: 'macos',
    quantity: 1,
    unitPriceMinor: 4199,
    totalMinor: 4199,
    discountMinor: 0,
    isBonus: false,
    taxRateBasisPoints: 2000,
    ...overrides,
  };
}

/** What `aBasket` reserves as an order for the card gateway. */
export function anOrderDraft(overrides: Partial<OrderDraft> = {}): OrderDraft {
  return {
    customerId: 'customer-1',
    basketReference: 'basket-1',
    gateway: CARD_GATEWAY.key,
    locale: 'en-GB',
    currency: 'GBP',
    taxInclusive: true,
    netMinor: 3499,
    taxMinor: 700,
    grossMinor: 4199,
    discountMinor: 0,
    discountCode: null,
    billingAddress: aBillingAddress(),
    withdrawalConsent: null,
    lines: [anOrderLine()],
    ...overrides,
  };
}

/** A pending order (first attempt) made from `anOrderDraft`. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    ...anOrderDraft(),
    number: 'ORD-1',
    status: 'pending',
    paymentAttempt: 1,
    transactionId: null,
    createdAt: new Date('2026-11-22T12:00:00Z'),
    paidAt: null,
    ...overrides,
  };
}

/** A merchant-of-record checkout for `aBasket`, its provider's totals a penny above ours. */
export function aMorCheckout(overrides: Partial<MorCheckout> = {}): MorCheckout {
  return {
    checkoutId: 'checkout-1',
    paymentSessionId: 'session-1',
    sellingEntityId: 'entity-1',
    sellingEntityName: 'Reseller Ltd',
    customerId: 'mor-customer-1',
    currency: 'GBP',
    totals: { netMinor: 3500, taxMinor: 700, grossMinor: 4200, discountMinor: 0 },
    taxIdentifier: null,
    ...overrides,
  };
}

/**
 * PLACE_ORDER as a shopper's page sends it for a basket: the card gateway with the sandbox's valid
 * nonce, no checkout and no earlier order, en-gb. A spec names only what it is about.
 */
export function aPlaceOrderCommand(
  required: Pick<PlaceOrderCommand, 'customer' | 'basketReference' | 'basketStaleHash'>,
  overrides: Partial<PlaceOrderCommand> = {},
): PlaceOrderCommand {
  return {
    gateway: CARD_GATEWAY.key,
    paymentToken: 'fake-valid-nonce',
    deviceData: null,
    checkoutId: null,
    existingOrderNumber: null,
    withdrawalConsent: false,
    locale: 'en-gb',
    storeUrl: 'http://store.test',
    ...required,
    ...overrides,
  };
}

/** The card gateway's settings as a sandbox store has them, every wallet on; tests override what they vary. */
export const aCardGatewaySettings = (overrides: Partial<CardGatewaySettings> = {}): CardGatewaySettings => ({
  environment: 'sandbox',
  threeDSecure: true,
  collectDeviceData: true,
  disabledApplePayCountries: [],
  disabledGooglePayCountries: [],
  disabledPayPalCountries: [],
  googleMerchantId: null,
  wallets: { applePay: true, googlePay: true, payPal: true },
  scriptLoadTimeoutMs: 120_000,
  ...overrides,
});
