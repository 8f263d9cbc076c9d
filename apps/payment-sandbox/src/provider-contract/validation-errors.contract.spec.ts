import type braintree from 'braintree';
import { useContractTarget } from './suite';
import { errorCodes, futureExpiry, sandboxOnly, uniqueId } from './target';
import { errorsOn, request } from './vault-helpers';

/**
 * The vault's validation errors: each input answers the provider's documented code on the
 * attribute and under the resource it belongs to (customer → credit card → billing address), as
 * the SDK's ValidationErrorsCollection reads them (`.for('customer').for('creditCard').on('number')`).
 */

const { gateway } = useContractTarget();
let customerId: string;
let takenToken: string;

const expiry = futureExpiry();
const long = (length: number) => 'a'.repeat(length);

beforeAll(async () => {
  customerId = (await gateway.customer.create({ id: uniqueId('errors') })).customer.id;
  takenToken = uniqueId('taken');
  await gateway.creditCard.create(request<braintree.CreditCardCreateRequest>({ customerId, token: takenToken, number: '4111111111111111', expirationDate: expiry.date }));
});

const card = (fields: Record<string, unknown>) => ({ number: '4111111111111111', expirationDate: expiry.date, ...fields });

interface Case {
  readonly input: Record<string, unknown>;
  readonly path: readonly string[];
  readonly attribute: string;
  readonly code: string;
  /** Only where the provider's message is confirmed (its SDKs' integration specs). */
  readonly message?: string;
}

const CUSTOMER_CASES: Readonly<Record<string, Case>> = {
  'an email that is no address': { input: { email: 'not-an-email' }, path: ['customer'], attribute: 'email', code: '81604' },
  'an id with characters outside letters, digits, - and _': { input: { id: 'bad id!' }, path: ['customer'], attribute: 'id', code: '91610' },
  'an id longer than 36 characters': { input: { id: long(37) }, path: ['customer'], attribute: 'id', code: '91612' },
  'a first name longer than 255': { input: { firstName: long(256) }, path: ['customer'], attribute: 'firstName', code: '81608' },
  'a last name longer than 255': { input: { lastName: long(256) }, path: ['customer'], attribute: 'lastName', code: '81613' },
  'a company longer than 255': { input: { company: long(256) }, path: ['customer'], attribute: 'company', code: '81601' },
  'a card number failing its check digit': { input: { creditCard: card({ number: '4111111111111112' }) }, path: ['customer', 'creditCard'], attribute: 'number', code: '81715', message: 'Credit card number is invalid.' },
  'a card number of letters': { input: { creditCard: card({ number: 'invalid card number' }) }, path: ['customer', 'creditCard'], attribute: 'number', code: '81715', message: 'Credit card number is invalid.' },
  'a card number that is not 12-19 digits': { input: { creditCard: card({ number: 'invalid' }) }, path: ['customer', 'creditCard'], attribute: 'number', code: '81716', message: 'Credit card number must be 12-19 digits.' },
  'a card without an expiry': { input: { creditCard: { number: '4111111111111111' } }, path: ['customer', 'creditCard'], attribute: 'expirationDate', code: '81709' },
  'an expiry that is no date': { input: { creditCard: card({ expirationDate: 'invalid_date' }) }, path: ['customer', 'creditCard'], attribute: 'expirationDate', code: '81710', message: 'Expiration date is invalid.' },
  'an expiry month of 13': { input: { creditCard: { number: '4111111111111111', expirationMonth: '13', expirationYear: expiry.year } }, path: ['customer', 'creditCard'], attribute: 'expirationMonth', code: '81712' },
  'a CVV of two digits': { input: { creditCard: card({ cvv: '12' }) }, path: ['customer', 'creditCard'], attribute: 'cvv', code: '81707' },
  'an American Express CVV of three digits': { input: { creditCard: card({ number: '378282246310005', cvv: '123' }) }, path: ['customer', 'creditCard'], attribute: 'cvv', code: '81707' },
  'a cardholder name longer than 175': { input: { creditCard: card({ cardholderName: long(176) }) }, path: ['customer', 'creditCard'], attribute: 'cardholderName', code: '81723' },
  'card fields with neither a number nor a nonce': { input: { creditCard: { cardholderName: 'Ada Lovelace' } }, path: ['customer', 'creditCard'], attribute: 'base', code: '81725' },
  'a billing address country it does not accept': {
    input: { creditCard: card({ billingAddress: { countryName: 'Narnia' } }) },
    path: ['customer', 'creditCard', 'billingAddress'],
    attribute: 'countryName',
    code: '91803',
    message: 'Country name is not an accepted country.',
  },
  'a billing address postal code with other characters': {
    input: { creditCard: card({ billingAddress: { postalCode: '606@22' } }) },
    path: ['customer', 'creditCard', 'billingAddress'],
    attribute: 'postalCode',
    code: '81813',
  },
  'a billing address street longer than 255': {
    input: { creditCard: card({ billingAddress: { streetAddress: long(256) } }) },
    path: ['customer', 'creditCard', 'billingAddress'],
    attribute: 'streetAddress',
    code: '81812',
  },
};

