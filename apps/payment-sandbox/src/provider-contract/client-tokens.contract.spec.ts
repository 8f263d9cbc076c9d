import type braintree from 'braintree';
import { errorCodes, futureExpiry, uniqueId } from './target';
import { useContractTarget } from './suite';

/**
 * Client tokens (`clientToken.generate`): their versions, options and validation errors, then what
 * the browser (or an older client) does with one: its authorization fingerprint tokenizes a card
 * through the client API, in braintree-web 3's dialect and in the older one (`.json` paths,
 * snake_case fields, form-encoded or JSON bodies), and the nonce is found and charged with the SDK.
 * The codes are the provider's validation error reference (Client Token, Credit Card); the option
 * behaviours are braintree_node's own integration specs (client_token_gateway_spec.js).
 */

const { target } = useContractTarget();

interface DecodedToken {
  readonly version: number;
  readonly authorizationFingerprint: string;
  readonly clientApiUrl: string;
  readonly configUrl: string;
  readonly merchantId: string;
  readonly merchantAccountId?: string;
}

const decodeBase64 = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as DecodedToken;

async function generate(request: braintree.ClientTokenRequest | Record<string, unknown> = {}): Promise<DecodedToken> {
  const result = await target.gateway.clientToken.generate(request as braintree.ClientTokenRequest);
  expect(errorCodes(result)).toEqual([]);
  return decodeBase64(result.clientToken);
}

const clientApiUrl = (token: DecodedToken): string => target.reachable(token.clientApiUrl);

interface ClientApiAnswer {
  readonly status: number;
  readonly body: { creditCards?: { nonce: string }[]; fieldErrors?: { field: string; fieldErrors: { field: string; code: string }[] }[]; error?: { message: string } };
}

async function clientApi(url: string, init: RequestInit): Promise<ClientApiAnswer> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as ClientApiAnswer['body'] };
}

const expiry = futureExpiry();

/** braintree-web 3: camelCase JSON, the fingerprint in the body. */
function tokenizeCurrent(token: DecodedToken, card: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<ClientApiAnswer> {
  return clientApi(`${clientApiUrl(token)}/v1/payment_methods/credit_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ creditCard: { ...card, options }, authorizationFingerprint: token.authorizationFingerprint }),
  });
}

/** The older dialect as the server SDKs' own integration specs send it: `.json`, snake_case card, JSON body. */
function tokenizeLegacyJson(token: DecodedToken, card: Record<string, unknown>): Promise<ClientApiAnswer> {
  return clientApi(`${clientApiUrl(token)}/v1/payment_methods/credit_cards.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ credit_card: card, authorizationFingerprint: token.authorizationFingerprint, sharedCustomerIdentifierType: 'testing', sharedCustomerIdentifier: uniqueId('shared') }),
  });
}

