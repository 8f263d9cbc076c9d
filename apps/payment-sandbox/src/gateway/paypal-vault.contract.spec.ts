import braintree from 'braintree';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { SandboxStore } from '../store';
import { at, paypalNonce, savedPaymentMethods, type WalletFlowTarget } from '../wallets/wallet-flows';

/**
 * PayPal Checkout with Vault, as the store runs it: braintree-web's `createPayment({flow: 'checkout',
 * requestBillingAgreement: true})` and tokenization (the client API steps), a sale that saves the
 * account, then the saved account through the real `braintree` SDK and the vault manager's list.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let target: WalletFlowTarget;

beforeAll(async () => {
  ({ sandbox, gateway, target } = await sandboxWithSdk());
});
afterAll(() => sandbox.close());

const BUYER = { email: 'sandbox-buyer@example.com', payerId: 'SBXBUYER7QH2L' };
const codes = (result: { errors: braintree.ValidationErrorsCollection }) => result.errors.deepErrors().map((error) => error.code);
// @types/braintree leaves out fields the SDK reads and sends: a transaction's PayPal billing agreement id, a new payment method's token.
const agreementOf = (transaction: braintree.Transaction) => (transaction.paypalAccount as { billingAgreementId?: string | null } | undefined)?.billingAgreementId;
const withToken = (request: braintree.PaymentMethodCreateRequest, token: string) => ({ ...request, token }) as braintree.PaymentMethodCreateRequest;

/** A client token's fingerprint, as braintree-web reads it (with the customer, for the vault manager). */
async function fingerprintFor(customerId?: string): Promise<string> {
  const { clientToken } = await gateway.clientToken.generate(customerId ? { customerId } : {});
  return JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;
}

/** A PayPal nonce from the checkout flow: with a billing agreement (Checkout with Vault) or one-time. */
async function checkoutNonce(requestBillingAgreement: boolean, amount = '30.00'): Promise<string> {
  return paypalNonce(target, await fingerprintFor(), amount, 'GBP', { requestBillingAgreement, billingAgreementDescription: 'Affinity Store keeps your PayPal account' });
}

/** The store's first purchase with "save this PayPal account" ticked: the sale saves it for a new customer. */
async function buyAndSave(email = 'ada@example.com'): Promise<{ customerId: string; token: string; billingAgreementId: string; transaction: braintree.Transaction }> {
  const result = await gateway.transaction.sale({
    amount: '30.00',
    paymentMethodNonce: await checkoutNonce(true),
    orderId: `order_${SandboxStore.id()}`,
    customer: { firstName: 'Ada', lastName: 'Lovelace', email },
    options: { submitForSettlement: true, storeInVaultOnSuccess: true },
  });
  expect(result.success).toBe(true);
  const { transaction } = result;
  return { customerId: transaction.customer.id as string, token: transaction.paypalAccount?.token as string, billingAgreementId: agreementOf(transaction) as string, transaction };
}

const listed = async (customerId: string) => at((await savedPaymentMethods(target, await fingerprintFor(customerId))).body, 'paymentMethods') as Record<string, any>[];

