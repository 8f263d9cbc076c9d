import braintree from 'braintree';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { encryptPayment, VISA_LIGHTBOX_PATH, VISA_SDK_PATH } from './visa-checkout';

/**
 * Visa Checkout's client API call (what braintree-web's visa-checkout module sends), fed with what
 * the sandbox's lightbox hands the page, then the nonce charged through the real `braintree` SDK.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let fingerprint: string;

beforeAll(async () => {
  ({ sandbox, gateway, fingerprint } = await sandboxWithSdk());
});
afterAll(() => sandbox.close());

/** POST payment_methods/visa_checkout_cards as the module does. */
async function tokenize(payment: { callid: string; encKey: string; encPaymentData: string }) {
  const response = await fetch(`${sandbox.url}/merchants/${sandbox.config.merchantId}/client_api/v1/payment_methods/visa_checkout_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      authorizationFingerprint: fingerprint,
      _meta: { source: 'visa-checkout' },
      visaCheckoutCard: { callId: payment.callid, encryptedPaymentData: payment.encPaymentData, encryptedKey: payment.encKey },
    }),
  });
  return { status: response.status, body: (await response.json()) as { visaCheckoutCards?: { nonce: string; type: string; details: { lastFour: string } }[] } };
}

const paymentFor = (cardId: string) => encryptPayment(sandbox.config, { cardId, total: '10.00', currencyCode: 'GBP' });

describe('a Visa Checkout payment', () => {
  it("becomes a VisaCheckoutCard nonce once; the sale carries visaCheckoutCard details as the SDK reads them", async () => {
    const payment = paymentFor('mc-4444');
    const tokenized = await tokenize(payment);
    expect(tokenized.status).toBe(201);
    const card = tokenized.body.visaCheckoutCards?.[0];
    expect(card).toMatchObject({ type: 'VisaCheckoutCard', details: { lastFour: '4444', cardType: 'MasterCard' } });
    // The same payment again: Visa's call makes one nonce only.
    expect((await tokenize(payment)).status).toBe(422);

    const nonce = card?.nonce ?? '';
    expect((await gateway.paymentMethodNonce.find(nonce)).type).toBe('VisaCheckoutCard');
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce, options: { submitForSettlement: true } });
    expect(result.success).toBe(true);
    expect(result.transaction.paymentInstrumentType).toBe('visa_checkout_card');
    // The SDK keeps the gateway's visa-checkout-card element (its typings leave it out).
    expect((result.transaction as braintree.Transaction & { visaCheckoutCard?: unknown }).visaCheckoutCard).toMatchObject({ last4: '4444', cardType: 'MasterCard', bin: '555555' });
  });

  it('is refused when its data was tampered with or its call id is not the one inside', async () => {
    const payment = paymentFor('visa-1111');
    const flipped = Buffer.from(payment.encPaymentData, 'base64');
    flipped[20] ^= 1;
    expect((await tokenize({ ...payment, encPaymentData: flipped.toString('base64') })).status).toBe(422);
    expect((await tokenize({ ...payment, callid: 'vco-someone-else' })).status).toBe(422);
    expect((await tokenize({ ...payment, encKey: paymentFor('visa-1111').encKey })).status).toBe(422);
  });

  it("declines the wallet's declining card at the sale (2000)", async () => {
    const nonce = (await tokenize(paymentFor('visa-0010'))).body.visaCheckoutCards?.[0].nonce ?? '';
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce });
    expect(result.success).toBe(false);
    expect(result.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000', paymentInstrumentType: 'visa_checkout_card' });
  });
});

describe("Visa's half", () => {
  it("serves the sdk.js stand-in and a lightbox that checks the gateway's api key and encryption key", async () => {
    const sdk = await fetch(`${sandbox.url}${VISA_SDK_PATH}`);
    expect(sdk.headers.get('content-type')).toMatch(/javascript/);
    expect(await sdk.text()).toContain('window.V = {');
    const query = new URLSearchParams({
      apikey: `${sandbox.config.merchantId}_visa_checkout_apikey`,
      encryptionKey: `${sandbox.config.merchantId}_visa_checkout_key`,
      total: '12.50',
      currencyCode: 'GBP',
      origin: 'http://127.0.0.1:4200',
    });
    const lightbox = await fetch(`${sandbox.url}${VISA_LIGHTBOX_PATH}?${query}`);
    expect(lightbox.status).toBe(200);
    expect(await lightbox.text()).toContain('Pay <strong>12.50 GBP</strong>');
    query.set('apikey', 'someone-else');
    const refused = await fetch(`${sandbox.url}${VISA_LIGHTBOX_PATH}?${query}`);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('This merchant is not set up for Visa Checkout.');
  });
});