/** The older dialect form-encoded (`credit_card[number]=…`), the fingerprint snake_case in the body. */
function tokenizeLegacyForm(token: DecodedToken, card: Record<string, string>): Promise<ClientApiAnswer> {
  const form = new URLSearchParams({ authorization_fingerprint: token.authorizationFingerprint });
  for (const [key, value] of Object.entries(card)) form.append(key.includes('[') ? `credit_card[${key.replace('[', '][')}` : `credit_card[${key}]`, value);
  return clientApi(`${clientApiUrl(token)}/v1/payment_methods/credit_cards.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

/** The client token error on one attribute (the SDK's typings give `on()` one error; it answers a list). */
function clientTokenError(result: braintree.ValidatedResponse<unknown>, attribute: string): braintree.ValidationError | undefined {
  return (result.errors.for('clientToken')?.on(attribute) as unknown as braintree.ValidationError[] | undefined)?.[0];
}

const fieldCodes = (answer: ClientApiAnswer) => answer.body.fieldErrors?.flatMap((group) => group.fieldErrors.map((error) => error.code)) ?? [];

async function newCustomer(): Promise<string> {
  const result = await target.gateway.customer.create({ id: uniqueId('ct'), firstName: 'Client', lastName: 'Token' });
  expect(result.success).toBe(true);
  return result.customer.id;
}

describe('versions', () => {
  it('makes version 2 by default: base64 JSON with the fingerprint and the client API and configuration URLs', async () => {
    const token = await generate();
    expect(token).toMatchObject({ version: 2, authorizationFingerprint: expect.any(String) });
    expect(token.configUrl).toMatch(new RegExp(`/merchants/${target.merchantId}/client_api/v1/configuration$`));
    expect(token.clientApiUrl).toMatch(new RegExp(`/merchants/${target.merchantId}/client_api$`));
  });

  it('makes version 1 as the JSON itself, and 3 as base64 JSON', async () => {
    const one = await target.gateway.clientToken.generate({ version: 1 } as unknown as braintree.ClientTokenRequest);
    expect(JSON.parse(one.clientToken)).toMatchObject({ version: 1, authorizationFingerprint: expect.any(String) });
    expect(await generate({ version: 3 })).toMatchObject({ version: 3, authorizationFingerprint: expect.any(String) });
  });

  it('refuses a version it does not make (92806)', async () => {
    const result = await target.gateway.clientToken.generate({ version: 4 } as unknown as braintree.ClientTokenRequest);
    expect(result.success).toBe(false);
    expect(clientTokenError(result, 'version')).toMatchObject({ code: '92806', message: 'Unsupported client token version' });
  });
});

describe('customer and merchant account', () => {
  it('refuses an unknown customer (92804)', async () => {
    const result = await target.gateway.clientToken.generate({ customerId: uniqueId('nobody') });
    expect(result.success).toBe(false);
    expect(result.message).toBe('Customer specified by customer_id does not exist');
    expect(clientTokenError(result, 'customerId')?.code).toBe('92804');
  });

  it('names the merchant account it was made for, and refuses an unknown one (92807)', async () => {
    expect(await generate({ merchantAccountId: target.defaultMerchantAccountId })).toMatchObject({ merchantAccountId: target.defaultMerchantAccountId });
    const result = await target.gateway.clientToken.generate({ merchantAccountId: uniqueId('no_account') });
    expect(result.success).toBe(false);
    expect(clientTokenError(result, 'merchantAccountId')?.code).toBe('92807');
  });

  it('takes up to five valid domains, and refuses a name that is not one (92011) or a sixth (92810)', async () => {
    expect(await generate({ domains: ['example.com', 'shop.example.co.uk'] })).toMatchObject({ version: 2 });
    const invalid = await target.gateway.clientToken.generate({ domains: ['example'] } as unknown as braintree.ClientTokenRequest);
    expect(invalid.success).toBe(false);
    expect(invalid.message).toBe('Client token domains must be valid domain names (RFC 1035), e.g. example.com');
    expect(errorCodes(invalid)).toEqual(['92011']);
    const tooMany = await target.gateway.clientToken.generate({ domains: ['example1.com', 'example2.com', 'example3.com', 'example4.com', 'example5.com', 'example6.com'] } as unknown as braintree.ClientTokenRequest);
    expect(tooMany.message).toBe('Cannot specify more than 5 client token domains');
    expect(errorCodes(tooMany)).toEqual(['92810']);
  });

  it('refuses the card options without a customer: the SDK before asking, the gateway if asked (92801, 92802, 92803)', async () => {
    await expect(target.gateway.clientToken.generate({ options: { makeDefault: true } })).rejects.toThrow('A customer id is required for the following options: makeDefault');
    // The gateway's own answer, through the SDK's HTTP client and its client token response handler.
    const gateway = target.gateway as unknown as {
      http: { post(path: string, body: unknown): Promise<unknown> };
      config: { baseMerchantPath(): string };
      clientToken: { responseHandler(): (response: unknown) => braintree.ValidatedResponse<unknown> };
    };
    const raw = await gateway.http.post(`${gateway.config.baseMerchantPath()}/client_token`, {
      client_token: { version: 2, options: { make_default: true, verify_card: true, fail_on_duplicate_payment_method: true } },
    });
    const result = gateway.clientToken.responseHandler()(raw);
    expect(result.success).toBe(false);
    expect(errorCodes(result).sort()).toEqual(['92801', '92802', '92803']);
  });
});

describe('tokenizing a card with the token, in both dialects', () => {
  const card = { number: '4111111111111111', expirationDate: expiry.date, cvv: '123' };

  it('braintree-web 3: the nonce is found and charged', async () => {
    const token = await generate();
    const answer = await tokenizeCurrent(token, card);
    expect(answer.status).toBe(201);
    const nonce = answer.body.creditCards?.[0]?.nonce ?? '';
    expect(await target.gateway.paymentMethodNonce.find(nonce)).toMatchObject({ type: 'CreditCard', details: { lastFour: '1111', cardType: 'Visa' } });
    const sale = await target.gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(sale.success).toBe(true);
    expect(sale.transaction.creditCard).toMatchObject({ last4: '1111', cardType: 'Visa' });
  });

  it('the older dialect, JSON with snake_case fields: the nonce is found and charged', async () => {
    const token = await generate();
    const answer = await tokenizeLegacyJson(token, { number: '5555555555554444', expiration_month: expiry.month, expiration_year: expiry.year, billing_address: { postal_code: '12345' } });
    expect(answer.status).toBe(201);
    const nonce = answer.body.creditCards?.[0]?.nonce ?? '';
    expect(await target.gateway.paymentMethodNonce.find(nonce)).toMatchObject({ type: 'CreditCard', details: { lastFour: '4444', cardType: 'MasterCard' } });
    const sale = await target.gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(sale.success).toBe(true);
    expect(sale.transaction.creditCard).toMatchObject({ last4: '4444', expirationMonth: expiry.month, expirationYear: expiry.year });
  });

  it('the older dialect, form-encoded with the snake_case fingerprint: the nonce is charged', async () => {
    const token = await generate();
    const answer = await tokenizeLegacyForm(token, { number: '378282246310005', expiration_date: expiry.date, cvv: '1234' });
    expect(answer.status).toBe(201);
    const sale = await target.gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: answer.body.creditCards?.[0]?.nonce ?? '' });
    expect(sale.transaction).toMatchObject({ status: 'authorized', creditCard: { cardType: 'American Express', last4: '0005' } });
  });

  it('the older clients read the configuration (configVersion) and the vault list (.json), the fingerprint in the query', async () => {
    const customerId = await newCustomer();
    const token = await generate({ customerId });
    const fingerprint = encodeURIComponent(token.authorizationFingerprint);
    const configuration = await fetch(`${clientApiUrl(token)}/v1/configuration?authorizationFingerprint=${fingerprint}&configVersion=3`);
    expect(configuration.status).toBe(200);
    expect(await configuration.json()).toMatchObject({ merchantId: target.merchantId, clientApiUrl: token.clientApiUrl });
    for (const name of ['authorizationFingerprint', 'authorization_fingerprint']) {
      const listed = await fetch(`${clientApiUrl(token)}/v1/payment_methods.json?${name}=${fingerprint}&sharedCustomerIdentifierType=testing&sharedCustomerIdentifier=${uniqueId('shared')}`);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toMatchObject({ paymentMethods: [] });
    }
  });

  it('refuses an unknown fingerprint in both dialects (401)', async () => {
    const token = { ...(await generate()), authorizationFingerprint: 'not-a-fingerprint' };
    expect((await tokenizeCurrent(token, card)).status).toBe(401);
    expect((await tokenizeLegacyJson(token, { number: '4111111111111111', expiration_date: expiry.date })).status).toBe(401);
  });

  it('answers the same validation codes in both dialects', async () => {
    const token = await generate();
    const cases: [current: Record<string, unknown>, legacy: Record<string, unknown>, code: string][] = [
      [{ number: '4111111111111112', expirationDate: expiry.date }, { number: '4111111111111112', expiration_date: expiry.date }, '81715'],
      [{ number: '41111', expirationDate: expiry.date }, { number: '41111', expiration_date: expiry.date }, '81716'],
      [{ number: '4111111111111111' }, { number: '4111111111111111' }, '81709'],
      [{ number: '4111111111111111', expirationDate: 'soon' }, { number: '4111111111111111', expiration_date: 'soon' }, '81710'],
      [{ number: '4111111111111111', expirationMonth: '13', expirationYear: expiry.year }, { number: '4111111111111111', expiration_month: '13', expiration_year: expiry.year }, '81712'],
      [{ number: '4111111111111111', expirationMonth: '12', expirationYear: '1900' }, { number: '4111111111111111', expiration_month: '12', expiration_year: '1900' }, '81713'],
      [{ number: '4111111111111111', expirationDate: expiry.date, cvv: '12' }, { number: '4111111111111111', expiration_date: expiry.date, cvv: '12' }, '81707'],
    ];
    for (const [current, legacy, code] of cases) {
      const modern = await tokenizeCurrent(token, current);
      const older = await tokenizeLegacyJson(token, legacy);
      expect([modern.status, fieldCodes(modern)]).toEqual([422, [code]]);
      expect([older.status, fieldCodes(older)]).toEqual([422, [code]]);
    }
  });
});

describe('the token\'s options, honoured when the card is saved', () => {
  const visa = (number = '4111111111111111') => ({ number, expiration_month: expiry.month, expiration_year: expiry.year });

  it('the older dialect saves the card to the token\'s customer; makeDefault makes it the default', async () => {
    const customerId = (await target.gateway.customer.create({ id: uniqueId('ct'), paymentMethodNonce: 'fake-valid-mastercard-nonce' })).customer.id;
    const token = await generate({ customerId, options: { makeDefault: true } });
    expect((await tokenizeLegacyJson(token, visa())).status).toBe(201);
    const customer = await target.gateway.customer.find(customerId);
    expect(customer.creditCards).toHaveLength(2);
    expect(customer.creditCards?.find((saved) => saved.last4 === '1111')).toMatchObject({ default: true });
  });

  it('braintree-web 3 saves only when asked (options.validate), and makeDefault applies there too', async () => {
    const customerId = (await target.gateway.customer.create({ id: uniqueId('ct'), paymentMethodNonce: 'fake-valid-mastercard-nonce' })).customer.id;
    const token = await generate({ customerId, options: { makeDefault: true } });
    expect((await tokenizeCurrent(token, { number: '4111111111111111', expirationDate: expiry.date }, { validate: false })).status).toBe(201);
    expect((await target.gateway.customer.find(customerId)).creditCards).toHaveLength(1);
    expect((await tokenizeCurrent(token, { number: '4111111111111111', expirationDate: expiry.date }, { validate: true })).status).toBe(201);
    const customer = await target.gateway.customer.find(customerId);
    expect(customer.creditCards).toHaveLength(2);
    expect(customer.creditCards?.find((saved) => saved.last4 === '1111')).toMatchObject({ default: true });
  });

  it('verifyCard: a card whose verification is declined is not saved (422); another is, verified', async () => {
    const customerId = await newCustomer();
    const token = await generate({ customerId, options: { verifyCard: true } });
    expect((await tokenizeLegacyJson(token, visa('4000111111111115'))).status).toBe(422);
    expect((await target.gateway.customer.find(customerId)).creditCards ?? []).toHaveLength(0);
    expect((await tokenizeLegacyJson(token, visa())).status).toBe(201);
    const saved = (await target.gateway.customer.find(customerId)).creditCards ?? [];
    expect(saved).toHaveLength(1);
    // The saved card carries its verification (the SDK's CreditCard.verifications, newest first).
    const { verifications } = saved[0] as unknown as { verifications?: { status: string }[] };
    expect(verifications?.[0]).toMatchObject({ status: 'verified' });
  });

  it('failOnDuplicatePaymentMethod: a card already in the vault fails (81724)', async () => {
    const first = await generate({ customerId: await newCustomer() });
    expect((await tokenizeLegacyJson(first, visa())).status).toBe(201);
    const second = await generate({ customerId: await newCustomer(), options: { failOnDuplicatePaymentMethod: true } });
    const answer = await tokenizeLegacyJson(second, visa());
    expect(answer.status).toBe(422);
    expect(fieldCodes(answer)).toEqual(['81724']);
  });

  it('failOnDuplicatePaymentMethodForCustomer: only the same customer\'s copy fails (81763)', async () => {
    const customerId = await newCustomer();
    expect((await tokenizeLegacyJson(await generate({ customerId }), visa('5555555555554444'))).status).toBe(201);
    const again = await tokenizeLegacyJson(await generate({ customerId, options: { failOnDuplicatePaymentMethodForCustomer: true } } as Record<string, unknown>), visa('5555555555554444'));
    expect(again.status).toBe(422);
    expect(fieldCodes(again)).toEqual(['81763']);
    const someoneElse = await generate({ customerId: await newCustomer(), options: { failOnDuplicatePaymentMethodForCustomer: true } } as Record<string, unknown>);
    expect((await tokenizeLegacyJson(someoneElse, visa('5555555555554444'))).status).toBe(201);
  });
});
