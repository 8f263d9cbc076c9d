import { startBraintreeSandbox, type RunningBraintreeSandbox } from '../index';
import { applePayToken, at, clientApi, configuration, googlePayToken, paypalOrder, type WalletFlowTarget } from './wallet-flows';

// The wallets' client API calls, the stand-ins' endpoints and GraphQL, over HTTP as the browser makes them.
const json = (value: unknown): any => value;

let sandbox: RunningBraintreeSandbox;
let target: WalletFlowTarget;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  target = { url: sandbox.url, merchantId: sandbox.config.merchantId };
});
afterAll(() => sandbox.close());

function fingerprint(customerId: string | null = null, merchantAccountId: string | null = null): string {
  const value = `fp${Math.random().toString(36).slice(2)}`;
  sandbox.context.store.state.clientTokens[value] = { fingerprint: value, customerId, merchantAccountId, createdAt: new Date().toISOString() };
  return customerId ? `${value}?customer_id=${customerId}` : value;
}

const nonceRecord = (nonce: unknown) => sandbox.context.store.state.nonces[String(nonce)];

describe('the configuration', () => {
  it('turns the wallets on in the shapes braintree-web reads, in the token account currency', async () => {
    const config = json(await configuration(target, fingerprint(null, 'store_EUR')));
    expect(config).toMatchObject({
      paypalEnabled: true,
      paypal: { displayName: 'Affinity Store', assetsUrl: 'https://checkout.paypal.com', environment: 'sandbox', environmentNoNetwork: false, unvettedMerchant: false, currencyIsoCode: 'EUR' },
      applePayWeb: { merchantIdentifier: 'merchant.com.affinitystore.sandbox', supportedNetworks: ['visa', 'mastercard', 'amex', 'discover'], countryCode: 'GB', currencyCode: 'EUR' },
      androidPay: { enabled: true, displayName: 'Affinity Store', environment: 'sandbox', supportedNetworks: ['visa', 'mastercard', 'amex', 'discover'] },
      graphQL: { url: 'https://payments.sandbox.braintree-api.com/graphql', features: [] },
    });
    expect(config.paypal.clientId).toMatch(/^sb-/);
    expect(config.androidPay.googleAuthorizationFingerprint).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(config.androidPay).not.toHaveProperty('paypalClientId');
    expect(json(await configuration(target, fingerprint())).applePayWeb.currencyCode).toBe('GBP');
  });
});

