import type braintree from 'braintree';
import { errorCodes, futureExpiry, uniqueId } from './target';
import { useContractTarget } from './suite';
import { codeOn, creditCardFromNonce, graphQLIdOf, request, verificationOf } from './vault-helpers';

/**
 * Cards in the vault from the server SDK: a raw number (allowed server-side in the provider's
 * sandbox) or a documented fake nonce; update, `makeDefault`, the duplicate checks, delete, find,
 * and `verifyCard` with its amount and merchant account.
 */

const { target, gateway } = useContractTarget();

const expiry = futureExpiry();

async function newCustomer(): Promise<string> {
  const result = await gateway.customer.create({ id: uniqueId('cards') });
  return result.customer.id;
}

const createCard = (fields: Record<string, unknown>) => gateway.creditCard.create(request<braintree.CreditCardCreateRequest>(fields));

it('saves a card from a raw number under the token asked for', async () => {
  const customerId = await newCustomer();
  const token = uniqueId('card');
  const result = await createCard({ customerId, token, number: '4111111111111111', expirationDate: expiry.date, cvv: '123', cardholderName: 'Ada Lovelace' });
  expect(errorCodes(result)).toEqual([]);
  expect(result.creditCard).toMatchObject({ token, customerId, bin: '411111', last4: '1111', maskedNumber: '411111******1111', cardType: 'Visa', expirationDate: expiry.date, cardholderName: 'Ada Lovelace', default: true });
  expect(result.creditCard.uniqueNumberIdentifier).toHaveLength(32);
  expect(graphQLIdOf(result.creditCard)).toEqual(expect.stringMatching(/.+/));
  const found = await gateway.creditCard.find(token);
  expect(found.maskedNumber).toBe('411111******1111');
  expect((await gateway.paymentMethod.find(token)).token).toBe(token);
});

it('saves a card from a documented fake nonce', async () => {
  const customerId = await newCustomer();
  const result = await createCard({ customerId, paymentMethodNonce: 'fake-valid-mastercard-nonce' });
  expect(errorCodes(result)).toEqual([]);
  expect(result.creditCard.cardType).toBe('MasterCard');
  const viaPaymentMethod = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: 'fake-valid-visa-nonce' });
  expect(errorCodes(viaPaymentMethod)).toEqual([]);
  expect((viaPaymentMethod.paymentMethod as braintree.CreditCard).cardType).toBe('Visa');
});

it('saves an expired card (the vault keeps it; it shows as expired)', async () => {
  const customerId = await newCustomer();
  const result = await createCard({ customerId, number: '4111111111111111', expirationDate: '05/2012', options: { verifyCard: true } });
  expect(errorCodes(result)).toEqual([]);
  expect(result.creditCard.expired).toBe(true);
  expect(result.creditCard.verification).toMatchObject({ status: 'verified' });
});

it('makes a new card the default with makeDefault, on create and on update', async () => {
  const customerId = await newCustomer();
  const first = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date });
  expect(first.creditCard.default).toBe(true);
  const second = await createCard({ customerId, number: '5555555555554444', expirationDate: expiry.date, options: { makeDefault: true } });
  expect(second.creditCard.default).toBe(true);
  expect((await gateway.creditCard.find(first.creditCard.token)).default).toBe(false);
  const back = await gateway.paymentMethod.update(first.creditCard.token, request<braintree.PaymentMethodUpdateRequest>({ options: { makeDefault: true } }));
  expect(errorCodes(back)).toEqual([]);
  expect((await gateway.creditCard.find(first.creditCard.token)).default).toBe(true);
  expect((await gateway.creditCard.find(second.creditCard.token)).default).toBe(false);
});

it('refuses a card already in the vault with failOnDuplicatePaymentMethod (81724)', async () => {
  const customerId = await newCustomer();
  await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date });
  const again = await createCard({ customerId: await newCustomer(), number: '4111111111111111', expirationDate: expiry.date, options: { failOnDuplicatePaymentMethod: true } });
  expect(again.success).toBe(false);
  expect(codeOn(again, ['creditCard'], 'number')).toBe('81724');
});

it('refuses a card the customer already has with failOnDuplicatePaymentMethodForCustomer (81763), and only for that customer', async () => {
  const customerId = await newCustomer();
  await createCard({ customerId, number: '5555555555554444', expirationDate: expiry.date });
  const again = await createCard({ customerId, number: '5555555555554444', expirationDate: expiry.date, options: { failOnDuplicatePaymentMethodForCustomer: true } });
  expect(again.success).toBe(false);
  expect(codeOn(again, ['creditCard'], 'number')).toBe('81763');
  const other = await createCard({ customerId: await newCustomer(), number: '5555555555554444', expirationDate: expiry.date, options: { failOnDuplicatePaymentMethodForCustomer: true } });
  expect(errorCodes(other)).toEqual([]);
});

