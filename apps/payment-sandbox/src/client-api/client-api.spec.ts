import { assetRoutes } from '../assets';
import { startServer, type RunningSandbox } from '../server';
import { clientApiRoutes } from '.';

// The client API answers JSON the tests read loosely.
const json = async (response: Response): Promise<any> => response.json();

let sandbox: RunningSandbox;
const API = '/merchants/sandbox_merchant/client_api/v1';

beforeAll(async () => {
  sandbox = await startServer({ routes: [clientApiRoutes, assetRoutes] });
});
afterAll(() => sandbox.close());

function clientToken(customerId: string | null = null, options: { failOnDuplicatePaymentMethod?: boolean } = {}): string {
  const fingerprint = `fp${Math.random().toString(36).slice(2)}`;
  sandbox.context.store.state.clientTokens[fingerprint] = { fingerprint, customerId, merchantAccountId: null, createdAt: new Date().toISOString(), ...options };
  return customerId ? `${fingerprint}?customer_id=${customerId}` : fingerprint;
}

const post = (path: string, fingerprint: string, body: object) =>
  fetch(`${sandbox.url}${API}/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'https://merchant.test' }, body: JSON.stringify({ ...body, authorizationFingerprint: fingerprint }) });

const tokenize = (fingerprint: string, creditCard: object) => post('payment_methods/credit_cards', fingerprint, { creditCard, _meta: { source: 'client' } });

const VISA = { number: '4111 1111 1111 1111', expirationMonth: '12', expirationYear: '2031', cvv: '123', billingAddress: { postalCode: 'SW1A 1AA' } };

describe('CORS', () => {
  it('answers preflights with the origin and the headers braintree-web asks for', async () => {
    const response = await fetch(`${sandbox.url}${API}/configuration`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://merchant.test', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://merchant.test');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });
});

describe('GET configuration', () => {
  it('refuses an unknown fingerprint with 401', async () => {
    const response = await fetch(`${sandbox.url}${API}/configuration?authorizationFingerprint=nope`);
    expect(response.status).toBe(401);
  });

  it('describes the gateway on the provider domains, with 3-D Secure through the Songbird stand-in', async () => {
    const response = await fetch(`${sandbox.url}${API}/configuration?authorizationFingerprint=${encodeURIComponent(clientToken('c1'))}&configVersion=3`, {
      headers: { Origin: 'https://merchant.test' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://merchant.test');
    const configuration = await json(response);
    expect(configuration).toMatchObject({
      clientApiUrl: 'https://api.sandbox.braintreegateway.com/merchants/sandbox_merchant/client_api',
      assetsUrl: 'https://assets.braintreegateway.com',
      environment: 'sandbox',
      merchantId: 'sandbox_merchant',
      threeDSecureEnabled: true,
      creditCards: { collectDeviceData: false, supportedGateways: [{ name: 'clientApi' }] },
      threeDSecure: { cardinalSongbirdUrl: 'https://assets.braintreegateway.com/__sandbox/songbird.js' },
    });
    expect(configuration.creditCards.supportedCardTypes).toEqual(['Visa', 'MasterCard', 'American Express', 'Maestro', 'Discover', 'JCB', 'UnionPay']);
    expect(configuration.threeDSecure.cardinalAuthenticationJWT).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(configuration.creditCard.threeDSecure).toEqual(configuration.threeDSecure);
    // A GraphQL block with no features: tokenization and the configuration stay on the client API.
    expect(configuration.graphQL).toEqual({ url: 'https://payments.sandbox.braintree-api.com/graphql', features: [] });
  });
});

describe('POST payment_methods/credit_cards', () => {
  it('tokenizes a card and keeps what the gateway needs for its CVV and postal code rules', async () => {
    const response = await tokenize(clientToken('c1'), { ...VISA, cardholderName: 'Ada Lovelace' });
    expect(response.status).toBe(201);
    const { creditCards } = await json(response);
    expect(creditCards[0]).toMatchObject({
      type: 'CreditCard',
      description: 'ending in 11',
      consumed: false,
      details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', bin: '411111', expirationMonth: '12', expirationYear: '2031', cardholderName: 'Ada Lovelace' },
      binData: { prepaid: 'Unknown', issuingBank: 'Unknown' },
      threeDSecureInfo: null,
    });
    const record = sandbox.context.store.state.nonces[creditCards[0].nonce];
    expect(record).toMatchObject({ customerId: 'c1', consumed: false, paymentMethodToken: null, card: { number: '4111111111111111', cvv: '123', postalCode: 'SW1A 1AA' } });
    expect(record.card.uniqueNumberIdentifier).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reads an expiration date and two-digit years', async () => {
    const { creditCards } = await json(await tokenize(clientToken(), { number: '378282246310005', expirationDate: '03/29', cvv: '1234' }));
    expect(creditCards[0].details).toMatchObject({ cardType: 'American Express', expirationMonth: '03', expirationYear: '2029' });
  });

  it.each([
    ['4111111111111112', '81715'],
    ['41111', '81716'],
    ['', '81714'],
  ])('refuses the number %j with code %s', async (number, code) => {
    const response = await tokenize(clientToken(), { ...VISA, number });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.fieldErrors[0]).toMatchObject({ field: 'creditCard', fieldErrors: [{ field: 'number', code }] });
    expect(body.error.message).toBeTruthy();
  });

  it('refuses a CVV of the wrong length for the card type and a month out of range', async () => {
    const response = await tokenize(clientToken(), { ...VISA, number: '378282246310005', cvv: '123', expirationMonth: '13' });
    expect(response.status).toBe(422);
    const codes = (await json(response)).fieldErrors[0].fieldErrors.map((error: { code: string }) => error.code);
    expect(codes).toEqual(expect.arrayContaining(['81707', '81712']));
  });

  it('vaults the card for the token customer when asked to validate, and fails the documented CVV and duplicate cases', async () => {
    const customerToken = clientToken('c2', { failOnDuplicatePaymentMethod: true });
    const saved = await tokenize(customerToken, { ...VISA, number: '5555555555554444', options: { validate: true } });
    expect(saved.status).toBe(201);
    const nonce = sandbox.context.store.state.nonces[(await json(saved)).creditCards[0].nonce];
    expect(sandbox.context.store.state.paymentMethods[nonce.paymentMethodToken ?? '']).toMatchObject({ customerId: 'c2', isDefault: true });

    const duplicate = await tokenize(customerToken, { ...VISA, number: '5555555555554444', options: { validate: true } });
    expect((await json(duplicate)).fieldErrors[0].fieldErrors[0].code).toBe('81724');
    const cvvMismatch = await tokenize(clientToken('c3'), { ...VISA, cvv: '200', options: { validate: true } });
    expect((await json(cvvMismatch)).fieldErrors[0].fieldErrors[0].code).toBe('81736');
  });
});

describe('the older clients\' dialect beside braintree-web 3\'s', () => {
  it('braintree-web 3 saves nothing for a customer\'s token unless told to validate; the older dialect saves unless told not to', async () => {
    const { store } = sandbox.context;
    const savedFor = (customerId: string) => Object.values(store.state.paymentMethods).filter((method) => method.customerId === customerId).length;
    expect((await tokenize(clientToken('d1'), { ...VISA })).status).toBe(201);
    expect(savedFor('d1')).toBe(0);

    const legacy = (fingerprint: string, card: object) =>
      fetch(`${sandbox.url}${API}/payment_methods/credit_cards.json`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ credit_card: card, authorization_fingerprint: fingerprint }) });
    const card = { number: '4111111111111111', expiration_date: '12/2031', billing_address: { postal_code: 'SW1A 1AA' } };
    expect((await legacy(clientToken('d2'), { ...card, options: { validate: false } })).status).toBe(201);
    expect(savedFor('d2')).toBe(0);
    const saved = await legacy(clientToken('d2'), card);
    expect(saved.status).toBe(201);
    const nonce = store.state.nonces[(await json(saved)).creditCards[0].nonce];
    expect(store.state.paymentMethods[nonce.paymentMethodToken ?? '']).toMatchObject({ customerId: 'd2', card: { last4: '1111', expirationMonth: '12', expirationYear: '2031', postalCode: 'SW1A 1AA' } });
  });

  it('reads a form-encoded card with bracketed names, the fingerprint in the query string', async () => {
    const form = new URLSearchParams({ 'credit_card[number]': '4111111111111111', 'credit_card[expiration_month]': '7', 'credit_card[expiration_year]': '31', 'credit_card[billing_address][postal_code]': '12345' });
    const response = await fetch(`${sandbox.url}${API}/payment_methods/credit_cards?authorization_fingerprint=${clientToken()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(response.status).toBe(201);
    const nonce = sandbox.context.store.state.nonces[(await json(response)).creditCards[0].nonce];
    expect(nonce.card).toMatchObject({ last4: '1111', expirationMonth: '07', expirationYear: '2031', postalCode: '12345' });
  });

  it('refuses a date given with its month and year too (91708), and a cardholder name over 175 characters (81723)', async () => {
    const both = await tokenize(clientToken(), { ...VISA, expirationDate: '12/2031' });
    expect((await json(both)).fieldErrors[0].fieldErrors.map((error: { code: string }) => error.code)).toEqual(['91708']);
    const long = await tokenize(clientToken(), { ...VISA, cardholderName: 'x'.repeat(176) });
    expect((await json(long)).fieldErrors[0].fieldErrors.map((error: { code: string }) => error.code)).toEqual(['81723']);
    expect((await tokenize(clientToken(), { ...VISA, cardholderName: 'x'.repeat(175) })).status).toBe(201);
  });
});

