import braintree from 'braintree';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { SandboxStore } from '../store';
import { at, savedPaymentMethods, type WalletFlowTarget } from '../wallets/wallet-flows';

/**
 * Saving a Venmo account, as the store runs it: braintree-web's venmo module makes a payment context
 * (MULTI_USE when the shopper ticked 'Save Venmo', SINGLE_USE otherwise) on the client GraphQL
 * endpoint, the payer approves it in the app (the control endpoint), the module reads the nonce from
 * the status query; then a sale with storeInVaultOnSuccess through the real `braintree` SDK.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let target: WalletFlowTarget;

beforeAll(async () => {
  ({ sandbox, gateway, target } = await sandboxWithSdk());
});
afterAll(() => sandbox.close());

async function fingerprintFor(customerId?: string): Promise<string> {
  const { clientToken } = await gateway.clientToken.generate({ merchantAccountId: 'store_USD', ...(customerId ? { customerId } : {}) });
  return JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;
}

async function graphQL(fingerprint: string, query: string, variables: object): Promise<Record<string, any>> {
  const response = await fetch(`${sandbox.url}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${fingerprint}`, 'Braintree-Version': '2018-05-10' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Record<string, any>;
}

/** The module's desktop flow, the payer approving in the app: the VenmoAccount nonce the status query hands back. */
async function venmoNonce(usage: 'SINGLE_USE' | 'MULTI_USE', fingerprint?: string): Promise<string> {
  const fp = fingerprint ?? (await fingerprintFor());
  const created = await graphQL(fp, 'mutation CreateVenmoPaymentContext($input: CreateVenmoPaymentContextInput!) { createVenmoPaymentContext(input: $input) { venmoPaymentContext { id } } }', {
    input: { paymentMethodUsage: usage, intent: 'CONTINUE', customerClient: 'DESKTOP' },
  });
  const id = created.data.createVenmoPaymentContext.venmoPaymentContext.id as string;
  for (const action of ['scan', 'approve']) {
    const response = await fetch(`${sandbox.url}/__sandbox/venmo/payment-contexts/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
    expect(response.status).toBe(200);
  }
  const status = await graphQL(fp, 'query PaymentContext($id: ID!) { node(id: $id) { ... on VenmoPaymentContext { status paymentMethodId } } }', { id });
  expect(status.data.node.status).toBe('APPROVED');
  return status.data.node.paymentMethodId as string;
}

const saleWithVault = async (nonce: string, email: string) =>
  gateway.transaction.sale({
    amount: '25.00',
    merchantAccountId: 'store_USD',
    paymentMethodNonce: nonce,
    orderId: `order_${SandboxStore.id()}`,
    customer: { firstName: 'Ada', lastName: 'Lovelace', email },
    options: { submitForSettlement: true, storeInVaultOnSuccess: true },
  });

const venmoOf = (transaction: braintree.Transaction) => (transaction as unknown as { venmoAccountDetails?: { token?: string | null; username?: string | null } }).venmoAccountDetails;

describe('a Venmo sale with storeInVaultOnSuccess', () => {
  it('saves a MULTI_USE approval as a VenmoAccount of a new customer, which then pays by its token', async () => {
    const result = await saleWithVault(await venmoNonce('MULTI_USE'), 'ada-venmo@example.com');
    expect(result.success).toBe(true);
    const { transaction } = result;
    const token = venmoOf(transaction)?.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(venmoOf(transaction)?.username).toBe('@venmojoe');
    const customerId = transaction.customer.id as string;
    expect(customerId).toBeTruthy();

    const found = await gateway.paymentMethod.find(token);
    expect(found).toBeInstanceOf(braintree.VenmoAccount);
    expect(found).toMatchObject({ token, username: '@venmojoe', customerId });
    const customer = await gateway.customer.find(customerId);
    expect((customer as unknown as { venmoAccounts: { token: string }[] }).venmoAccounts.map((account) => account.token)).toEqual([token]);

    // The vault manager lists it as a VenmoAccount (never as PayPal's).
    const listed = at((await savedPaymentMethods(target, await fingerprintFor(customerId))).body, 'paymentMethods') as Record<string, any>[];
    expect(listed).toEqual([expect.objectContaining({ type: 'VenmoAccount', description: 'Venmo Account: venmojoe', details: expect.objectContaining({ username: '@venmojoe' }) })]);

    // The next order: the server's stored token, no Venmo window.
    const again = await gateway.transaction.sale({ amount: '12.00', merchantAccountId: 'store_USD', paymentMethodToken: token, orderId: `order_${SandboxStore.id()}`, options: { submitForSettlement: true } });
    expect(again.success).toBe(true);
    expect(again.transaction.paymentInstrumentType).toBe('venmo_account');
    expect(venmoOf(again.transaction)).toMatchObject({ token, username: '@venmojoe' });
  });

  it('pays a SINGLE_USE approval but saves nothing, and makes no customer (the provider does not vault a single-use Venmo payment)', async () => {
    const customersBefore = Object.keys(sandbox.context.store.state.customers).length;
    const methodsBefore = Object.keys(sandbox.context.store.state.paymentMethods).length;
    const result = await saleWithVault(await venmoNonce('SINGLE_USE'), 'once@example.com');
    expect(result.success).toBe(true);
    expect(result.transaction.paymentInstrumentType).toBe('venmo_account');
    expect(venmoOf(result.transaction)?.token ?? null).toBeNull();
    expect(result.transaction.customer.id ?? null).toBeNull();
    expect(Object.keys(sandbox.context.store.state.customers)).toHaveLength(customersBefore);
    expect(Object.keys(sandbox.context.store.state.paymentMethods)).toHaveLength(methodsBefore);
  });

  it('saves a MULTI_USE approval under an existing customer; once removed, its token no longer pays', async () => {
    const { customer } = await gateway.customer.create({ email: 'grace-venmo@example.com' });
    const result = await gateway.transaction.sale({
      amount: '10.00',
      merchantAccountId: 'store_USD',
      paymentMethodNonce: await venmoNonce('MULTI_USE', await fingerprintFor(customer.id)),
      customerId: customer.id,
      orderId: `order_${SandboxStore.id()}`,
      options: { submitForSettlement: true, storeInVaultOnSuccess: true },
    });
    expect(result.success).toBe(true);
    const token = venmoOf(result.transaction)?.token as string;
    expect((await gateway.paymentMethod.find(token)).customerId).toBe(customer.id);

    await gateway.paymentMethod.delete(token);
    await expect(gateway.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    const refused = await gateway.transaction.sale({ amount: '10.00', merchantAccountId: 'store_USD', paymentMethodToken: token, orderId: `order_${SandboxStore.id()}` });
    expect(refused.success).toBe(false);
    expect(refused.errors.deepErrors().map((error) => error.code)).toEqual(['91518']);
  });
});
