import { ManageOperators, type CreatedOperator } from '@store/application';
import { startBraintreeSandbox, startDigitalRiverSandbox, digitalRiverClient, type RunningBraintreeSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { generate } from 'otplib';
import { FaultProxy, type Fault } from '../reliability/faults-proxy';
import { cardSandboxEnv, merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { checkoutAction, cookieOf, payByCard, payThroughMerchantOfRecord, shopperReadyToPay } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';
import { RefundsJob } from './refunds.job';

// Refunds under faults: the card gateway and the merchant of record behind a fault-injecting proxy
// (connection refused, timeout, 5xx, a refund made whose answer is lost), many clicks at once, and
// the refunds job. Pass means: the provider holds exactly one refund of each line refunded, never
// two, and the ledger ends saying what the provider holds.
let card: RunningBraintreeSandbox;
let mor: RunningDigitalRiverSandbox;
let cardProxy: FaultProxy;
let morProxy: FaultProxy;
let t: TestApp;
let finance: CreatedOperator;

beforeAll(async () => {
  card = await startBraintreeSandbox();
  mor = await startDigitalRiverSandbox();
  cardProxy = await FaultProxy.start(card.url);
  morProxy = await FaultProxy.start(mor.url);
  t = await createTestApp({
    env: {
      ...cardSandboxEnv(cardProxy.url, { BRAINTREE_TIMEOUT_MS: '1000' }),
      ...merchantOfRecordSandboxEnv(mor, { DIGITAL_RIVER_TIMEOUT_MS: '1000' }, morProxy.url),
      PAYMENT_GATEWAY_RULES: 'DE=digital-river,*=braintree',
    },
  });
  finance = await t.app.get(ManageOperators).create({ email: `finance.${Date.now()}@staff.example.com`, firstName: 'Fin', lastName: 'Faults', role: 'finance', password: 'finance password long' }, null, null);
}, 60_000);
afterEach(() => {
  cardProxy.clear();
  morProxy.clear();
});
afterAll(async () => {
  await t?.close();
  await cardProxy?.close();
  await morProxy?.close();
  await card?.close();
  await mor?.close();
});

jest.setTimeout(60_000);

async function signIn(): Promise<string> {
  await t.db.dataSource.query(`UPDATE operators SET last_totp_step = NULL WHERE id = $1`, [finance.operator.id]);
  const otp = await generate({ secret: finance.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  return cookieOf(await t.http().post('/data/admin/session').set(XHR).send({ email: finance.operator.email, password: finance.password, otp }), 'afs_operator');
}

async function settledCardOrder() {
  const shopper = await shopperReadyToPay(t, { suites: ['photo-2', 'designer-2'] });
  const placed = await payByCard(t, shopper);
  const number: string = placed.body.data.order_number;
  const [{ transaction_id }] = await t.db.dataSource.query(`SELECT transaction_id FROM orders WHERE number = $1`, [number]);
  expect((await fetch(`${card.url}/__sandbox/transactions/${transaction_id}/settle`, { method: 'PUT' })).status).toBe(200);
  return { number, transactionId: transaction_id as string };
}

type CardTransaction = { type: string; refundedTransactionId: string | null; amount: string; orderId: string | null };
const creditsOf = async (transactionId: string) =>
  ((await (await fetch(`${card.url}/__sandbox/transactions`)).json()) as CardTransaction[]).filter((transaction) => transaction.type === 'credit' && transaction.refundedTransactionId === transactionId);
const refundRows = (number: string) => t.db.dataSource.query(`SELECT id, state FROM order_refunds WHERE order_number = $1 ORDER BY sequence`, [number]) as Promise<{ id: string; state: string }[]>;
const REFUND = /\/transactions\/[^/]+\/refund$/;

const refund = (cookie: string, number: string, body: Record<string, unknown>) => t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send(body);

describe.each<[string, Fault | 'refused']>([
  ['connection refused', 'refused'],
  ['timeout', 'timeout'],
  ['5xx', '5xx'],
  ['a refund made whose answer is lost', 'lost-answer'],
])('the card gateway: %s', (_name, fault) => {
  it('tells staff the outcome is unknown; the same click again, or the refunds job, ends with exactly one refund', async () => {
    const cookie = await signIn();
    const { number, transactionId } = await settledCardOrder();
    const key = crypto.randomUUID();
    if (fault === 'refused') await cardProxy.refuse();
    else cardProxy.inject({ method: 'POST', path: REFUND, fault });
    const first = await refund(cookie, number, { positions: [0], reason: 'Faulty', request_key: key });
    if (fault === 'refused') await cardProxy.accept();
    expect([first.status, first.body.code]).toEqual([503, 900026]);
    expect(await refundRows(number)).toEqual([{ id: expect.any(String), state: 'unknown' }]);
    expect(await creditsOf(transactionId)).toHaveLength(fault === 'lost-answer' ? 1 : 0);

    // Half the time staff click again; otherwise the job finishes it.
    if (fault === 'timeout' || fault === 'lost-answer') {
      const again = await refund(cookie, number, { positions: [0], reason: 'Faulty', request_key: key });
      expect(again.body.data.refund).toMatchObject({ state: 'refunded', positions: [0] });
    } else {
      await t.app.get(RefundsJob, { strict: false }).runOnce();
    }
    expect(await refundRows(number)).toEqual([{ id: expect.any(String), state: 'refunded' }]);
    expect(await creditsOf(transactionId)).toHaveLength(1);
    // And once more for luck: nothing new anywhere.
    await t.app.get(RefundsJob, { strict: false }).runOnce();
    await refund(cookie, number, { positions: [0], reason: 'Faulty', request_key: key });
    expect(await creditsOf(transactionId)).toHaveLength(1);
    const [{ revoked }] = await t.db.dataSource.query(`SELECT count(*)::int AS revoked FROM product_keys WHERE order_number = $1 AND revoked_at IS NOT NULL`, [number]);
    expect(revoked).toBe(1);
  });
});

it('ten clicks at once, with one key and with ten keys, for the same line: one refund', async () => {
  const cookie = await signIn();
  const { number, transactionId } = await settledCardOrder();
  const key = crypto.randomUUID();
  const sameKey = Array.from({ length: 5 }, () => refund(cookie, number, { positions: [1], reason: 'Double click', request_key: key }));
  const ownKeys = Array.from({ length: 5 }, () => refund(cookie, number, { positions: [1], reason: 'Two staff at once', request_key: crypto.randomUUID() }));
  const answers = await Promise.all([...sameKey, ...ownKeys]);
  for (const answer of answers) expect([200, 409]).toContain(answer.status);
  expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
  expect(await creditsOf(transactionId)).toHaveLength(1);
  expect((await refundRows(number)).filter((row) => row.state === 'refunded')).toHaveLength(1);
});

it('the merchant of record: a cancellation whose answer is lost is found again, not made twice', async () => {
  const cookie = await signIn();
  const shopper = await shopperReadyToPay(t, { address: { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' }, gateway: 'digital-river' });
  const checkout = JSON.parse((await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference, locale: 'en-gb' }, shopper.cookie)).body.data.checkout);
  const made = await digitalRiverClient(mor).drjs('sources', {
    sessionId: checkout.paymentSessionId,
    type: 'creditCard',
    creditCard: { number: '4444222233331111', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' },
  });
  const sourceId = made.body.id ?? made.body.source.id;
  await checkoutAction(t, 'MERCHANT_OF_RECORD_ATTACH_SOURCE', { basketReference: shopper.basket.reference, checkoutId: checkout.checkoutId, sourceId }, shopper.cookie);
  const number = (await payThroughMerchantOfRecord(t, shopper, checkout.checkoutId, sourceId, { locale: 'en-gb' })).body.data.order_number;
  const [{ transaction_id }] = await t.db.dataSource.query(`SELECT transaction_id FROM orders WHERE number = $1`, [number]);

  morProxy.inject({ method: 'POST', path: /^\/fulfillments$/, fault: 'lost-answer' });
  const key = crypto.randomUUID();
  const first = await refund(cookie, number, { positions: null, reason: 'Cancelled', request_key: key });
  expect(first.body.code).toBe(900026);
  const again = await refund(cookie, number, { positions: null, reason: 'Cancelled', request_key: key });
  expect(again.body.data.refund.state).toBe('voided');
  const fulfillments = await digitalRiverClient(mor).api(`/fulfillments?orderId=${transaction_id}`);
  expect(fulfillments.body.data).toHaveLength(1);
  expect(again.body.data.order.status).toBe('refunded');
});