describe('GET payment_methods', () => {
  it('lists the customer’s saved cards, each with a fresh nonce, default first when asked', async () => {
    const { store } = sandbox.context;
    const card = { number: '4005519200000004', bin: '400551', last4: '0004', cardType: 'Visa' as const, expirationMonth: '01', expirationYear: '2030', cardholderName: null, cvv: null, postalCode: null, uniqueNumberIdentifier: 'u1' };
    const now = new Date().toISOString();
    store.state.paymentMethods.old = { token: 'old', customerId: 'c9', card, isDefault: false, createdAt: '2020-01-01T00:00:00Z', updatedAt: now };
    store.state.paymentMethods.main = { token: 'main', customerId: 'c9', card: { ...card, last4: '1881' }, isDefault: true, createdAt: now, updatedAt: now };
    const response = await fetch(`${sandbox.url}${API}/payment_methods?defaultFirst=1&authorizationFingerprint=${encodeURIComponent(clientToken('c9'))}`);
    const { paymentMethods } = await json(response);
    expect(paymentMethods.map((method: { default: boolean; details: { lastFour: string } }) => [method.default, method.details.lastFour])).toEqual([
      [true, '1881'],
      [false, '0004'],
    ]);
    expect(store.state.nonces[paymentMethods[0].nonce]).toMatchObject({ paymentMethodToken: 'main', customerId: 'c9' });
  });

  it('refuses a token without a customer', async () => {
    const response = await fetch(`${sandbox.url}${API}/payment_methods?authorizationFingerprint=${clientToken()}`);
    expect(response.status).toBe(403);
  });
});
