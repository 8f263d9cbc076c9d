import { DomainError, type Customer } from '@store/domain';
import { aBillingAddress, aCheckoutWorld, aTaxCertificate, FakeMerchantOfRecord, InMemoryFileStorage, InMemoryTaxCertificates } from '../testing';
import { MerchantCheckout, providerLocale } from './merchant-checkout.use-cases';
import type { MerchantOfRecordSettings } from './merchant-of-record.ports';

const settings: MerchantOfRecordSettings = { publicApiKey: 'pk_test', scriptUrl: 'https://js.example/dr.js', mountTimeoutMs: 10_000, scriptLoadTimeoutMs: 120_000 };

async function setUp(options: { gateway?: 'braintree' | 'digital-river'; customer?: Partial<Customer>; provider?: boolean } = {}) {
  const world = aCheckoutWorld();
  const { customer, basket, staleHash } = await world.aShopperAtPayment({ gateway: options.gateway ?? 'digital-river', customer: options.customer });
  const certificates = new InMemoryTaxCertificates(world.baskets);
  const files = new InMemoryFileStorage();
  const provider = new FakeMerchantOfRecord();
  const withProvider = options.provider ?? true;
  const checkout = new MerchantCheckout(world.baskets, world.reader, world.billing, world.paymentStates, certificates, files, withProvider ? provider : null, withProvider ? settings : null);
  return { ...world, customer, basket, staleHash, certificates, files, provider, checkout, setUpPayment: () => checkout.setUp(customer, basket.reference, 'en-gb') };
}

const outcome = (result: { ok: true } | { ok: false; error: { errorName: string } }) => (result.ok ? 'ok' : result.error.errorName);

describe('MerchantCheckout.setUp', () => {
  it("makes a checkout of the basket's lines for the shopper and keeps it with the basket's version", async () => {
    const { setUpPayment, provider, customer, staleHash, paymentStates, basket } = await setUp();
    const made = await setUpPayment();
    if (!made.ok) throw made.error;
    expect(made.value).toEqual({ checkout: { ...provider.checkouts.get('checkout-1'), taxCertificateId: null }, staleHash, settings });
    expect(provider.requests[0]).toMatchObject({
      storeCustomerId: customer.id,
      email: customer.email,
      name: 'Ada Lovelace',
      customerType: 'individual',
      locale: 'en_GB',
      currency: 'GBP',
      taxInclusive: true,
      billingAddress: aBillingAddress(),
      shippingAddress: null,
      items: [{ productReference: 'photo-2-macos', name: expect.any(String), quantity: 1, amountMinor: 4199 }],
      taxCertificate: null,
    });
    expect((await paymentStates.checkoutOf(basket.reference))?.checkoutId).toBe('checkout-1');
  });

  it('answers the same checkout for the same basket version, and a fresh one after a new certificate', async () => {
    const { setUpPayment, provider, certificates, files, customer, basket } = await setUp({ customer: { accountType: 'business', accountName: 'Serif Ltd', customerCategory: 'business.design-agency' } });
    await setUpPayment();
    const again = await setUpPayment();
    expect(again.ok && again.value.checkout.checkoutId).toBe('checkout-1');
    expect(provider.requests).toHaveLength(1);

    const certificate = aTaxCertificate(customer.id, new Date('2026-11-22T11:00:00Z'), { basketReference: basket.reference });
    certificates.rows.push(certificate);
    await files.put(certificate.storageKey, Uint8Array.of(37, 80, 68, 70), certificate.contentType);
    const exempt = await setUpPayment();
    expect(exempt.ok && exempt.value.checkout).toMatchObject({ checkoutId: 'checkout-2', taxCertificateId: certificate.id, totals: { taxMinor: 0 } });
    expect(provider.requests[1]).toMatchObject({ customerType: 'business', organization: 'Serif Ltd', taxCertificate: { taxAuthority: 'NY', companyName: 'Serif Ltd', bytes: Uint8Array.of(37, 80, 68, 70) } });
  });

  it('needs a billing address, and saves nothing without one', async () => {
    const { setUpPayment, billing, customer, provider } = await setUp();
    billing.addresses.delete(customer.id);
    expect(outcome(await setUpPayment())).toBe('BILLING_ADDRESS_REQUIRED');
    expect(provider.requests).toHaveLength(0);
  });

  it("passes the provider's refusal on, says methods are unavailable when it is down, and keeps no checkout", async () => {
    const { setUpPayment, provider, paymentStates, basket } = await setUp();
    provider.failNext = new DomainError('MOR_TAX_ID_INVALID');
    expect(outcome(await setUpPayment())).toBe('MOR_TAX_ID_INVALID');
    provider.failNext = new Error('ECONNRESET');
    expect(outcome(await setUpPayment())).toBe('PAYMENT_METHODS_UNAVAILABLE');
    expect(await paymentStates.checkoutOf(basket.reference)).toBeNull();
  });

  it('refuses a basket paid partly by a voucher before any checkout is made', async () => {
    const { checkout, customer, basket, baskets, vouchers, provider, paymentStates } = await setUp();
    vouchers.vouchers.push({ code: 'GIFT-10', currency: 'GBP', initialMinor: 1000, balanceMinor: 1000, expiresAt: null, maxUsesPerCustomer: null, countryAccounts: null, email: null, newCustomersOnly: false });
    await baskets.save({ ...basket, voucherCode: 'GIFT-10', version: basket.version + 1 });
    // The gateway is chosen again for the basket as it is now, as the billing step would.
    await paymentStates.chooseGateway(basket.reference, basket.version + 1, 'digital-river');
    expect(outcome(await checkout.setUp(customer, basket.reference, 'en-gb'))).toBe('VOUCHER_NOT_ACCEPTED');
    expect(provider.requests).toHaveLength(0);
  });

  it('says the basket moved on when it changed while the checkout was made', async () => {
    const { setUpPayment, paymentStates } = await setUp();
    jest.spyOn(paymentStates, 'saveCheckout').mockResolvedValueOnce(false);
    expect(outcome(await setUpPayment())).toBe('BASKET_STALE');
  });

  it("refuses someone else's basket, a basket for the card gateway, and a store without the provider", async () => {
    const mine = await setUp();
    const other = await mine.aShopperAtPayment({ gateway: 'digital-river' });
    expect(outcome(await mine.checkout.setUp(other.customer, mine.basket.reference, 'en-gb'))).toBe('BASKET_NOT_FOUND');
    expect(outcome(await (await setUp({ gateway: 'braintree' })).setUpPayment())).toBe('PAYMENT_METHODS_UNAVAILABLE');
    expect(outcome(await (await setUp({ provider: false })).setUpPayment())).toBe('PAYMENT_METHODS_UNAVAILABLE');
    expect(mine.provider.requests).toHaveLength(0);
  });
});

