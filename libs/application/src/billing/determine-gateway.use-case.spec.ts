import { ErrorCatalogue, type GatewayRules } from '@store/domain';
import { aBasketOf, aBillingAddress, aCheckoutWorld, aShopper } from '../testing';
import { DetermineGateway } from './determine-gateway.use-case';

const rules: GatewayRules = new Map([
  ['US', 'digital-river'],
  ['CA', 'none'],
  ['*', 'braintree'],
]);

async function setUp(options: { readonly country?: string; readonly customer?: Parameters<typeof aShopper>[0] } = {}) {
  const world = aCheckoutWorld();
  const customer = aShopper(options.customer);
  await world.baskets.save(aBasketOf(customer));
  await world.billing.save(customer.id, aBillingAddress({ country: options.country ?? 'GB' }));
  const determine = new DetermineGateway(rules, world.baskets, world.reader, world.billing, world.paymentStates);
  return { ...world, customer, determine };
}

describe('DetermineGateway', () => {
  it('keeps the gateway the rules give for the billing country as the basket’s payment state', async () => {
    const { determine, customer, paymentStates } = await setUp();
    expect(await determine.execute(customer, 'basket-1')).toEqual({ ok: true, value: { gateway: 'braintree', showTaxExemption: false } });
    expect(await paymentStates.gatewayOf('basket-1')).toBe('braintree');
  });

  it('shows the exemption step to a US business paying through the merchant of record, not to a person', async () => {
    const business = await setUp({ country: 'US', customer: { accountType: 'business', customerCategory: 'business.design-agency', accountName: 'Acme' } });
    expect(await business.determine.execute(business.customer, 'basket-1')).toEqual({ ok: true, value: { gateway: 'digital-river', showTaxExemption: true } });
    const person = await setUp({ country: 'US' });
    expect(await person.determine.execute(person.customer, 'basket-1')).toEqual({ ok: true, value: { gateway: 'digital-river', showTaxExemption: false } });
  });

  it('answers no gateway where payment is switched off, recording none', async () => {
    const { determine, customer, paymentStates } = await setUp({ country: 'CA' });
    expect(await determine.execute(customer, 'basket-1')).toEqual({ ok: true, value: { gateway: null, showTaxExemption: false } });
    expect(paymentStates.states.size).toBe(0);
  });

  it('takes the complimentary way when nothing is to be paid', async () => {
    const { determine, customer, baskets, discounts } = await setUp();
    discounts.codes.push({ code: 'FREE', percentOff: 100, maxUses: null, uses: 0, maxUsesPerCustomer: null, email: null, expiresAt: null, countryAccounts: null });
    const basket = await baskets.find('basket-1');
    await baskets.save({ ...(basket as NonNullable<typeof basket>), discountCode: 'FREE', version: 2 });
    expect(await determine.execute(customer, 'basket-1')).toEqual({ ok: true, value: { gateway: 'complimentary', showTaxExemption: false } });
  });

  it('asks for the billing address first, and refuses a basket that does not exist', async () => {
    const { determine, customer, billing } = await setUp();
    expect(await determine.execute(customer, 'gone')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.BASKET_NOT_FOUND.code } });
    billing.addresses.clear();
    expect(await determine.execute(customer, 'basket-1')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.BILLING_ADDRESS_REQUIRED.code } });
  });

  it('refuses as stale when the basket moved on while the gateway was being decided', async () => {
    const { determine, customer, baskets, paymentStates } = await setUp();
    const find = baskets.find.bind(baskets);
    // The shopper's other tab edits the basket between its read and the decision being kept.
    baskets.find = async (reference) => {
      const read = await find(reference);
      if (read) await baskets.save({ ...read, version: read.version + 1 });
      return read;
    };
    expect(await determine.execute(customer, 'basket-1')).toMatchObject({ ok: false, error: { code: ErrorCatalogue.BASKET_STALE.code } });
    expect(await paymentStates.gatewayOf('basket-1')).toBeNull();
  });
});
