import type braintree from 'braintree';
import { globalId } from '../gateway/global-ids';
import { errorCodes, futureExpiry, sandboxOnly, uniqueId } from './target';
import { useContractTarget } from './suite';
import { codeOn, graphQLIdOf, request, verificationOf } from './vault-helpers';

/**
 * Customers in the vault: their fields, the card and billing address a create saves, and an
 * update's `defaultPaymentMethodToken`, `options.updateExistingToken` (the card changed in place)
 * and billing address `options.updateExisting`.
 */

const { gateway } = useContractTarget();

const expiry = futureExpiry();

async function customerWithCard(card: Record<string, unknown> = {}): Promise<braintree.Customer> {
  const result = await gateway.customer.create(request<braintree.CustomerCreateRequest>({
    id: uniqueId('cust'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    creditCard: { number: '4111111111111111', expirationDate: expiry.date, cardholderName: 'Ada Lovelace', ...card },
  }));
  expect(errorCodes(result)).toEqual([]);
  return result.customer;
}

it('keeps every field a create gives, and names the customer by a global id', async () => {
  const id = uniqueId('cust');
  const result = await gateway.customer.create({
    id,
    firstName: 'Grace',
    lastName: 'Hopper',
    company: 'Navy',
    email: 'grace@example.com',
    phone: '312.555.1234',
    fax: '614.555.5678',
    website: 'www.example.com',
  });
  expect(result.success).toBe(true);
  const found = await gateway.customer.find(id);
  expect(found).toMatchObject({ id, firstName: 'Grace', lastName: 'Hopper', company: 'Navy', email: 'grace@example.com', phone: '312.555.1234', fax: '614.555.5678', website: 'www.example.com' });
  expect(graphQLIdOf(found)).toEqual(expect.stringMatching(/.+/));
});

sandboxOnly('global ids are the provider kind and legacy id in base64', async () => {
  const id = uniqueId('cust');
  await gateway.customer.create({ id });
  expect(graphQLIdOf(await gateway.customer.find(id))).toBe(globalId('customer', id));
});

it('saves a card with its whole billing address as one of the customer\'s addresses', async () => {
  const customer = await customerWithCard({
    billingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      streetAddress: '1 Main St',
      extendedAddress: 'Suite 2',
      locality: 'Chicago',
      region: 'IL',
      postalCode: '60622',
      countryName: 'United States of America',
    },
  });
  const found = await gateway.customer.find(customer.id);
  expect(found.addresses).toHaveLength(1);
  const [address] = found.addresses ?? [];
  expect(address).toMatchObject({ customerId: customer.id, streetAddress: '1 Main St', extendedAddress: 'Suite 2', locality: 'Chicago', region: 'IL', postalCode: '60622', company: 'Analytical Engines' });
  const card = found.creditCards?.[0];
  expect(card?.cardholderName).toBe('Ada Lovelace');
  expect(card?.billingAddress).toMatchObject({ id: address.id, firstName: 'Ada', lastName: 'Lovelace', countryName: 'United States of America', countryCodeAlpha2: 'US' });
});

it('makes another saved payment method the default (defaultPaymentMethodToken)', async () => {
  const customer = await customerWithCard();
  const second = await gateway.creditCard.create({ customerId: customer.id, number: '5555555555554444', expirationDate: expiry.date });
  expect(second.creditCard.default).toBe(false);
  const updated = await gateway.customer.update(customer.id, request<braintree.CustomerUpdateRequest>({ defaultPaymentMethodToken: second.creditCard.token }));
  expect(errorCodes(updated)).toEqual([]);
  expect((await gateway.creditCard.find(second.creditCard.token)).default).toBe(true);
  expect((await gateway.creditCard.find(customer.creditCards?.[0]?.token ?? '')).default).toBe(false);
});

it('makes a saved card the default through updateExistingToken and makeDefault alone', async () => {
  const customer = await customerWithCard();
  const token = uniqueId('second');
  const second = await gateway.paymentMethod.create(request<braintree.PaymentMethodCreateRequest>({ customerId: customer.id, paymentMethodNonce: 'fake-valid-mastercard-nonce', token }));
  expect(errorCodes(second)).toEqual([]);
  expect((await gateway.creditCard.find(token)).default).toBe(false);
  const result = await gateway.customer.update(customer.id, request<braintree.CustomerUpdateRequest>({ creditCard: { options: { updateExistingToken: token, makeDefault: true } } }));
  expect(errorCodes(result)).toEqual([]);
  expect((await gateway.creditCard.find(token)).default).toBe(true);
});

it('changes a saved card in place with updateExistingToken, and its billing address with updateExisting', async () => {
  const customer = await customerWithCard({ billingAddress: { streetAddress: '1 Old St', locality: 'Old Town' } });
  const [card] = customer.creditCards ?? [];
  const addressId = card.billingAddress?.id;
  const result = await gateway.customer.update(customer.id, request<braintree.CustomerUpdateRequest>({
    firstName: 'Augusta',
    creditCard: {
      number: '5555555555554444',
      expirationDate: `06/${expiry.year}`,
      billingAddress: { region: 'IL', options: { updateExisting: true } },
      options: { updateExistingToken: card.token },
    },
  }));
  expect(errorCodes(result)).toEqual([]);
  expect(result.customer.firstName).toBe('Augusta');
  expect(result.customer.creditCards).toHaveLength(1);
  const updated = result.customer.creditCards?.[0];
  expect(updated?.token).toBe(card.token);
  expect(updated?.maskedNumber).toBe('555555******4444');
  expect(updated?.expirationDate).toBe(`06/${expiry.year}`);
  expect(updated?.billingAddress).toMatchObject({ id: addressId, streetAddress: '1 Old St', locality: 'Old Town', region: 'IL' });
});

// The SDK refuses updateExistingToken on a create itself (invalidKeysError), so the gateway's 91729 is not reachable here.
it('refuses an updateExistingToken naming no card of the customer (91723)', async () => {
  const customer = await customerWithCard();
  const update = await gateway.customer.update(customer.id, request<braintree.CustomerUpdateRequest>({
    creditCard: { number: '4111111111111111', expirationDate: expiry.date, options: { updateExistingToken: uniqueId('none') } },
  }));
  expect(update.success).toBe(false);
  expect(codeOn(update, ['customer', 'creditCard', 'options'], 'updateExistingToken')).toBe('91723');
});

it('saves nothing when the card fails verification, and answers the verification', async () => {
  const id = uniqueId('cust');
  const result = await gateway.customer.create(request<braintree.CustomerCreateRequest>({ id, creditCard: { number: '4000111111111115', expirationDate: expiry.date, options: { verifyCard: true } } }));
  expect(result.success).toBe(false);
  expect(verificationOf(result)).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor' });
  expect(result.message).toBe('Do Not Honor');
  await expect(gateway.customer.find(id)).rejects.toMatchObject({ type: 'notFoundError' });
});

it('deletes a customer with their cards and addresses', async () => {
  const customer = await customerWithCard({ billingAddress: { postalCode: '60622' } });
  const [card] = customer.creditCards ?? [];
  await gateway.customer.delete(customer.id);
  await expect(gateway.customer.find(customer.id)).rejects.toMatchObject({ type: 'notFoundError' });
  await expect(gateway.creditCard.find(card.token)).rejects.toMatchObject({ type: 'notFoundError' });
  await expect(gateway.address.find(customer.id, card.billingAddress?.id ?? 'none')).rejects.toMatchObject({ type: 'notFoundError' });
});
