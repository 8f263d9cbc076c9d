import { ErrorCatalogue } from '@store/domain';
import { aBasketOf, aBillingAddress, aShopper, FixedClock, InMemoryBasketRepository, InMemoryBilling, InMemoryPaymentStates, SequentialIds, TableTaxIdChecker } from '../testing';
import { CheckTaxId } from './check-tax-id.use-case';
import { SaveBillingAddress, TAX_ID_NOT_ACCEPTED, type BillingAddressInput } from './save-billing-address.use-case';

async function setUp(verdicts: ConstructorParameters<typeof TableTaxIdChecker>[0] = {}) {
  const baskets = new InMemoryBasketRepository();
  const paymentStates = new InMemoryPaymentStates(baskets);
  const billing = new InMemoryBilling(baskets, paymentStates);
  const checker = new TableTaxIdChecker(verdicts);
  const save = new SaveBillingAddress(billing, new CheckTaxId(checker, billing, new FixedClock(new Date('2026-11-22T12:00:00Z')), new SequentialIds()));
  return { baskets, paymentStates, billing, checker, save };
}

const london: BillingAddressInput = { line_1: ' 1 High Street ', city: 'London', postal_code: 'SW1A 1AA', country: 'gb' };
const berlin: BillingAddressInput = { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE', vat_id: 'de 123 456 789' };

describe('SaveBillingAddress', () => {
  it('saves a trimmed address in upper-case country, empty optional fields as null', async () => {
    const { save, billing } = await setUp();
    const customer = aShopper();
    const saved = await save.execute(customer, london);
    // The mother's address is that one exactly.
    expect(saved.ok && saved.value).toEqual(aBillingAddress());
    expect(await billing.find(customer.id)).toEqual(saved.ok && saved.value);
  });

  it('refuses missing fields with a message for each, saving nothing', async () => {
    const { save, billing } = await setUp();
    const customer = aShopper();
    const refused = await save.execute(customer, { country: 'GB' });
    expect(!refused.ok && refused.error.code).toBe(ErrorCatalogue.VALIDATION_FAILED.code);
    expect(!refused.ok && Object.keys(refused.error.fields ?? {}).sort()).toEqual(['city', 'line_1', 'postal_code']);
    expect(await billing.find(customer.id)).toBeNull();
  });

  it('refuses a country that is not one, and one the store does not sell to', async () => {
    const { save } = await setUp();
    const notACountry = await save.execute(aShopper(), { ...london, country: 'XX' });
    expect(!notACountry.ok && notACountry.error.fields).toEqual({ country: ['Country is not a country'] });
    const sanctioned = await save.execute(aShopper(), { ...london, country: 'CU' });
    expect(!sanctioned.ok && sanctioned.error.code).toBe(ErrorCatalogue.BILLING_COUNTRY_UNSUPPORTED.code);
  });

  it("checks a business's tax ID and keeps the verdict with the address", async () => {
    const { save, checker } = await setUp();
    const saved = await save.execute(aShopper({ accountType: 'business', customerCategory: 'business.design-agency', accountName: 'Acme' }), berlin);
    expect(saved.ok && [saved.value.vatId, saved.value.vatIdStatus]).toEqual(['DE123456789', 'valid']);
    expect(checker.asked).toHaveLength(1);
  });

  it('refuses a tax ID the register calls invalid, saving nothing', async () => {
    const { save, billing } = await setUp({ DE123456789: 'invalid' });
    const customer = aShopper({ accountType: 'business', customerCategory: 'business.design-agency', accountName: 'Acme' });
    const refused = await save.execute(customer, berlin);
    expect(!refused.ok && refused.error).toMatchObject({ code: ErrorCatalogue.TAX_ID_INVALID.code, fields: { vat_id: ['The Tax ID you have entered is not valid'] } });
    expect(await billing.find(customer.id)).toBeNull();
  });

  it('accepts an unverified tax ID for now, and a Japanese one without checking it', async () => {
    const { save, checker } = await setUp({ DE123456789: 'unverified' });
    const business = { accountType: 'business', customerCategory: 'business.design-agency', accountName: 'Acme' } as const;
    const unverified = await save.execute(aShopper(business), berlin);
    expect(unverified.ok && unverified.value.vatIdStatus).toBe('unverified');
    const tokyo = await save.execute(aShopper(business), { line_1: '1 Chome', city: 'Tokyo', postal_code: '100-0001', country: 'JP', state: '13', vat_id: 'T1234567890123' });
    expect(tokyo.ok && tokyo.value.vatIdStatus).toBe('not-checked');
    expect(checker.asked).toHaveLength(1);
  });

  it('refuses a tax ID from a personal account', async () => {
    const { save, checker } = await setUp();
    const refused = await save.execute(aShopper(), berlin);
    expect(!refused.ok && refused.error.fields).toEqual({ vat_id: [TAX_ID_NOT_ACCEPTED] });
    expect(checker.asked).toHaveLength(0);
  });

  it("voids the payment state of the customer's baskets, and only theirs", async () => {
    const { save, baskets, paymentStates } = await setUp();
    const customer = aShopper();
    const other = aShopper();
    await baskets.save(aBasketOf(customer, { reference: 'mine' }));
    await baskets.save(aBasketOf(other, { reference: 'theirs' }));
    await paymentStates.chooseGateway('mine', 1, 'braintree');
    await paymentStates.chooseGateway('theirs', 1, 'braintree');
    expect((await save.execute(customer, london)).ok).toBe(true);
    expect(await paymentStates.gatewayOf('mine')).toBeNull();
    expect(await paymentStates.gatewayOf('theirs')).toBe('braintree');
  });
});
