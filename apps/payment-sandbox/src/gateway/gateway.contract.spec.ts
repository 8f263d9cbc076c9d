import braintree from 'braintree';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { gatewayFor, startBraintreeSandbox, type NonceRecord, type RunningBraintreeSandbox, type ThreeDSecureInfo } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { SandboxStore } from '../store';
import { cardRecord, type CardInput } from './cards';

/**
 * The sandbox's contract: the real `braintree` SDK, unchanged, against the sandbox in-process. Every
 * assertion reads SDK objects, so a field the XML spells wrong fails here.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;

beforeAll(async () => {
  ({ sandbox, gateway } = await sandboxWithSdk());
});

afterAll(() => sandbox.close());

/** Stands in for the client API's tokenization: a single-use nonce for a card, as the browser half makes them. */
function tokenize(card: Partial<CardInput> = {}, extra: Partial<NonceRecord> = {}): string {
  const nonce = SandboxStore.nonceValue();
  sandbox.context.store.state.nonces[nonce] = {
    nonce,
    card: cardRecord({ number: '4111111111111111', expirationMonth: '12', expirationYear: String(new Date().getFullYear() + 3), cvv: '123', postalCode: '12345', ...card }),
    consumed: false,
    createdAt: new Date().toISOString(),
    threeDSecureInfo: null,
    paymentMethodToken: null,
    customerId: null,
    kind: 'CreditCard',
    ...extra,
  };
  return nonce;
}

function threeDSecureInfo(status: string, liabilityShifted: boolean, liabilityShiftPossible: boolean): ThreeDSecureInfo {
  return {
    status,
    liabilityShifted,
    liabilityShiftPossible,
    enrolled: liabilityShiftPossible ? 'Y' : 'N',
    cavv: null,
    eciFlag: null,
    threeDSecureVersion: '2.2.0',
    dsTransactionId: null,
    threeDSecureAuthenticationId: 'auth_test',
  };
}

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

function collect<T>(stream: Readable): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const items: T[] = [];
    stream.on('data', (item: T) => items.push(item));
    stream.on('end', () => resolve(items));
    stream.on('error', reject);
  });
}

const codes = (result: { errors: braintree.ValidationErrorsCollection }) => result.errors.deepErrors().map((error) => error.code);
const uniqueId = (prefix: string) => `${prefix}_${SandboxStore.id()}`;

describe('client tokens', () => {
  it('decodes to a version 2 token the client API can look up, without GraphQL', async () => {
    const result = await gateway.clientToken.generate({});
    expect(result.success).toBe(true);
    const token = JSON.parse(Buffer.from(result.clientToken, 'base64').toString('utf8')) as Record<string, unknown>;
    expect(token).toMatchObject({
      version: 2,
      configUrl: `https://api.sandbox.braintreegateway.com/merchants/${sandbox.config.merchantId}/client_api/v1/configuration`,
      clientApiUrl: `https://api.sandbox.braintreegateway.com/merchants/${sandbox.config.merchantId}/client_api`,
      assetsUrl: 'https://assets.braintreegateway.com',
      environment: 'sandbox',
      merchantId: sandbox.config.merchantId,
      threeDSecureEnabled: true,
    });
    expect(token).not.toHaveProperty('graphQL');
    const fingerprint = token.authorizationFingerprint as string;
    expect(fingerprint).not.toContain('?');
    expect(sandbox.context.store.state.clientTokens[fingerprint]).toMatchObject({ fingerprint, customerId: null });
  });

  it('carries the customer id in the fingerprint, and refuses an unknown customer with 92804', async () => {
    const customer = (await gateway.customer.create({ firstName: 'Ada' })).customer;
    const result = await gateway.clientToken.generate({ customerId: customer.id });
    const token = JSON.parse(Buffer.from(result.clientToken, 'base64').toString('utf8')) as { authorizationFingerprint: string };
    const [fingerprint, query] = token.authorizationFingerprint.split('?');
    expect(query).toBe(`customer_id=${customer.id}`);
    expect(sandbox.context.store.state.clientTokens[fingerprint].customerId).toBe(customer.id);

    const unknown = await gateway.clientToken.generate({ customerId: 'no_such_customer' });
    expect(unknown.success).toBe(false);
    expect(codes(unknown)).toEqual(['92804']);
    expect(unknown.errors.for('clientToken').on('customerId')).toEqual([expect.objectContaining({ code: '92804' })]);
  });
});