describe('a sale with storeInVaultOnSuccess', () => {
  it('saves a Checkout with Vault nonce as a PayPal account of a new customer, which the SDK reads as a PayPalAccount', async () => {
    const customersBefore = Object.keys(sandbox.context.store.state.customers).length;
    const { customerId, token, billingAgreementId, transaction } = await buyAndSave('grace@example.com');
    expect(transaction).toMatchObject({ status: 'submitted_for_settlement', paymentInstrumentType: 'paypal_account', customer: { id: customerId, email: 'grace@example.com' } });
    expect(token).toEqual(expect.any(String));
    expect(billingAgreementId).toMatch(/^B-[A-Z0-9]{17}$/);
    expect(transaction.paypalAccount).toMatchObject({ payerEmail: BUYER.email, payerId: BUYER.payerId, paymentId: expect.stringMatching(/^PAYID-/) });
    expect(transaction.creditCard?.token).toBeNull();
    expect(Object.keys(sandbox.context.store.state.customers)).toHaveLength(customersBefore + 1);

    const found = await gateway.paymentMethod.find(token);
    expect(found).toBeInstanceOf(braintree.PayPalAccount);
    expect(found).toMatchObject({ token, email: BUYER.email, default: true, customerId, billingAgreementId, payerId: BUYER.payerId, revokedAt: null, limitedUseOrderId: null, subscriptions: [] });
    expect((found as braintree.PayPalAccount).imageUrl).toContain('/payment_method_logo/paypal.png');

    const customer = await gateway.customer.find(customerId);
    expect(customer).toMatchObject({ email: 'grace@example.com', creditCards: [] });
    expect(customer.paypalAccounts).toEqual([expect.objectContaining({ token, email: BUYER.email, billingAgreementId })]);
    expect(customer.paypalAccounts?.[0]).toBeInstanceOf(braintree.PayPalAccount);
    expect(customer.paymentMethods?.map((method) => method.token)).toEqual([token]);
  });

  it('saves it under an existing customer_id too, and saves nothing when the sale is declined', async () => {
    const customer = (await gateway.customer.create({ firstName: 'Edsger' })).customer;
    const saved = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: await checkoutNonce(true, '10.00'), customerId: customer.id, options: { storeInVaultOnSuccess: true } });
    expect(saved.transaction.paypalAccount?.token).toEqual(expect.any(String));
    expect((await gateway.customer.find(customer.id)).paypalAccounts?.map((account) => account.token)).toEqual([saved.transaction.paypalAccount?.token]);

    const declined = await gateway.transaction.sale({ amount: '2001.00', paymentMethodNonce: await checkoutNonce(true, '2001.00'), customerId: customer.id, options: { storeInVaultOnSuccess: true } });
    expect(declined.transaction).toMatchObject({ status: 'processor_declined', paymentInstrumentType: 'paypal_account' });
    expect(declined.transaction.paypalAccount?.token).toBeNull();
    expect((await gateway.customer.find(customer.id)).paypalAccounts).toHaveLength(1);
  });

  it('pays with a one-time PayPal nonce but saves nothing, as the provider does ("does not vault even when explicitly asked")', async () => {
    const { paymentMethods, customers } = sandbox.context.store.state;
    const [methodsBefore, customersBefore] = [Object.keys(paymentMethods).length, Object.keys(customers).length];
    for (const options of [{ storeInVaultOnSuccess: true }, { storeInVault: true }]) {
      const result = await gateway.transaction.sale({ amount: '30.00', paymentMethodNonce: await checkoutNonce(false), customer: { email: 'once@example.com' }, options });
      expect(result.success).toBe(true);
      expect(result.transaction.paymentInstrumentType).toBe('paypal_account');
      expect(result.transaction.paypalAccount).toMatchObject({ token: null, billingAgreementId: null, payerEmail: BUYER.email });
      expect(result.transaction.customer).toMatchObject({ id: null, email: 'once@example.com' });
    }
    expect(Object.keys(paymentMethods)).toHaveLength(methodsBefore);
    expect(Object.keys(customers)).toHaveLength(customersBefore);
  });
});

