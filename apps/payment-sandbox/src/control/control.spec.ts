import { startBraintreeSandbox, type RunningBraintreeSandbox } from '../index';
import { cardRecord } from '../gateway/cards';

let sandbox: RunningBraintreeSandbox;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
});

afterAll(() => sandbox.close());

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, json: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text };
}

describe('control endpoints', () => {
  it('answers health', async () => {
    expect(await call('GET', 'health')).toEqual({ status: 200, json: { ok: true } });
  });

  it('sets and clears forced outcomes, filling a decline from its code', async () => {
    expect(await call('POST', 'force', { sale: { kind: 'processor_declined', code: '2001' }, delayMs: 250 })).toEqual({
      status: 200,
      json: { forced: { nextSale: { kind: 'processor_declined', code: '2001', text: 'Insufficient Funds', type: 'soft_declined' }, nextSaleDelayMs: 250, nextSaleOfCard: {}, nextRemovalStatus: {} } },
    });
    expect(sandbox.context.store.state.forced.nextSaleDelayMs).toBe(250);
    expect((await call('POST', 'force', { sale: null, delayMs: 0 })).json).toEqual({ forced: { nextSale: null, nextSaleDelayMs: 0, nextSaleOfCard: {}, nextRemovalStatus: {} } });
    expect((await call('POST', 'force', { sale: { kind: 'gateway_rejected', reason: 'moon' } })).status).toBe(400);
    expect((await call('POST', 'force', { delayMs: -1 })).status).toBe(400);
    expect((await call('POST', 'force', { sale: { kind: 'gateway_rejected', reason: 'three_d_secure' } })).status).toBe(200);
    expect(sandbox.context.store.state.forced.nextSale).toEqual({ kind: 'gateway_rejected', reason: 'three_d_secure' });
  });

  it('refuses to settle what is missing or not submitted, and to expire a missing card', async () => {
    expect((await call('PUT', 'transactions/nope/settle')).status).toBe(404);
    expect((await call('POST', 'payment-methods/nope/expire')).status).toBe(404);
    const now = new Date().toISOString();
    sandbox.context.store.state.transactions.t1 = {
      id: 't1',
      status: 'authorized',
      type: 'sale',
      amount: '1.00',
      currencyIsoCode: 'GBP',
      merchantAccountId: 'store_GBP',
      orderId: 'o1',
      createdAt: now,
      updatedAt: now,
      customerId: null,
      card: cardRecord({ number: '4111111111111111', expirationMonth: '12', expirationYear: '2030' }),
      paymentMethodToken: null,
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      processorResponseType: 'approved',
      processorAuthorizationCode: 'A',
      gatewayRejectionReason: null,
      threeDSecureInfo: null,
      deviceDataCaptured: false,
      cvvResponseCode: 'I',
      avsPostalCodeResponseCode: 'I',
      statusHistory: [],
      refundIds: [],
      refundedTransactionId: null,
    };
    expect((await call('PUT', 'transactions/t1/settle')).status).toBe(422);
    expect((await call('GET', 'transactions?order_id=o1')).json).toEqual([expect.objectContaining({ id: 't1', status: 'authorized', orderId: 'o1' })]);
  });

  it('resets the state', async () => {
    sandbox.context.store.state.customers.c1 = { id: 'c1', firstName: null, lastName: null, email: null, createdAt: '', updatedAt: '' };
    expect((await call('POST', 'reset')).status).toBe(200);
    expect(sandbox.context.store.state.customers).toEqual({});
    expect((await call('GET', 'transactions')).json).toEqual([]);
  });

  it('leaves other /__sandbox/ paths to the other route groups', async () => {
    expect((await call('GET', 'not-a-control')).status).toBe(404);
  });
});