describe('sales', () => {
  it('approves the static fake-valid-nonce, and it stays reusable', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', deviceData: '{"correlation_id":"abc"}' });
      expect(result.success).toBe(true);
      expect(result.transaction).toMatchObject({ status: 'authorized', type: 'sale', amount: '10.00', currencyIsoCode: 'GBP', processorResponseCode: '1000', processorResponseText: 'Approved', paymentInstrumentType: 'credit_card' });
      expect(result.transaction.processorAuthorizationCode).toMatch(/^[A-Z0-9]{6}$/);
      expect(result.transaction.creditCard).toMatchObject({ last4: '1111', cardType: 'Visa', bin: '411111', maskedNumber: '411111******1111' });
      expect(result.transaction.riskData).toMatchObject({ decision: 'Approve', deviceDataCaptured: true });
      expect(result.transaction.statusHistory).toHaveLength(1);
    }
  });

  it('charges a tokenized card once: the nonce is then consumed (91564)', async () => {
    const nonce = tokenize({ number: '5555555555554444', cardholderName: 'Ada Lovelace' });
    const first = await gateway.transaction.sale({ amount: '12.50', paymentMethodNonce: nonce, merchantAccountId: 'store_EUR', options: { submitForSettlement: true } });
    expect(first.success).toBe(true);
    expect(first.transaction).toMatchObject({ status: 'submitted_for_settlement', currencyIsoCode: 'EUR', merchantAccountId: 'store_EUR' });
    expect(first.transaction.creditCard).toMatchObject({ last4: '4444', cardType: 'MasterCard', bin: '555555', maskedNumber: '555555******4444', cardholderName: 'Ada Lovelace', token: null });
    expect(first.transaction.statusHistory?.map((event) => event.status)).toEqual(['authorized', 'submitted_for_settlement']);

    const again = await gateway.transaction.sale({ amount: '12.50', paymentMethodNonce: nonce });
    expect(again.success).toBe(false);
    expect(codes(again)).toEqual(['91564']);
    expect(again.errors.for('transaction').on('paymentMethodNonce')).toEqual([expect.objectContaining({ code: '91564' })]);
    expect(again.transaction).toBeUndefined();
  });

  it('answers validation errors: unknown nonce, bad token, no method, bad amount, unknown account', async () => {
    expect(codes(await gateway.transaction.sale({ amount: '1.00', paymentMethodNonce: 'nonce-nobody-made' }))).toEqual(['91565']);
    expect(codes(await gateway.transaction.sale({ amount: '1.00', paymentMethodToken: 'no_such_token' }))).toEqual(['91518']);
    expect(codes(await gateway.transaction.sale({ amount: '1.00' }))).toEqual(['91508']);
    expect(codes(await gateway.transaction.sale({ amount: '1.2.3', paymentMethodNonce: 'fake-valid-nonce' }))).toEqual(['81503']);
    expect(codes(await gateway.transaction.sale({ amount: '1.00', paymentMethodNonce: 'fake-valid-nonce', merchantAccountId: 'nowhere' }))).toEqual(['91513']);
  });

  it('declines by amount (2001.00: 2001) and by the sandbox\'s own card (4000000000000010: 2000), not by a verification test card', async () => {
    // The documented unsuccessful-verification cards fail verifications only: a sale follows its amount.
    const verificationCard = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ number: '4000111111111115' }) });
    expect(verificationCard.transaction.status).toBe('authorized');
    const byCard = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ number: '4000000000000010' }) });
    expect(byCard.success).toBe(false);
    expect(byCard.message).toBe('Do Not Honor');
    expect(byCard.errors.deepErrors()).toEqual([]);
    expect(byCard.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor', processorResponseType: 'soft_declined' });

    const byAmount = await gateway.transaction.sale({ amount: '2001.00', paymentMethodNonce: tokenize() });
    expect(byAmount.success).toBe(false);
    expect(byAmount.message).toBe('Insufficient Funds');
    expect(byAmount.transaction.processorResponseCode).toBe('2001');

    const staticVerificationDecline = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-processor-declined-visa-nonce' });
    expect(staticVerificationDecline.transaction.status).toBe('authorized');
    const failed = await gateway.transaction.sale({ amount: '3000.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(failed.transaction).toMatchObject({ status: 'failed', processorResponseCode: '3000' });
  });

  it('rejects fraud, CVV 200 and postal code 20000 at the gateway', async () => {
    const fraud = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ number: '4000111111111511' }) });
    expect(fraud.message).toBe('Gateway Rejected: fraud');
    expect(fraud.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'fraud', processorResponseCode: null });
    expect(fraud.transaction.riskData?.decision).toBe('Decline');

    const cvv = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ cvv: '200' }) });
    expect(cvv.message).toBe('Gateway Rejected: cvv');
    expect(cvv.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'cvv', cvvResponseCode: 'N' });

    const avs = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ postalCode: '20000' }) });
    expect(avs.transaction).toMatchObject({ gatewayRejectionReason: 'avs', avsPostalCodeResponseCode: 'N' });
  });

  it('authorizes a card whose expiry date has passed, as the provider\'s sandbox does (2004 is by amount or the sandbox\'s own card)', async () => {
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ expirationMonth: '01', expirationYear: '2020' }) });
    expect(result.transaction).toMatchObject({ status: 'authorized', processorResponseCode: '1000' });
    const byCard = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ number: '4000000000000069' }) });
    expect(byCard.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2004', processorResponseText: 'Expired Card' });
  });
});