it('updates a card\'s number, expiry and name; a billing address is new unless updateExisting', async () => {
  const customerId = await newCustomer();
  const created = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date, billingAddress: { streetAddress: '1 Old St' } });
  const token = created.creditCard.token;
  const firstAddress = created.creditCard.billingAddress?.id;

  const replaced = await gateway.creditCard.update(token, request<braintree.CreditCardUpdateRequest>({ cardholderName: 'New Holder', number: '5555555555554444', expirationDate: `06/${expiry.year}`, billingAddress: { region: 'IL' } }));
  expect(errorCodes(replaced)).toEqual([]);
  expect(replaced.creditCard).toMatchObject({ token, cardholderName: 'New Holder', maskedNumber: '555555******4444', expirationDate: `06/${expiry.year}` });
  expect(replaced.creditCard.billingAddress).toMatchObject({ region: 'IL', streetAddress: null });
  expect(replaced.creditCard.billingAddress?.id).not.toBe(firstAddress);

  const merged = await gateway.creditCard.update(token, request<braintree.CreditCardUpdateRequest>({ billingAddress: { streetAddress: '2 New St', options: { updateExisting: true } } }));
  expect(errorCodes(merged)).toEqual([]);
  expect(merged.creditCard.billingAddress).toMatchObject({ id: replaced.creditCard.billingAddress?.id, region: 'IL', streetAddress: '2 New St' });
});

it('finds the saved card behind a nonce made for it, once (creditCard.fromNonce)', async () => {
  const customerId = await newCustomer();
  const created = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date });
  const nonce = (await gateway.paymentMethodNonce.create(created.creditCard.token)).paymentMethodNonce.nonce;
  const found = await creditCardFromNonce(gateway, nonce);
  expect(found).toMatchObject({ token: created.creditCard.token, maskedNumber: '411111******1111' });
  await expect(creditCardFromNonce(gateway, nonce)).rejects.toMatchObject({ type: 'notFoundError' });
  await expect(creditCardFromNonce(gateway, 'fake-valid-nonce')).rejects.toMatchObject({ type: 'notFoundError' });
});

it('deletes a card: neither find knows it afterwards', async () => {
  const customerId = await newCustomer();
  const created = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date });
  await gateway.creditCard.delete(created.creditCard.token);
  await expect(gateway.creditCard.find(created.creditCard.token)).rejects.toMatchObject({ type: 'notFoundError' });
  await expect(gateway.paymentMethod.find(created.creditCard.token)).rejects.toMatchObject({ type: 'notFoundError' });
  await expect(gateway.creditCard.find(uniqueId('none'))).rejects.toMatchObject({ type: 'notFoundError' });
});

it('verifies a card on save (verifyCard) with the amount and merchant account asked for', async () => {
  const customerId = await newCustomer();
  const result = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date, options: { verifyCard: true, verificationAmount: '1.03' } });
  expect(errorCodes(result)).toEqual([]);
  expect(result.creditCard.verification).toMatchObject({ status: 'verified', processorResponseCode: '1000', processorResponseText: 'Approved', amount: '1.03' });
  const eur = target.merchantAccountFor('EUR');
  if (eur === null) return;
  const inEuros = await createCard({ customerId, number: '5555555555554444', expirationDate: expiry.date, options: { verifyCard: true, verificationMerchantAccountId: eur } });
  expect(inEuros.creditCard.verification).toMatchObject({ merchantAccountId: eur, currencyIsoCode: 'EUR' });
});

it('saves nothing when the verification fails, and answers it', async () => {
  const customerId = await newCustomer();
  const token = uniqueId('card');
  const result = await createCard({ customerId, token, number: '4000111111111115', expirationDate: expiry.date, options: { verifyCard: true } });
  expect(result.success).toBe(false);
  expect(verificationOf(result)).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor', cvvResponseCode: 'I', avsPostalCodeResponseCode: 'I', avsStreetAddressResponseCode: 'I' });
  await expect(gateway.creditCard.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
  const unverified = await createCard({ customerId, number: '4000111111111115', expirationDate: expiry.date, options: { verifyCard: false } });
  expect(errorCodes(unverified)).toEqual([]);
});

it('refuses a verification merchant account the merchant does not have (91728)', async () => {
  const customerId = await newCustomer();
  const result = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date, options: { verifyCard: true, verificationMerchantAccountId: uniqueId('nope') } });
  expect(result.success).toBe(false);
  expect(codeOn(result, ['creditCard', 'options'], 'verificationMerchantAccountId')).toBe('91728');
});

it('verifies in the presentment currency asked for (verificationCurrencyIsoCode), and refuses one the account does not present (91760)', async () => {
  const customerId = await newCustomer();
  const account = target.defaultMerchantAccountId;
  const presented = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date, options: { verifyCard: true, verificationMerchantAccountId: account } });
  const currency = String(presented.creditCard.verification?.currencyIsoCode);
  const same = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date, options: { verifyCard: true, verificationMerchantAccountId: account, verificationCurrencyIsoCode: currency } });
  expect(errorCodes(same)).toEqual([]);
  expect(same.creditCard.verification).toMatchObject({ currencyIsoCode: currency });
  const invalid = await createCard({ customerId, number: '4111111111111111', expirationDate: expiry.date, options: { verifyCard: true, verificationCurrencyIsoCode: 'JP' } });
  expect(invalid.success).toBe(false);
  expect(errorCodes(invalid)).toEqual(['91760']);
});

it('carries a 3-D Secure nonce\'s authentication onto the verification', async () => {
  const customerId = await newCustomer();
  const result = await createCard({ customerId, paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce', options: { verifyCard: true } });
  expect(errorCodes(result)).toEqual([]);
  const info = (result.creditCard.verification as unknown as { threeDSecureInfo?: { status?: string; liabilityShifted?: unknown; enrolled?: unknown } } | undefined)?.threeDSecureInfo;
  expect(info?.status).toBe('authenticate_successful');
  expect(typeof info?.liabilityShifted).toBe('boolean');
  expect(typeof info?.enrolled).toBe('string');
});
