import type braintree from 'braintree';
import { MAX_ADDRESSES_PER_CUSTOMER } from '../gateway/addresses';
import { errorCodes, futureExpiry, sandboxOnly, uniqueId } from './target';
import { useContractTarget } from './suite';
import { codeOn, errorsOn, request } from './vault-helpers';

/**
 * Addresses: records of their own under a customer (`gateway.address.create/find/update/delete`),
 * listed on the customer, and a saved card's billing address by id (`billingAddressId`).
 */

const { gateway } = useContractTarget();

async function newCustomer(): Promise<string> {
  return (await gateway.customer.create({ id: uniqueId('addr') })).customer.id;
}

const createAddress = (fields: Record<string, unknown>) => gateway.address.create(request<braintree.AddressCreateRequest>(fields));

it('creates an address with every field, finds it, and lists it on the customer', async () => {
  const customerId = await newCustomer();
  const fields = {
    customerId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    company: 'Analytical Engines',
    streetAddress: '123 Fake St',
    extendedAddress: 'Suite 403',
    locality: 'Chicago',
    region: 'IL',
    postalCode: '60607',
    countryName: 'United States of America',
  };
  const result = await createAddress(fields);
  expect(errorCodes(result)).toEqual([]);
  // Every field kept as given, and the country's three codes found from its name.
  const expected = { ...fields, countryCodeAlpha2: 'US', countryCodeAlpha3: 'USA', countryCodeNumeric: '840' };
  expect(result.address).toMatchObject(expected);
  expect(result.address.id).toEqual(expect.stringMatching(/^\w+$/));
  expect(await gateway.address.find(customerId, result.address.id)).toMatchObject(expected);
  const customer = await gateway.customer.find(customerId);
  expect(customer.addresses?.map((address) => address.id)).toEqual([result.address.id]);
});

it('takes a country by any of its codes', async () => {
  const customerId = await newCustomer();
  const byAlpha3 = await createAddress({ customerId, countryCodeAlpha3: 'GBR' });
  expect(byAlpha3.address).toMatchObject({ countryName: 'United Kingdom', countryCodeAlpha2: 'GB', countryCodeNumeric: '826' });
  const byAll = await createAddress({ customerId, countryName: 'France', countryCodeAlpha2: 'FR', countryCodeAlpha3: 'FRA', countryCodeNumeric: '250' });
  expect(errorCodes(byAll)).toEqual([]);
});

it('updates the fields given and keeps the others', async () => {
  const customerId = await newCustomer();
  const created = await createAddress({ customerId, streetAddress: '1 Old Street', locality: 'Old City', postalCode: '60607', countryName: 'France' });
  const updated = await gateway.address.update(customerId, created.address.id, request<braintree.AddressUpdateRequest>({ streetAddress: '1 New Street', countryName: 'United States of America' }));
  expect(errorCodes(updated)).toEqual([]);
  expect(updated.address).toMatchObject({ id: created.address.id, streetAddress: '1 New Street', locality: 'Old City', postalCode: '60607', countryCodeAlpha2: 'US' });
});

it('deletes an address; finding it again, or one of a customer that does not exist, is NotFound', async () => {
  const customerId = await newCustomer();
  const created = await createAddress({ customerId, postalCode: '60607' });
  await gateway.address.delete(customerId, created.address.id);
  await expect(gateway.address.find(customerId, created.address.id)).rejects.toMatchObject({ type: 'notFoundError' });
  await expect(gateway.address.find(uniqueId('nobody'), 'id')).rejects.toMatchObject({ type: 'notFoundError' });
});

it('refuses a country it does not accept (91803), with the provider\'s message', async () => {
  const result = await createAddress({ customerId: await newCustomer(), countryName: 'invalid country' });
  expect(result.success).toBe(false);
  expect(result.message).toBe('Country name is not an accepted country.');
  expect(errorsOn(result, ['address'], 'countryName')[0]).toMatchObject({ code: '91803', attribute: 'country_name' });
  expect(errorCodes(result)).toEqual(['91803']);
});

it('refuses country fields naming different countries (91815) and an address with no field (81801)', async () => {
  const customerId = await newCustomer();
  const inconsistent = await createAddress({ customerId, countryName: 'United States of America', countryCodeAlpha2: 'GB' });
  expect(codeOn(inconsistent, ['address'], 'base')).toBe('91815');
  const empty = await createAddress({ customerId });
  expect(codeOn(empty, ['address'], 'base')).toBe('81801');
  const badCode = await createAddress({ customerId, countryCodeAlpha2: 'ZZ' });
  expect(codeOn(badCode, ['address'], 'countryCodeAlpha2')).toBe('91814');
});

it('bills a card to one of the customer\'s addresses by id, and to no other (91702, 91701)', async () => {
  const customerId = await newCustomer();
  const address = await createAddress({ customerId, streetAddress: '1 Billing Way', postalCode: '60622' });
  const expiry = futureExpiry();
  const card = await gateway.creditCard.create(request<braintree.CreditCardCreateRequest>({ customerId, number: '4111111111111111', expirationDate: expiry.date, billingAddressId: address.address.id }));
  expect(errorCodes(card)).toEqual([]);
  expect(card.creditCard.billingAddress).toMatchObject({ id: address.address.id, streetAddress: '1 Billing Way' });

  const unknown = await gateway.creditCard.create(request<braintree.CreditCardCreateRequest>({ customerId, number: '4111111111111111', expirationDate: expiry.date, billingAddressId: 'zz9' }));
  expect(codeOn(unknown, ['creditCard'], 'billingAddressId')).toBe('91702');
  const both = await gateway.creditCard.create(request<braintree.CreditCardCreateRequest>({
    customerId,
    number: '4111111111111111',
    expirationDate: expiry.date,
    billingAddressId: address.address.id,
    billingAddress: { postalCode: '60622' },
  }));
  expect(codeOn(both, ['creditCard'], 'base')).toBe('91701');
});

sandboxOnly('keeps at most 50 addresses a customer (91818), a card\'s billing address included', async () => {
  const customerId = await newCustomer();
  for (let index = 0; index < MAX_ADDRESSES_PER_CUSTOMER; index++) expect(errorCodes(await createAddress({ customerId, postalCode: `${10000 + index}` }))).toEqual([]);
  const tooMany = await createAddress({ customerId, postalCode: '60622' });
  expect(codeOn(tooMany, ['address'], 'base')).toBe('91818');
  const card = await gateway.creditCard.create(request<braintree.CreditCardCreateRequest>({ customerId, number: '4111111111111111', expirationDate: futureExpiry().date, billingAddress: { postalCode: '60622' } }));
  expect(codeOn(card, ['creditCard', 'billingAddress'], 'base')).toBe('91818');
});

it('refuses a postal code over nine letters or digits (81809) and a too long field (81805)', async () => {
  const customerId = await newCustomer();
  expect(codeOn(await createAddress({ customerId, postalCode: '1234567890' }), ['address'], 'postalCode')).toBe('81809');
  expect(codeOn(await createAddress({ customerId, firstName: 'a'.repeat(256) }), ['address'], 'firstName')).toBe('81805');
});