describe('3-D Secure required', () => {
  const required = { threeDSecure: { required: true } };

  it('rejects a sale without 3-D Secure, and leaves the nonce usable', async () => {
    const nonce = tokenize();
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce, options: required });
    expect(result.success).toBe(false);
    expect(result.message).toBe('Gateway Rejected: three_d_secure');
    expect(result.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'three_d_secure' });
    expect(sandbox.context.store.state.nonces[nonce].consumed).toBe(false);
  });

  it('approves with liability shifted, read through the SDK as threeDSecureInfo', async () => {
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-three-d-secure-visa-full-authentication-nonce', options: required });
    expect(result.success).toBe(true);
    expect(result.transaction.threeDSecureInfo).toMatchObject({ liabilityShifted: true, liabilityShiftPossible: true, status: 'authenticate_successful', enrolled: 'Y' });

    const lookedUp = tokenize({}, { threeDSecureInfo: threeDSecureInfo('authenticate_successful', true, true) });
    const viaLookup = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: lookedUp, options: required });
    expect(viaLookup.transaction.threeDSecureInfo?.liabilityShifted).toBe(true);
  });

  it('rejects failed authentication and lets a card that could not take part through', async () => {
    const failed = tokenize({}, { threeDSecureInfo: threeDSecureInfo('authenticate_frictionless_failed', false, true) });
    expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: failed, options: required })).transaction.gatewayRejectionReason).toBe('three_d_secure');

    const notEnrolled = tokenize({}, { threeDSecureInfo: threeDSecureInfo('lookup_not_enrolled', false, false) });
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: notEnrolled, options: required });
    expect(result.success).toBe(true);
    expect(result.transaction.threeDSecureInfo?.liabilityShifted).toBe(false);
  });

  it('rejects a saved card charged by token (a token carries no 3-D Secure)', async () => {
    const customer = await gateway.customer.create({ paymentMethodNonce: tokenize() });
    const token = customer.customer.paymentMethods?.[0].token as string;
    const result = await gateway.transaction.sale({ amount: '10.00', paymentMethodToken: token, options: required });
    expect(result.transaction.gatewayRejectionReason).toBe('three_d_secure');
  });
});

