import type braintree from 'braintree';
import { VERIFICATION_OUTCOMES } from '../gateway/verifications';
import { futureExpiry, sandboxOnly, uniqueId } from './target';
import { useContractTarget } from './suite';
import { codeOn, graphQLIdOf, request, searchVerificationIds, verificationGateway, verificationOf } from './vault-helpers';

/**
 * Card verifications (`gateway.creditCardVerification.create/find/search`): decided by the card
 * number (the provider's documented numbers for unsuccessful verification), the CVV and AVS
 * response codes of the documented test values, the amount and merchant account.
 */

const { target, gateway } = useContractTarget();

const expiry = futureExpiry();

async function verify(card: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const result = await verificationGateway(gateway).create({ creditCard: { expirationDate: expiry.date, ...card }, ...extra });
  return { result, verification: verificationOf(result) };
}

it('verifies a valid card: approved 1000, with a network transaction id and a global id', async () => {
  const { result, verification } = await verify({ number: '4111111111111111', cardholderName: 'John Smith' });
  expect(result.success).toBe(true);
  expect(verification).toMatchObject({ status: 'verified', processorResponseCode: '1000', processorResponseText: 'Approved', processorResponseType: 'approved' });
  expect(verification?.id).toEqual(expect.stringMatching(/^\w{6,}$/));
  expect(verification?.networkTransactionId).toEqual(expect.any(String));
  expect(graphQLIdOf(verification)).toEqual(expect.stringMatching(/.+/));
  expect(verification?.creditCard).toMatchObject({ bin: '411111', last4: '1111', cardholderName: 'John Smith' });
});

it('verifies an expired card (the expiry does not decide a verification)', async () => {
  const { result } = await verify({ number: '4111111111111111', expirationDate: '05/2012' });
  expect(result.success).toBe(true);
});

describe('the documented card numbers for unsuccessful verification', () => {
  it.each([
    ['4000111111111115', 'Visa'],
    ['5105105105105100', 'MasterCard'],
    ['378734493671000', 'American Express'],
    ['6011000990139424', 'Discover'],
    ['3566002020360505', 'JCB'],
  ])('%s (%s) is processor declined 2000 Do Not Honor', async (number, cardType) => {
    const { result, verification } = await verify({ number });
    expect(result.success).toBe(false);
    expect(verification).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor', processorResponseType: 'soft_declined' });
    expect(verification?.creditCard).toMatchObject({ cardType });
  });

  it('4000111111111511 is gateway rejected for fraud', async () => {
    const { result, verification } = await verify({ number: '4000111111111511' });
    expect(result.success).toBe(false);
    expect(verification).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'fraud' });
  });

  sandboxOnly('the sandbox\'s table holds exactly these numbers', () => {
    expect(Object.keys(VERIFICATION_OUTCOMES).sort()).toEqual(['3566002020360505', '378734493671000', '4000111111111115', '4000111111111511', '5105105105105100', '6011000990139424']);
  });
});

it('answers the documented CVV and postal code test values in the response codes', async () => {
  const cases = [
    [{ cvv: '200' }, { cvvResponseCode: 'N' }],
    [{ cvv: '201' }, { cvvResponseCode: 'U' }],
    [{ cvv: '301' }, { cvvResponseCode: 'S' }],
    [{ cvv: '123' }, { cvvResponseCode: 'M' }],
    [{ billingAddress: { postalCode: '20000' } }, { avsPostalCodeResponseCode: 'N' }],
    [{ billingAddress: { postalCode: '20001' } }, { avsPostalCodeResponseCode: 'U' }],
    [{ billingAddress: { postalCode: '20002' } }, { avsPostalCodeResponseCode: 'S' }],
    [{ billingAddress: { postalCode: '60622' } }, { avsPostalCodeResponseCode: 'M' }],
    [{}, { cvvResponseCode: 'I', avsPostalCodeResponseCode: 'I', avsStreetAddressResponseCode: 'I' }],
  ] as const;
  for (const [card, codes] of cases) {
    const { verification } = await verify({ number: '4111111111111111', ...card });
    expect(verification).toMatchObject(codes);
  }
});

