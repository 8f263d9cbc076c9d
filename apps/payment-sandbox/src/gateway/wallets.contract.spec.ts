import braintree from 'braintree';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { applePayNonce, googlePayNonce, paypalNonce, type WalletFlowTarget } from '../wallets/wallet-flows';

/**
 * Wallet nonces (made through the client API flows the browser runs) charged through the real
 * `braintree` SDK: the transaction's payment instrument and wallet details as the SDK reads them,
 * the nonce's type, 3-D Secure `required` passing wallets, single use and declines by amount.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let target: WalletFlowTarget;
let fingerprint: string;

beforeAll(async () => {
  ({ sandbox, gateway, target, fingerprint } = await sandboxWithSdk());
});
afterAll(() => sandbox.close());

const sale = (paymentMethodNonce: string, amount = '10.00', required = true) =>
  gateway.transaction.sale({ amount, paymentMethodNonce, options: { submitForSettlement: true, threeDSecure: { required } } });

const codes = (result: { errors: braintree.ValidationErrorsCollection }) => result.errors.deepErrors().map((error) => error.code);

describe('a PayPal nonce', () => {
  it('pays with 3-D Secure required, naming the payer; no card details; then it is used up (91564)', async () => {
    const nonce = await paypalNonce(target, fingerprint, '10.00');
    expect((await gateway.paymentMethodNonce.find(nonce)).type).toBe('PayPalAccount');
    const result = await sale(nonce);
    expect(result.success).toBe(true);
    const transaction = result.transaction;
    expect(transaction.paymentInstrumentType).toBe('paypal_account');
    expect(transaction.paypalAccount).toMatchObject({ payerEmail: 'sandbox-buyer@example.com', payerId: 'SBXBUYER7QH2L', payerFirstName: 'Sandbox', payerLastName: 'Buyer' });
    expect(transaction.paypalAccount?.paymentId).toMatch(/^PAYID-/);
    expect(transaction.creditCard?.last4).toBeNull();
    expect(transaction.status).toBe('submitted_for_settlement');
    expect(codes(await sale(nonce))).toEqual(['91564']);
  });

  it('declines by amount (2001.00 → 2001) like any sale', async () => {
    const result = await sale(await paypalNonce(target, fingerprint, '2001.00'), '2001.00');
    expect(result.success).toBe(false);
    expect(result.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2001', paymentInstrumentType: 'paypal_account' });
  });

  it('describes the payer through paymentMethodNonce.find, and is not vaulted (82902 for a one-time payment)', async () => {
    const nonce = await paypalNonce(target, fingerprint);
    const found = await gateway.paymentMethodNonce.find(nonce);
    expect(found).toMatchObject({ type: 'PayPalAccount', description: 'PayPal', details: { email: 'sandbox-buyer@example.com', payerInfo: { payerId: 'SBXBUYER7QH2L' } } });
    const customer = (await gateway.customer.create({ firstName: 'Pat' })).customer;
    const result = await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: nonce });
    expect(result.success).toBe(false);
    expect(codes(result)).toEqual(['82902']);
    expect(result.errors.for('paypalAccount')?.on('base')).toEqual([expect.objectContaining({ code: '82902' })]);
  });

  it('the static fake-paypal-one-time-nonce pays as the sandbox buyer', async () => {
    const result = await sale('fake-paypal-one-time-nonce');
    expect(result.transaction.paypalAccount?.payerEmail).toBe('sandbox-buyer@example.com');
  });
});

describe('an Apple Pay nonce', () => {
  it('pays with 3-D Secure required, with the Apple Pay card details, once', async () => {
    const nonce = await applePayNonce(target, fingerprint);
    expect((await gateway.paymentMethodNonce.find(nonce)).type).toBe('ApplePayCard');
    const result = await sale(nonce, '12.34');
    expect(result.success).toBe(true);
    expect(result.transaction.paymentInstrumentType).toBe('apple_pay_card');
    expect(result.transaction.applePayCard).toMatchObject({ cardType: 'Apple Pay - Visa', last4: '1111', bin: '411111', expirationMonth: '12' });
    expect(codes(await sale(nonce))).toEqual(['91564']);
  });

  it('declines by amount, and vaults nothing when asked to store on success', async () => {
    expect((await sale(await applePayNonce(target, fingerprint), '2000.00')).transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000' });
    const result = await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: await applePayNonce(target, fingerprint), options: { storeInVaultOnSuccess: true } });
    expect(result.success).toBe(true);
    expect(result.transaction.creditCard?.token).toBeNull();
    expect(result.transaction.applePayCard?.token).toBeNull();
  });
});

describe('a Google Pay nonce', () => {
  it('pays with 3-D Secure required, with the Google Pay card details, once', async () => {
    const nonce = await googlePayNonce(target, fingerprint, 'MASTERCARD');
    expect((await gateway.paymentMethodNonce.find(nonce)).type).toBe('AndroidPayCard');
    const result = await sale(nonce);
    expect(result.success).toBe(true);
    expect(result.transaction.paymentInstrumentType).toBe('android_pay_card');
    expect(result.transaction.androidPayCard).toMatchObject({ cardType: 'MasterCard', last4: '4444', sourceCardLast4: '4444' });
    expect(codes(await sale(nonce))).toEqual(['91564']);
  });

  it('declines by amount', async () => {
    expect((await sale(await googlePayNonce(target, fingerprint), '2046.00')).transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2046' });
  });
});

describe('a card nonce beside them', () => {
  it('is still a CreditCard, and still needs 3-D Secure when required', async () => {
    expect((await gateway.paymentMethodNonce.find('fake-valid-visa-nonce')).type).toBe('CreditCard');
    const result = await sale('fake-valid-visa-nonce');
    expect(result.success).toBe(false);
    expect(result.transaction.gatewayRejectionReason).toBe('three_d_secure');
  });
});