describe('the vault', () => {
  it('saves the card on success (store_in_vault_on_success), creating the customer, then charges the token', async () => {
    const result = await gateway.transaction.sale({
      amount: '20.00',
      paymentMethodNonce: tokenize({ number: '378282246310005', cvv: '1234' }),
      customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      options: { storeInVaultOnSuccess: true },
    });
    expect(result.success).toBe(true);
    const { customer } = result.transaction;
    const token = result.transaction.creditCard?.token as string;
    expect(customer.id).toEqual(expect.any(String));
    expect(customer).toMatchObject({ firstName: 'Grace', email: 'grace@example.com' });
    expect(token).toEqual(expect.any(String));

    const found = await gateway.customer.find(customer.id as string);
    expect(found.paymentMethods).toHaveLength(1);
    expect(found.paymentMethods?.[0]).toMatchObject({ token, cardType: 'American Express', last4: '0005', default: true, expired: false });
    expect(found.creditCards?.[0].maskedNumber).toBe('378282******0005');

    const byToken = await gateway.transaction.sale({ amount: '5.00', paymentMethodToken: token });
    expect(byToken.success).toBe(true);
    expect(byToken.transaction.customer.id).toBe(customer.id);
    const byCustomer = await gateway.transaction.sale({ amount: '5.00', customerId: customer.id as string });
    expect(byCustomer.transaction.creditCard?.token).toBe(token);
  });

  it('saves nothing when the sale is declined', async () => {
    const customersBefore = Object.keys(sandbox.context.store.state.customers).length;
    const result = await gateway.transaction.sale({ amount: '2000.00', paymentMethodNonce: tokenize(), options: { storeInVaultOnSuccess: true } });
    expect(result.success).toBe(false);
    expect(result.transaction.creditCard?.token).toBeNull();
    expect(Object.keys(sandbox.context.store.state.customers)).toHaveLength(customersBefore);
  });

  it('refuses a customer email it will not take (81604), on create, update and a vaulting sale, saving nothing', async () => {
    const customersBefore = Object.keys(sandbox.context.store.state.customers).length;
    const codes = (result: { errors: { deepErrors(): Array<{ code: string }> } }) => result.errors.deepErrors().map((error) => error.code);
    const created = await gateway.customer.create({ email: 'ada@bücher.example' });
    expect(created.success).toBe(false);
    expect(codes(created)).toEqual(['81604']);
    const sale = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize(), customer: { email: 'ada@bücher.example' }, options: { storeInVaultOnSuccess: true } });
    expect(sale.success).toBe(false);
    expect(codes(sale)).toEqual(['81604']);
    expect(Object.keys(sandbox.context.store.state.customers)).toHaveLength(customersBefore);
    const plain = await gateway.customer.create({ email: "o'brien+store@example.co.uk" });
    expect(plain.success).toBe(true);
    expect(codes(await gateway.customer.update(plain.customer.id, { email: 'ada@bücher.example' }))).toEqual(['81604']);
    expect((await gateway.customer.find(plain.customer.id)).email).toBe("o'brien+store@example.co.uk");
  });

  it('creates, finds, updates and deletes customers', async () => {
    const id = uniqueId('cust');
    const created = await gateway.customer.create({ id, firstName: 'Alan', email: 'alan@example.com', paymentMethodNonce: tokenize({ number: '6011111111111117' }) });
    expect(created.success).toBe(true);
    expect(created.customer.id).toBe(id);
    expect(created.customer.paymentMethods?.[0]).toMatchObject({ cardType: 'Discover', customerId: id, default: true });
    expect(created.customer.paypalAccounts).toEqual([]);

    expect(codes(await gateway.customer.create({ id }))).toEqual(['91609']);
    const updated = await gateway.customer.update(id, { lastName: 'Turing' });
    expect(updated.customer).toMatchObject({ firstName: 'Alan', lastName: 'Turing' });

    const token = created.customer.paymentMethods?.[0].token as string;
    await gateway.customer.delete(id);
    await expect(gateway.customer.find(id)).rejects.toMatchObject({ type: 'notFoundError' });
    await expect(gateway.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('adds payment methods to a customer, with the documented errors', async () => {
    const customer = (await gateway.customer.create({ firstName: 'Edsger' })).customer;
    const first = await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: tokenize() });
    expect(first.success).toBe(true);
    const second = await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: tokenize({ number: '5555555555554444' }), options: { makeDefault: true } });
    expect(second.paymentMethod).toMatchObject({ default: true, customerId: customer.id });
    expect(await gateway.paymentMethod.find(first.paymentMethod.token as string)).toMatchObject({ default: false });

    const consumed = tokenize();
    await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: consumed });
    expect(codes(await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: consumed }))).toEqual(['93107']);
    expect(codes(await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: 'unknown-nonce' }))).toEqual(['93108']);
    expect(codes(await gateway.paymentMethod.create({ customerId: 'nobody', paymentMethodNonce: tokenize() }))).toEqual(['93105']);

    const unverified = await gateway.paymentMethod.create({ customerId: customer.id, paymentMethodNonce: tokenize({ number: '4000111111111115' }), options: { verifyCard: true } });
    expect(unverified.success).toBe(false);
    expect((unverified as unknown as { verification: { status: string; processorResponseCode: string } }).verification).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000' });
  });

  it('finds, updates and deletes a payment method; a deleted one is not found', async () => {
    const customer = (await gateway.customer.create({ paymentMethodNonce: tokenize() })).customer;
    const token = customer.paymentMethods?.[0].token as string;
    const found = await gateway.paymentMethod.find(token);
    expect(found).toMatchObject({ token, customerId: customer.id, last4: '1111', imageUrl: expect.stringContaining('visa') });

    const updated = await gateway.paymentMethod.update(token, { cardholderName: 'New Name', expirationDate: '11/2031' });
    expect(updated.paymentMethod).toMatchObject({ cardholderName: 'New Name', expirationMonth: '11', expirationYear: '2031' });

    await gateway.paymentMethod.delete(token);
    await expect(gateway.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('makes a nonce for a saved card; the sale by it carries the token', async () => {
    const customer = (await gateway.customer.create({ paymentMethodNonce: tokenize({ number: '4000000000001000' }) })).customer;
    const token = customer.paymentMethods?.[0].token as string;
    const created = await gateway.paymentMethodNonce.create(token);
    expect(created.success).toBe(true);
    const nonce = created.paymentMethodNonce.nonce;
    expect(created.paymentMethodNonce).toMatchObject({ type: 'CreditCard', details: expect.objectContaining({ lastFour: '1000', bin: '400000' }) });

    const sale = await gateway.transaction.sale({ amount: '7.00', paymentMethodNonce: nonce });
    expect(sale.transaction.creditCard?.token).toBe(token);
    expect(sale.transaction.customer.id).toBe(customer.id);
    expect(await gateway.paymentMethodNonce.find(nonce)).toMatchObject({ consumed: true });
    await expect(gateway.paymentMethodNonce.create('no_such_token')).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('finds a nonce with its 3-D Secure info', async () => {
    const found = await gateway.paymentMethodNonce.find('fake-three-d-secure-visa-full-authentication-nonce');
    expect(found.threeDSecureInfo).toMatchObject({ liabilityShifted: true, status: 'authenticate_successful' });
    await expect(gateway.paymentMethodNonce.find('nope')).rejects.toMatchObject({ type: 'notFoundError' });
  });

  it('reads a saved card expired through the control endpoint as expired; a sale of it still follows its amount', async () => {
    const customer = (await gateway.customer.create({ paymentMethodNonce: tokenize() })).customer;
    const token = customer.paymentMethods?.[0].token as string;
    expect((await control('POST', `payment-methods/${token}/expire`)).status).toBe(200);
    expect(await gateway.paymentMethod.find(token)).toMatchObject({ expired: true });
    const result = await gateway.transaction.sale({ amount: '2004.00', paymentMethodToken: token });
    expect(result.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2004' });
    expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodToken: token })).transaction.status).toBe('authorized');
  });
});