sandboxOnly('rejects at the gateway a CVV or postal code that does not match (the sandbox account\'s AVS/CVV rules)', async () => {
  const cvv = await verify({ number: '4111111111111111', cvv: '200' });
  expect(cvv.result.success).toBe(false);
  expect(cvv.verification).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'cvv' });
  const avs = await verify({ number: '4111111111111111', billingAddress: { postalCode: '20000' } });
  expect(avs.verification).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'avs' });
  const street = await verify({ number: '4111111111111111', billingAddress: { streetAddress: '200 Main St' } });
  expect(street.verification).toMatchObject({ status: 'gateway_rejected', avsStreetAddressResponseCode: 'N' });
});

it('verifies the amount asked for, in the currency of the merchant account asked for', async () => {
  const { verification } = await verify({ number: '4111111111111111' }, { options: { amount: '10.00' } });
  expect(verification).toMatchObject({ status: 'verified', amount: '10.00', merchantAccountId: target.defaultMerchantAccountId });
  const eur = target.merchantAccountFor('EUR');
  if (eur === null) return;
  const inEuros = await verify({ number: '4111111111111111' }, { options: { merchantAccountId: eur } });
  expect(inEuros.verification).toMatchObject({ merchantAccountId: eur, currencyIsoCode: 'EUR' });
});

it('refuses a negative amount (94201) and an unknown merchant account (94204) under verification → options', async () => {
  const negative = await verify({ number: '4111111111111111' }, { options: { amount: '-10.00' } });
  expect(negative.result.success).toBe(false);
  expect(codeOn(negative.result, ['verification', 'options'], 'amount')).toBe('94201');
  const account = await verify({ number: '4111111111111111' }, { options: { merchantAccountId: uniqueId('nope') } });
  expect(codeOn(account.result, ['verification', 'options'], 'merchantAccountId')).toBe('94204');
});

it('finds a verification by id, a failed one from verifyCard included', async () => {
  const result = await gateway.customer.create(request<braintree.CustomerCreateRequest>({ creditCard: { cardholderName: 'John Smith', number: '4000111111111115', expirationDate: expiry.date, options: { verifyCard: true } } }));
  const failed = verificationOf(result);
  expect(failed?.status).toBe('processor_declined');
  const found = await verificationGateway(gateway).find(String(failed?.id));
  expect(found).toMatchObject({ id: failed?.id, status: 'processor_declined' });
  expect(found.creditCard).toMatchObject({ cardholderName: 'John Smith' });
  expect(graphQLIdOf(found)).toEqual(expect.stringMatching(/.+/));
  await expect(verificationGateway(gateway).find('nonexistent_verification')).rejects.toMatchObject({ type: 'notFoundError' });
});

it('searches verifications by cardholder name and by the customer and token of the saved card', async () => {
  const cardholderName = uniqueId('Holder');
  const customer = (await gateway.customer.create({ id: uniqueId('search'), email: 'search@example.com' })).customer;
  const saved = await gateway.creditCard.create(request<braintree.CreditCardCreateRequest>({ customerId: customer.id, cardholderName, number: '4111111111111111', expirationDate: expiry.date, options: { verifyCard: true } }));
  const verificationId = saved.creditCard.verification?.id;
  expect(verificationId).toEqual(expect.any(String));
  const byName = await searchVerificationIds(gateway, (search) => search.creditCardCardholderName().is(cardholderName));
  expect(byName).toEqual([verificationId]);
  const byOwner = await searchVerificationIds(gateway, (search) => {
    search.customerId().is(customer.id);
    search.paymentMethodToken().is(saved.creditCard.token);
  });
  expect(byOwner).toEqual([verificationId]);
});