describe('customer.create', () => {
  it.each(Object.entries(CUSTOMER_CASES))('%s', async (_name, { input, path, attribute, code, message }) => {
    const result = await gateway.customer.create(request<braintree.CustomerCreateRequest>(input));
    expect(result.success).toBe(false);
    const [error] = errorsOn(result, path, attribute);
    expect(error).toMatchObject({ code });
    if (message) expect(error.message).toBe(message);
  });

  it('an id already taken (91609)', async () => {
    const result = await gateway.customer.create({ id: customerId });
    expect(errorsOn(result, ['customer'], 'id')[0]).toMatchObject({ code: '91609', attribute: 'id' });
  });

  sandboxOnly('an id the sandbox reserves for its paths (91611; the provider does not publish its list)', async () => {
    const result = await gateway.customer.create({ id: 'all' });
    expect(errorsOn(result, ['customer'], 'id')[0]).toMatchObject({ code: '91611' });
  });

  it('nests a billing address error under the card and joins the messages, echoing the params but the number', async () => {
    const result = await gateway.customer.create(request<braintree.CustomerCreateRequest>({ creditCard: { number: 'invalid card number', expirationDate: '05/2012', billingAddress: { countryName: 'invalid country' } } }));
    expect(result.message).toBe('Credit card number is invalid.\nCountry name is not an accepted country.');
    expect(errorsOn(result, ['customer', 'creditCard'], 'number')[0]).toMatchObject({ code: '81715' });
    expect(errorsOn(result, ['customer', 'creditCard', 'billingAddress'], 'countryName')[0]).toMatchObject({ code: '91803' });
    expect(errorCodes(result).sort()).toEqual(['81715', '91803']);
    const params = (result as unknown as { params: { customer: { creditCard: Record<string, unknown> } } }).params.customer.creditCard;
    expect(params).toMatchObject({ expirationDate: '05/2012', billingAddress: { countryName: 'invalid country' } });
    expect(params.number).toBeUndefined();
  });

  it('a one-time PayPal nonce, which cannot be vaulted (82902 under customer → paypalAccount)', async () => {
    const result = await gateway.customer.create({ paymentMethodNonce: 'fake-paypal-one-time-nonce' });
    expect(result.success).toBe(false);
    expect(errorsOn(result, ['customer', 'paypalAccount'], 'base')[0]).toMatchObject({ code: '82902' });
  });

  it('answers every error of a request at once', async () => {
    const result = await gateway.customer.create(request<braintree.CustomerCreateRequest>({ email: 'nope', creditCard: { number: '4111111111111112' } }));
    expect(errorCodes(result).sort()).toEqual(['81604', '81709', '81715']);
  });
});

const CARD_CASES: Readonly<Record<string, Omit<Case, 'path'>>> = {
  'no customer id': { input: { customerId: null }, attribute: 'customerId', code: '91704' },
  'a customer that does not exist': { input: { customerId: 'no_such_customer_ever' }, attribute: 'customerId', code: '91705' },
  'a token with characters outside the id alphabet': { input: { token: 'bad token!' }, attribute: 'token', code: '91718' },
  'a token already in use': { input: { token: 'TAKEN' }, attribute: 'token', code: '91719' },
  'no number and no nonce': { input: { number: null }, attribute: 'number', code: '81714' },
};

describe('creditCard.create', () => {
  it.each(Object.entries(CARD_CASES))('%s', async (_name, { input, attribute, code }) => {
    const fields: Record<string, unknown> = { customerId, number: '4111111111111111', expirationDate: expiry.date, ...input };
    if (fields.token === 'TAKEN') fields.token = takenToken;
    const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
    const result = await gateway.creditCard.create(request<braintree.CreditCardCreateRequest>(given));
    expect(result.success).toBe(false);
    expect(errorsOn(result, ['creditCard'], attribute)[0]).toMatchObject({ code });
  });
});

describe('paymentMethod.create', () => {
  it('a nonce used before: the documented fake-consumed-nonce (93107)', async () => {
    const result = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: 'fake-consumed-nonce' });
    expect(result.success).toBe(false);
    expect(errorsOn(result, ['paymentMethod'], 'paymentMethodNonce')[0]).toMatchObject({ code: '93107' });
  });

  it('a nonce the gateway never issued (93108, as the SDK specs read it)', async () => {
    const result = await gateway.paymentMethod.create({ customerId, paymentMethodNonce: `tokencc_${uniqueId('never')}` });
    expect(result.success).toBe(false);
    expect(errorsOn(result, ['paymentMethod'], 'paymentMethodNonce')[0]).toMatchObject({ code: '93108' });
  });

  it('a customer that does not exist (93105)', async () => {
    const result = await gateway.paymentMethod.create({ customerId: uniqueId('nobody'), paymentMethodNonce: 'fake-valid-nonce' });
    expect(errorsOn(result, ['paymentMethod'], 'customerId')[0]).toMatchObject({ code: '93105' });
  });
});