describe('after the sale', () => {
  it('submits, voids and refunds only where the status allows', async () => {
    const authorized = (await gateway.transaction.sale({ amount: '50.00', paymentMethodNonce: 'fake-valid-nonce' })).transaction;
    expect(codes(await gateway.transaction.refund(authorized.id))).toEqual(['91506']);
    const submitted = await gateway.transaction.submitForSettlement(authorized.id, '40.00');
    expect(submitted.transaction).toMatchObject({ status: 'submitted_for_settlement', amount: '40.00' });
    expect(codes(await gateway.transaction.submitForSettlement(authorized.id))).toEqual(['91507']);
    expect((await gateway.transaction.void(authorized.id)).transaction.status).toBe('voided');
    expect(codes(await gateway.transaction.void(authorized.id))).toEqual(['91504']);
  });

  it('settles through the control endpoint (and the SDK testing call), then refunds', async () => {
    const sale = (await gateway.transaction.sale({ amount: '30.00', paymentMethodNonce: 'fake-valid-nonce', options: { submitForSettlement: true } })).transaction;
    const settled = await control('PUT', `transactions/${sale.id}/settle`);
    expect(settled).toEqual({ status: 200, json: expect.objectContaining({ id: sale.id, status: 'settled' }) });

    const refund = await gateway.transaction.refund(sale.id, '10.00');
    expect(refund.success).toBe(true);
    expect(refund.transaction).toMatchObject({ type: 'credit', amount: '10.00', refundedTransactionId: sale.id, status: 'submitted_for_settlement' });
    expect((await gateway.transaction.find(sale.id)).refundIds).toEqual([refund.transaction.id]);
    expect(codes(await gateway.transaction.refund(sale.id, '25.00'))).toEqual(['91521']);
    expect(codes(await gateway.transaction.refund(refund.transaction.id))).toEqual(['91505']);

    const other = (await gateway.transaction.sale({ amount: '5.00', paymentMethodNonce: 'fake-valid-nonce', options: { submitForSettlement: true } })).transaction;
    await gateway.testing.settle(other.id);
    expect((await gateway.transaction.find(other.id)).status).toBe('settled');
    await expect(gateway.transaction.find('missing')).rejects.toMatchObject({ type: 'notFoundError' });
  });
});