describe('MerchantCheckout.attachTaxIdentifier and attachSource', () => {
  it('keeps the repriced checkout and the payment source for the current checkout', async () => {
    const { setUpPayment, checkout, customer, basket, paymentStates, provider } = await setUp();
    await setUpPayment();
    const repriced = await checkout.attachTaxIdentifier(customer, basket.reference, 'checkout-1', { type: 'gb', value: 'GB123456789' });
    expect(repriced.ok && repriced.value).toMatchObject({ taxIdentifier: { value: 'GB123456789', state: 'verified' }, taxCertificateId: null });
    expect((await paymentStates.checkoutOf(basket.reference))?.taxIdentifier?.state).toBe('verified');
    expect(await checkout.attachSource(customer, basket.reference, 'checkout-1', 'source-1')).toEqual({ ok: true, value: { id: 'source-1' } });
    expect(paymentStates.sourceOf(basket.reference)).toBe('source-1');
    expect(provider.sources).toEqual([{ checkoutId: 'checkout-1', sourceId: 'source-1' }]);
  });

  it("refuses an older page's checkout, and one whose basket moved on, without calling the provider", async () => {
    const { setUpPayment, checkout, customer, basket, baskets, provider } = await setUp();
    await setUpPayment();
    expect(outcome(await checkout.attachSource(customer, basket.reference, 'checkout-0', 'source-1'))).toBe('MOR_CHECKOUT_EXPIRED');
    await baskets.save({ ...basket, version: basket.version + 1 });
    expect(outcome(await checkout.attachTaxIdentifier(customer, basket.reference, 'checkout-1', { type: 'gb', value: 'GB123456789' }))).toBe('MOR_CHECKOUT_EXPIRED');
    expect(provider.sources).toHaveLength(0);
  });

  it("passes on the provider's refusal of a tax identifier", async () => {
    const { setUpPayment, checkout, customer, basket, provider } = await setUp();
    await setUpPayment();
    provider.failNext = new DomainError('MOR_TAX_ID_INVALID');
    expect(outcome(await checkout.attachTaxIdentifier(customer, basket.reference, 'checkout-1', { type: 'gb', value: 'nonsense' }))).toBe('MOR_TAX_ID_INVALID');
    provider.failNext = new Error('timeout');
    expect(outcome(await checkout.attachSource(customer, basket.reference, 'checkout-1', 'source-1'))).toBe('PAYMENT_METHODS_UNAVAILABLE');
  });
});

describe('providerLocale', () => {
  it.each([
    ['en-gb', 'en_GB'],
    ['de_DE', 'de_DE'],
    ['FR', 'fr'],
  ])('%s is %s', (store, provider) => expect(providerLocale(store)).toBe(provider));
});