describe('PayPal', () => {
  const createPayment = (fp: string, body: object = {}) =>
    clientApi(target, fp, 'paypal_hermes/create_payment_resource', { amount: '24.50', currencyIsoCode: 'GBP', intent: 'sale', experienceProfile: { brandName: 'Affinity Store' }, ...body });
  const tokenize = (fp: string, paypalAccount: object) => clientApi(target, fp, 'payment_methods/paypal_accounts', { paypalAccount });

  it('sets up a payment, shows its amount to the stand-in, and tokenizes it once approved, once', async () => {
    const fp = fingerprint('pp-customer');
    const created = await createPayment(fp);
    expect(created.status).toBe(201);
    const resource = json(created.body).paymentResource;
    expect(resource.paymentToken).toMatch(/^PAYID-[A-Z0-9]{24}$/);
    const token = new URL(resource.redirectUrl).searchParams.get('token') ?? '';
    expect(token).toMatch(/^EC-[A-Z0-9]{17}$/);
    expect(resource.redirectUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?/);

    expect((await paypalOrder(target, token)).body).toMatchObject({ flow: 'checkout', amount: '24.50', currency: 'GBP', displayName: 'Affinity Store', status: 'created', payerEmail: 'sandbox-buyer@example.com' });
    expect((await tokenize(fp, { paymentToken: resource.paymentToken, payerId: 'X' })).status).toBe(422);

    const approved = await paypalOrder(target, token, 'approve');
    expect(approved.body).toMatchObject({ orderID: token, paymentID: resource.paymentToken, payerID: 'SBXBUYER7QH2L', billingToken: null, paymentSource: 'paypal' });
    expect((await tokenize(fp, { paymentToken: resource.paymentToken, payerId: 'SOMEONEELSE' })).status).toBe(422);

    const tokenized = await tokenize(fp, { correlationId: token, paymentToken: approved.body.paymentID, payerId: approved.body.payerID, intent: 'sale', options: { validate: false } });
    expect(tokenized.status).toBe(201);
    const account = json(tokenized.body).paypalAccounts[0];
    expect(account).toMatchObject({
      type: 'PayPalAccount',
      description: 'PayPal',
      details: { email: 'sandbox-buyer@example.com', correlationId: token, payerInfo: { email: 'sandbox-buyer@example.com', payerId: 'SBXBUYER7QH2L', firstName: 'Sandbox', lastName: 'Buyer' } },
    });
    expect(nonceRecord(account.nonce)).toMatchObject({ kind: 'PayPalAccount', customerId: 'pp-customer', consumed: false, paypal: { payerEmail: 'sandbox-buyer@example.com', paymentId: resource.paymentToken, billingAgreementId: null } });
    expect((await tokenize(fp, { paymentToken: token, payerId: approved.body.payerID })).status).toBe(422);
  });

  it('refuses a bad amount or currency, and an order answered twice', async () => {
    expect((await createPayment(fingerprint(), { amount: 'ten' })).status).toBe(422);
    expect((await createPayment(fingerprint(), { amount: '0.00' })).status).toBe(422);
    expect((await createPayment(fingerprint(), { currencyIsoCode: undefined })).status).toBe(422);
    const token = new URL(json(await createPayment(fingerprint())).body.paymentResource.redirectUrl).searchParams.get('token') ?? '';
    expect((await paypalOrder(target, token, 'cancel')).body).toEqual({ orderID: token });
    expect((await paypalOrder(target, token, 'approve')).status).toBe(409);
    expect((await paypalOrder(target, 'EC-NOPE')).status).toBe(404);
  });

  it('Checkout with Vault: records the requested agreement, shows it to the payer, and gives the nonce a billing agreement id', async () => {
    const fp = fingerprint('cwv-customer');
    const created = await createPayment(fp, { requestBillingAgreement: true, billingAgreementDetails: { description: 'Affinity Store saves your PayPal account' } });
    const resource = json(created.body).paymentResource;
    const token = new URL(resource.redirectUrl).searchParams.get('token') ?? '';
    expect(sandbox.context.store.state.paypalOrders[token]).toMatchObject({ flow: 'checkout', requestBillingAgreement: true, billingAgreementDescription: 'Affinity Store saves your PayPal account' });
    expect((await paypalOrder(target, token)).body).toMatchObject({ flow: 'checkout', amount: '24.50', billingAgreement: true, billingAgreementDescription: 'Affinity Store saves your PayPal account' });

    const approved = (await paypalOrder(target, token, 'approve')).body;
    // Still a checkout payment for the stand-in's onApprove: no billing token (braintree-web tokenizes it by paymentID).
    expect(approved).toMatchObject({ paymentID: resource.paymentToken, billingToken: null });
    const tokenized = await tokenize(fp, { correlationId: token, paymentToken: approved.paymentID, payerId: approved.payerID, intent: 'sale', options: { validate: false } });
    const nonce = json(tokenized.body).paypalAccounts[0].nonce;
    expect(nonceRecord(nonce).paypal).toMatchObject({ paymentId: resource.paymentToken, billingAgreementId: expect.stringMatching(/^B-[A-Z0-9]{17}$/) });

    const plain = await createPayment(fingerprint(), { requestBillingAgreement: false, billingAgreementDetails: { description: 'ignored' } });
    const plainToken = new URL(json(plain.body).paymentResource.redirectUrl).searchParams.get('token') ?? '';
    expect(sandbox.context.store.state.paypalOrders[plainToken]).toMatchObject({ requestBillingAgreement: false, billingAgreementDescription: null });
    expect((await paypalOrder(target, plainToken)).body).toMatchObject({ billingAgreement: false });
  });

  it('sets up a billing agreement (vault flow) and tokenizes it by its billing token', async () => {
    const fp = fingerprint();
    const setup = await clientApi(target, fp, 'paypal_hermes/setup_billing_agreement', { description: 'Affinity Store', experienceProfile: { brandName: 'Affinity Store' } });
    const { tokenId, approvalUrl } = json(setup.body).agreementSetup;
    expect(tokenId).toMatch(/^BA-[A-Z0-9]{17}$/);
    expect(approvalUrl).toContain(`ba_token=${tokenId}`);
    const approved = await paypalOrder(target, tokenId, 'approve');
    expect(approved.body).toMatchObject({ orderID: tokenId, billingToken: tokenId, paymentID: null });
    const tokenized = await tokenize(fp, { billingAgreementToken: tokenId, options: { validate: true } });
    const nonce = json(tokenized.body).paypalAccounts[0].nonce;
    expect(nonceRecord(nonce).paypal?.billingAgreementId).toMatch(/^B-[A-Z0-9]{17}$/);
  });

  it('answers the stand-in endpoints cross-origin, and serves the SDK and the dispatch frame', async () => {
    const preflight = await fetch(`${sandbox.url}/__sandbox/paypal/orders/EC-X/approve`, { method: 'OPTIONS', headers: { Origin: 'https://merchant.test', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://merchant.test');
    expect((await fetch(`${sandbox.url}/sdk/js?components=buttons`)).status).toBe(400);
    const frame = await fetch(`${sandbox.url}/web/3.124.0/html/dispatch-frame.min.html`);
    expect(frame.status).toBe(200);
    expect(await frame.text()).toContain("Ours, not PayPal's");
  });
});

describe('Apple Pay', () => {
  const session = (body: object) =>
    clientApi(target, fingerprint(), 'apple_pay_web/sessions', {
      _meta: { source: 'apple-pay' },
      applePayWebSession: { validationUrl: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession', domainName: 'merchant.test', merchantIdentifier: 'merchant.com.affinitystore.sandbox', ...body },
    });

  it('validates the merchant with a merchant session, and refuses a foreign URL or merchant', async () => {
    const answer = await session({ displayName: 'Affinity Store' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ domainName: 'merchant.test', displayName: 'Affinity Store', retries: 0 });
    expect(answer.body.merchantSessionIdentifier).toMatch(/^SSH[0-9A-F]{32}$/);
    expect(answer.body.signature).toEqual(expect.any(String));
    expect(answer.body.expiresAt).toBeGreaterThan(Number(answer.body.epochTimestamp));
    expect((await session({ validationUrl: 'https://evil.example/startSession' })).status).toBe(422);
    expect((await session({ merchantIdentifier: 'merchant.com.someone.else' })).status).toBe(422);
    expect((await session({ domainName: '' })).status).toBe(422);
  });

  it('tokenizes the stand-in token into an ApplePayCard nonce for its device card', async () => {
    const fp = fingerprint('ap-customer');
    const token = applePayToken('5555555555554444');
    const response = await clientApi(target, fp, 'payment_methods/apple_payment_tokens', {
      applePaymentToken: { ...token, paymentData: Buffer.from(JSON.stringify(token.paymentData)).toString('base64') },
    });
    expect(response.status).toBe(201);
    const card = json(response.body).applePayCards[0];
    expect(card).toMatchObject({ type: 'ApplePayCard', description: 'MasterCard ending in 44', details: { cardType: 'MasterCard', dpanLastTwo: '44', cardHolderName: 'MasterCard 4444' } });
    expect(nonceRecord(card.nonce)).toMatchObject({ kind: 'ApplePayCard', customerId: 'ap-customer', card: { number: '5555555555554444', expirationMonth: '12' } });
  });

  it('refuses payment data it cannot read', async () => {
    const bad = [{ paymentData: 'not base64 json' }, { paymentData: Buffer.from(JSON.stringify({ ...applePayToken('4111111111111112').paymentData })).toString('base64') }];
    for (const applePaymentToken of bad) expect((await clientApi(target, fingerprint(), 'payment_methods/apple_payment_tokens', { applePaymentToken })).status).toBe(422);
  });
});

describe('Google Pay tokenization (the stand-in asks the gateway as Google would)', () => {
  it('answers the androidPayCards token braintree-web parses, with a nonce the gateway knows', async () => {
    const response = await googlePayToken(target, fingerprint('gp-customer'), 'AMEX');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ cardNetwork: 'AMEX', cardDetails: '0005' });
    const parsed = JSON.parse(String(response.body.token));
    expect(parsed.androidPayCards[0]).toMatchObject({ type: 'AndroidPayCard', description: 'Android Pay', details: { cardType: 'American Express', lastFour: '0005', lastTwo: '05', isNetworkTokenized: false, bin: '378282' } });
    expect(nonceRecord(parsed.androidPayCards[0].nonce)).toMatchObject({ kind: 'AndroidPayCard', customerId: 'gp-customer' });
  });

  it('refuses another gateway, another merchant, a forged authorization and an unknown network', async () => {
    for (const parameters of [{ gateway: 'stripe' }, { 'braintree:merchantId': 'other' }, { 'braintree:authorizationFingerprint': 'a.b.c' }]) {
      expect((await googlePayToken(target, fingerprint(), 'VISA', parameters)).status).toBe(422);
    }
    expect((await googlePayToken(target, fingerprint(), 'JCB')).status).toBe(422);
  });
});

describe('GraphQL: preferred payment methods', () => {
  const query = (authorization: string, body: object = { query: 'query PreferredPaymentMethods { preferredPaymentMethods { paypalPreferred venmoPreferred } }' }) =>
    fetch(`${sandbox.url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: authorization, 'Braintree-Version': '2018-05-10', Origin: 'https://merchant.test' }, body: JSON.stringify(body) });

  it('answers false for both until the control endpoint says otherwise', async () => {
    const fp = fingerprint('graph-customer');
    expect(await (await query(`Bearer ${fp}`)).json()).toMatchObject({ data: { preferredPaymentMethods: { paypalPreferred: false, venmoPreferred: false } } });
    const control = await fetch(`${sandbox.url}/__sandbox/preferred`, { method: 'POST', body: JSON.stringify({ paypalPreferred: true }) });
    expect(await control.json()).toEqual({ paypalPreferred: true, venmoPreferred: false });
    const answer = await query(`Bearer ${fp}`);
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://merchant.test');
    expect(at(await answer.json(), 'data', 'preferredPaymentMethods', 'paypalPreferred')).toBe(true);
    expect((await fetch(`${sandbox.url}/__sandbox/preferred`, { method: 'POST', body: JSON.stringify({ paypalPreferred: 'yes' }) })).status).toBe(400);
    await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
    expect(sandbox.context.store.state.preferred.paypalPreferred).toBe(false);
  });

  it('refuses an unknown authorization, and says it serves no other operation', async () => {
    expect((await query('Bearer nope')).status).toBe(401);
    const other = await (await query(`Bearer ${fingerprint()}`, { query: 'mutation { tokenizeCreditCard(input: {}) { token } }' })).json();
    expect(other).toMatchObject({ data: null, errors: [{ extensions: { errorClass: 'VALIDATION' } }] });
    expect(at(other, 'errors', 0, 'message')).toContain('PreferredPaymentMethods');
  });
});