describe('search, forced outcomes and the control endpoints', () => {
  it('finds exactly the transactions of an order id through the SDK stream', async () => {
    const orderId = uniqueId('order');
    const approved = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', orderId });
    const declined = await gateway.transaction.sale({ amount: '2000.00', paymentMethodNonce: 'fake-valid-nonce', orderId });
    await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', orderId: uniqueId('other') });

    const found = await collect<braintree.Transaction>(gateway.transaction.search((search) => search.orderId().is(orderId)));
    expect(found.map((transaction) => transaction.id).sort()).toEqual([approved.transaction.id, declined.transaction.id].sort());
    expect(found.every((transaction) => transaction.orderId === orderId)).toBe(true);

    const byIds = await collect<braintree.Transaction>(gateway.transaction.search((search) => search.ids().in([approved.transaction.id])));
    expect(byIds.map((transaction) => transaction.id)).toEqual([approved.transaction.id]);
    expect(await collect(gateway.transaction.search((search) => search.orderId().is('nothing-like-this')))).toEqual([]);

    const listed = await control('GET', `transactions?order_id=${orderId}`);
    expect(listed.json).toEqual([
      expect.objectContaining({ id: approved.transaction.id, status: 'authorized', amount: '10.00', currency: 'GBP', orderId }),
      expect.objectContaining({ id: declined.transaction.id, status: 'processor_declined' }),
    ]);
  });

  it('forces the next sale once', async () => {
    await control('POST', 'force', { sale: { kind: 'processor_declined', code: '2046' } });
    const forced = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce' });
    expect(forced.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2046', processorResponseText: 'Declined' });
    expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce' })).success).toBe(true);
    expect((await control('POST', 'force', { sale: { kind: 'nonsense' } })).status).toBe(400);
  });

  it('forces the next sale of one card only, leaving other cards and wallets their own outcome', async () => {
    await control('POST', 'force', { card: '4005519200000004', sale: { kind: 'gateway_rejected', reason: 'avs' } });
    const otherCard = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize() });
    expect(otherCard.success).toBe(true);
    const paypal = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-paypal-one-time-nonce' });
    expect(paypal.success).toBe(true);
    const forced = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ number: '4005519200000004' }) });
    expect(forced.transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'avs' });
    expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ number: '4005519200000004' }) })).success).toBe(true);

    await control('POST', 'force', { card: '4005519200000004', sale: { kind: 'processor_declined', code: '2001' } });
    await control('POST', 'force', { card: '4005519200000004', sale: null });
    expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: tokenize({ number: '4005519200000004' }) })).success).toBe(true);
    expect((await control('POST', 'force', { card: '4005 5192', sale: { kind: 'approved' } })).status).toBe(400);
  });

  it('fails the next removal of one saved payment method once, removing nothing', async () => {
    const customer = await gateway.customer.create({ firstName: 'Rita', paymentMethodNonce: tokenize() });
    const token = customer.customer.paymentMethods![0].token;
    const other = await gateway.customer.create({ firstName: 'Otto', paymentMethodNonce: tokenize() });
    await control('POST', 'force', { removal: { token, status: 500 } });

    await gateway.paymentMethod.delete(other.customer.paymentMethods![0].token);
    await expect(gateway.paymentMethod.delete(token)).rejects.toMatchObject({ type: 'serverError' });
    expect((await gateway.paymentMethod.find(token)).token).toBe(token);
    await gateway.paymentMethod.delete(token);
    await expect(gateway.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    expect((await control('POST', 'force', { removal: { token, status: 404 } })).status).toBe(400);
  });

  it('records a delayed sale before the SDK gives up waiting', async () => {
    const orderId = uniqueId('slow');
    await control('POST', 'force', { delayMs: 400 });
    const impatient = gatewayFor(sandbox);
    (impatient.config as { timeout: number }).timeout = 100;
    await expect(impatient.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-nonce', orderId })).rejects.toMatchObject({ type: 'unexpectedError', message: 'Request timed out' });

    const found = await collect<braintree.Transaction>(gateway.transaction.search((search) => search.orderId().is(orderId)));
    expect(found).toHaveLength(1);
    expect(found[0].status).toBe('authorized');
  });

  it('resets, and answers health', async () => {
    expect(await control('GET', 'health')).toEqual({ status: 200, json: { ok: true } });
  });
});

