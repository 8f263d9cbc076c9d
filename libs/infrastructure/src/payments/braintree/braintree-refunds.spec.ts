import type { GatewayRefundRequest } from '@store/application';
import { DomainError } from '@store/domain';
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import type braintree from 'braintree';
import { randomUUID } from 'node:crypto';
import { BraintreeRefunds } from './braintree-refunds';

// Our adapter through the real braintree SDK against the project's card sandbox, in-process, which
// voids, refunds and declines refunds as the provider does (its refund test amounts decline).
let sandbox: RunningBraintreeSandbox;
let sdk: braintree.BraintreeGateway;
let refunds: BraintreeRefunds;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  sdk = gatewayFor(sandbox);
  refunds = new BraintreeRefunds(sdk);
});
afterAll(() => sandbox?.close());

async function sale(amount: string, settled: boolean): Promise<string> {
  const sold = await sdk.transaction.sale({ amount, paymentMethodNonce: 'fake-valid-visa-nonce', orderId: `order-${randomUUID()}`, options: { submitForSettlement: true } });
  expect(sold.success).toBe(true);
  if (settled) await sdk.testing.settle(sold.transaction.id);
  return sold.transaction.id;
}

const request = (transactionId: string, amountMinor: number, whole: boolean): GatewayRefundRequest => ({
  transactionId,
  reference: randomUUID(),
  amountMinor,
  currency: 'GBP',
  whole,
  items: [{ productReference: 'photo-2', quantity: 1, amountMinor }],
});

const statusOf = async (id: string) => (await sdk.transaction.find(id)).status;

describe('BraintreeRefunds', () => {
  it('voids a sale not yet settled when all of it is given back, and finds the void again', async () => {
    const id = await sale('40.00', false);
    const asked = request(id, 4000, true);
    expect(await refunds.refund(asked)).toEqual({ outcome: 'voided', providerRefundId: id });
    expect(await statusOf(id)).toBe('voided');
    expect(await refunds.findRefund(id, asked.reference)).toEqual({ outcome: 'voided', providerRefundId: id });
    // Asked again (an answer lost): the void stands, nothing else is done.
    expect(await refunds.refund(asked)).toEqual({ outcome: 'voided', providerRefundId: id });
  });

  it('refuses a part of a sale not yet settled with REFUND_NOT_SETTLED, leaving the sale as it was', async () => {
    const id = await sale('40.00', false);
    const asked = request(id, 1500, false);
    const refused = await refunds.refund(asked).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).errorName).toBe('REFUND_NOT_SETTLED');
    expect(await statusOf(id)).toBe('submitted_for_settlement');
    expect(await refunds.findRefund(id, asked.reference)).toBeNull();
  });

  it('refunds a settled sale under our reference; with the answer lost, findRefund finds it and a retry makes no second refund', async () => {
    const id = await sale('40.00', true);
    const asked = request(id, 1500, false);
    const made = await refunds.refund(asked);
    expect(made).toEqual({ outcome: 'refunded', providerRefundId: expect.any(String) });
    const refund = await sdk.transaction.find((made as { providerRefundId: string }).providerRefundId);
    expect(refund).toMatchObject({ type: 'credit', amount: '15.00', orderId: asked.reference, refundedTransactionId: id });

    expect(await refunds.findRefund(id, asked.reference)).toEqual(made);
    expect(await refunds.refund(asked)).toEqual(made);
    expect((await sdk.transaction.find(id)).refundIds).toHaveLength(1);
    // Another reference is another refund.
    expect(await refunds.findRefund(id, randomUUID())).toBeNull();
    expect(await refunds.refund(request(id, 2500, true))).toEqual({ outcome: 'refunded', providerRefundId: expect.any(String) });
    expect((await sdk.transaction.find(id)).refundIds).toHaveLength(2);
  });

  it('answers declined when the issuer declines the refund, and when more is asked than is left', async () => {
    const id = await sale('3500.00', true);
    const declined = await refunds.refund(request(id, 204600, false));
    expect(declined).toEqual({ outcome: 'declined', reason: expect.stringContaining('2046') });
    expect((await sdk.transaction.find(id)).refundIds).toEqual([]);
    const tooMuch = await refunds.refund(request(id, 350001, false));
    expect(tooMuch).toEqual({ outcome: 'declined', reason: expect.stringContaining('91521') });
  });

  it('answers declined for a sale that took nothing or is unknown, and findRefund null for an unknown sale', async () => {
    const id = await sale('40.00', false);
    await sdk.transaction.void(id);
    expect(await refunds.refund(request(id, 1000, false))).toEqual({ outcome: 'declined', reason: expect.stringContaining('voided') });
    expect(await refunds.refund(request('nosuchsale', 1000, true))).toEqual({ outcome: 'declined', reason: expect.stringContaining('nosuchsale') });
    expect(await refunds.findRefund('nosuchsale', randomUUID())).toBeNull();
  });

  it('throws when the gateway cannot be reached, so the outcome stays unknown', async () => {
    const unreachable = new BraintreeRefunds(gatewayFor({ port: 1, config: sandbox.config }));
    await expect(unreachable.refund(request('any', 1000, true))).rejects.toThrow();
    await expect(unreachable.findRefund('any', randomUUID())).rejects.toThrow();
  });
});