describe('the saved PayPal account', () => {
  it('is listed by the vault manager with a fresh nonce that pays as PayPal with the saved token', async () => {
    const { customerId, token, billingAgreementId } = await buyAndSave();
    // A card saved afterwards stays second: the account is the default.
    await gateway.paymentMethod.create({ customerId, paymentMethodNonce: 'fake-valid-mastercard-nonce' });
    const [first, second] = await listed(customerId);
    expect(first).toEqual({
      type: 'PayPalAccount',
      nonce: expect.any(String),
      description: 'PayPal',
      consumed: false,
      default: true,
      hasSubscription: false,
      details: { email: BUYER.email, payerInfo: { email: BUYER.email, payerId: BUYER.payerId, firstName: 'Sandbox', lastName: 'Buyer', countryCode: 'GB' } },
    });
    expect(second).toMatchObject({ type: 'CreditCard', default: false, details: { lastFour: '4444' } });
    const [again] = await listed(customerId);
    expect(again.nonce).not.toBe(first.nonce);

    expect(await gateway.paymentMethodNonce.find(first.nonce)).toMatchObject({ type: 'PayPalAccount', details: { email: BUYER.email } });
    const result = await gateway.transaction.sale({ amount: '12.00', paymentMethodNonce: first.nonce, options: { submitForSettlement: true } });
    expect(result.success).toBe(true);
    expect(result.transaction).toMatchObject({ paymentInstrumentType: 'paypal_account', customer: { id: customerId } });
    expect(result.transaction.paypalAccount).toMatchObject({ token, billingAgreementId, payerEmail: BUYER.email, paymentId: null });
    expect(result.transaction.creditCard?.last4).toBeNull();
    expect(codes(await gateway.transaction.sale({ amount: '12.00', paymentMethodNonce: first.nonce }))).toEqual(['91564']);
  });

  it('pays by its token, and by the customer id alone while it is the default, as PayPal (3-D Secure required passes it)', async () => {
    const { customerId, token, billingAgreementId } = await buyAndSave();
    const byToken = await gateway.transaction.sale({ amount: '8.00', paymentMethodToken: token, options: { threeDSecure: { required: true } } });
    expect(byToken.success).toBe(true);
    expect(byToken.transaction).toMatchObject({ paymentInstrumentType: 'paypal_account', customer: { id: customerId } });
    expect(byToken.transaction.paypalAccount).toMatchObject({ token, billingAgreementId, payerId: BUYER.payerId });
    expect(byToken.transaction.creditCard?.token).toBeNull();

    const byCustomer = await gateway.transaction.sale({ amount: '9.00', customerId });
    expect(byCustomer.transaction.paymentInstrumentType).toBe('paypal_account');
    expect(byCustomer.transaction.paypalAccount?.token).toBe(token);

    const nonce = (await gateway.paymentMethodNonce.create(token)).paymentMethodNonce;
    expect(nonce).toMatchObject({ type: 'PayPalAccount', details: { email: BUYER.email } });
  });

  it('is deleted by paymentMethod.delete: find is notFoundError, the customer lists none, an outstanding vault nonce no longer pays', async () => {
    const { customerId, token } = await buyAndSave();
    const [entry] = await listed(customerId);
    await gateway.paymentMethod.delete(token);
    await expect(gateway.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    expect((await gateway.customer.find(customerId)).paypalAccounts).toEqual([]);
    expect(await listed(customerId)).toEqual([]);
    expect(codes(await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: entry.nonce }))).toEqual(['91565']);
    expect(codes(await gateway.transaction.sale({ amount: '5.00', paymentMethodToken: token }))).toEqual(['91518']);
  });

  it('updates make_default only: a nonce is 92914, card details 92915', async () => {
    const { customerId, token } = await buyAndSave();
    const card = (await gateway.paymentMethod.create({ customerId, paymentMethodNonce: 'fake-valid-visa-nonce', options: { makeDefault: true } })).paymentMethod;
    expect(await gateway.paymentMethod.find(token)).toMatchObject({ default: false });

    const updated = await gateway.paymentMethod.update(token, { options: { makeDefault: true } });
    expect(updated.success).toBe(true);
    expect(updated.paymentMethod).toBeInstanceOf(braintree.PayPalAccount);
    expect(updated.paymentMethod).toMatchObject({ token, default: true });
    expect(await gateway.paymentMethod.find(card.token as string)).toMatchObject({ default: false });

    expect(codes(await gateway.paymentMethod.update(token, { paymentMethodNonce: await checkoutNonce(true) }))).toEqual(['92914']);
    expect(codes(await gateway.paymentMethod.update(token, { expirationDate: '01/2030' }))).toEqual(['92915']);
  });

  it('has no expiry: the expire control endpoint refuses it and it still pays', async () => {
    const { token } = await buyAndSave();
    const response = await fetch(`${sandbox.url}/__sandbox/payment-methods/${token}/expire`, { method: 'POST' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toContain('PayPal account');
    const result = await gateway.transaction.sale({ amount: '5.00', paymentMethodToken: token });
    expect(result.success).toBe(true);
    expect(result.transaction.processorResponseCode).toBe('1000');
  });

  it('is deleted from the browser by the vault manager (GraphQL deletePaymentMethodFromSingleUseToken), by its customer only', async () => {
    const { customerId, token } = await buyAndSave();
    const [entry] = await listed(customerId);
    const remove = async (fingerprint: string, singleUseTokenId: string) =>
      (
        await fetch(`${sandbox.url}/graphql`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${fingerprint}`, 'Braintree-Version': '2018-05-10' },
          body: JSON.stringify({
            query: 'mutation DeletePaymentMethodFromSingleUseToken($input: DeletePaymentMethodFromSingleUseTokenInput!) { deletePaymentMethodFromSingleUseToken(input: $input) { clientMutationId } }',
            variables: { input: { singleUseTokenId } },
            operationName: 'DeletePaymentMethodFromSingleUseToken',
          }),
        })
      ).json();

    const someoneElse = (await gateway.customer.create({})).customer.id;
    expect(await remove(await fingerprintFor(someoneElse), entry.nonce)).toMatchObject({ errors: [{ extensions: { errorClass: 'NOT_FOUND' } }] });
    expect(await remove(await fingerprintFor(customerId), 'no-such-nonce')).toMatchObject({ errors: [{ extensions: { errorClass: 'NOT_FOUND' } }] });
    expect(await gateway.paymentMethod.find(token)).toMatchObject({ token });

    const removed = await remove(await fingerprintFor(customerId), entry.nonce);
    expect(removed).toMatchObject({ data: { deletePaymentMethodFromSingleUseToken: { clientMutationId: null } } });
    expect(removed).not.toHaveProperty('errors');
    await expect(gateway.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
  });
});

describe('saving a PayPal nonce outside a sale', () => {
  it('paymentMethod.create answers a <paypal-account> for a billing agreement; a one-time nonce is 82902 and stays usable', async () => {
    const customer = (await gateway.customer.create({ firstName: 'Barbara' })).customer;
    const created = await gateway.paymentMethod.create(withToken({ customerId: customer.id, paymentMethodNonce: await checkoutNonce(true) }, `pp_${SandboxStore.id()}`));
    expect(created.success).toBe(true);
    expect(created.paymentMethod).toBeInstanceOf(braintree.PayPalAccount);
    expect(created.paymentMethod).toMatchObject({ email: BUYER.email, customerId: customer.id, default: true, billingAgreementId: expect.stringMatching(/^B-/) });
    expect(codes(await gateway.paymentMethod.create(withToken({ customerId: customer.id, paymentMethodNonce: await checkoutNonce(true) }, created.paymentMethod.token as string)))).toEqual(['92906']);

    const oneTime = await checkoutNonce(false);
    const refused = await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: oneTime });
    expect(codes(refused)).toEqual(['82902']);
    expect(refused.errors.for('paypalAccount')?.on('base')).toEqual([expect.objectContaining({ code: '82902' })]);
    expect((await gateway.transaction.sale({ amount: '30.00', paymentMethodNonce: oneTime })).success).toBe(true);

    // The documented static future-payments nonce carries a billing agreement too.
    const fake = await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: 'fake-paypal-future-nonce' });
    expect(fake.paymentMethod).toBeInstanceOf(braintree.PayPalAccount);
    expect((await gateway.customer.find(customer.id)).paypalAccounts).toHaveLength(2);
  });

  it('customer.create with a billing agreement nonce saves the account with the customer', async () => {
    const result = await gateway.customer.create({ email: 'alan@example.com', paymentMethodNonce: await checkoutNonce(true) });
    expect(result.success).toBe(true);
    expect(result.customer.creditCards).toEqual([]);
    expect(result.customer.paypalAccounts).toEqual([expect.objectContaining({ email: BUYER.email, default: true })]);
  });
});