describe('access and persistence', () => {
  it('refuses wrong keys and an unknown merchant id alike (AuthenticationError)', async () => {
    await expect(gatewayFor(sandbox, { privateKey: 'wrong' }).clientToken.generate({})).rejects.toMatchObject({ type: 'authenticationError' });
    await expect(gatewayFor(sandbox, { merchantId: 'someone_else' }).transaction.find('abc')).rejects.toMatchObject({ type: 'authenticationError' });
  });

  it('keeps customers, cards and transactions across a restart with the same state file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'braintree-sandbox-'));
    const stateFile = join(directory, 'state.json');
    try {
      const first = await startBraintreeSandbox({ stateFile });
      const firstGateway = gatewayFor(first);
      const sale = await firstGateway.transaction.sale({ amount: '9.99', paymentMethodNonce: 'fake-valid-nonce', customer: { firstName: 'Kept' }, options: { storeInVaultOnSuccess: true } });
      await first.close();

      const second = await startBraintreeSandbox({ stateFile });
      try {
        const secondGateway = gatewayFor(second);
        expect((await secondGateway.transaction.find(sale.transaction.id)).amount).toBe('9.99');
        const customer = await secondGateway.customer.find(sale.transaction.customer.id as string);
        expect(customer.firstName).toBe('Kept');
        expect(customer.paymentMethods?.[0].token).toBe(sale.transaction.creditCard?.token);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
