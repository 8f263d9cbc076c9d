import { CaptureMerchantOfRecordSales, ManageOperators, type CreatedOperator } from '@store/application';
import { RefundsJob } from './refunds.job';
import { digitalRiverClient, startBraintreeSandbox, startDigitalRiverSandbox, type RunningBraintreeSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import type { OperatorRole } from '@store/domain';
import { generate } from 'otplib';
import { cardSandboxEnv, merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { checkoutAction, cookieOf, payByCard, payThroughMerchantOfRecord, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// The real API on Postgres with both payment sandboxes: staff sign in with a password and an
// authenticator code, look orders up, refund them through the order's own gateway, and every
// action lands in the audit log. Shoppers' sessions never reach a staff route.
let card: RunningBraintreeSandbox;
let mor: RunningDigitalRiverSandbox;
let t: TestApp;
const staff: Partial<Record<OperatorRole, CreatedOperator>> = {};

beforeAll(async () => {
  card = await startBraintreeSandbox();
  mor = await startDigitalRiverSandbox();
  t = await createTestApp({
    env: { ...cardSandboxEnv(card.url), ...merchantOfRecordSandboxEnv(mor), PAYMENT_GATEWAY_RULES: 'DE=digital-river,*=braintree', PUBLIC_URL: 'http://store.test', LOG_LEVEL: process.env.SPEC_LOG_LEVEL ?? 'silent' },
  });
  const manage = t.app.get(ManageOperators);
  for (const role of ['support', 'finance', 'admin'] as const) {
    staff[role] = await manage.create({ email: `${role}.${Date.now()}@staff.example.com`, firstName: 'Sam', lastName: role, role, password: `${role} password long enough` }, null, null);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await card?.close();
  await mor?.close();
});

const code = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) });

/**
 * Signs a member of staff in; answers the cookie header to send back. A code is good once, so the
 * step used last is forgotten first: these tests sign the same people in many times a minute.
 */
async function signIn(role: OperatorRole, at = Date.now()): Promise<string> {
  const operator = staff[role] as CreatedOperator;
  await t.db.dataSource.query(`UPDATE operators SET last_totp_step = NULL WHERE id = $1`, [operator.operator.id]);
  const answer = await t.http().post('/data/admin/session').set(XHR).send({ email: operator.operator.email, password: operator.password, otp: await code(operator.totpSecret, at) });
  expect(answer.status).toBe(200);
  return cookieOf(answer, 'afs_operator');
}

const audit = (subjectId: string) => t.db.dataSource.query(`SELECT action, operator_id, before, after FROM audit_log WHERE subject_id = $1 ORDER BY id`, [subjectId]) as Promise<{ action: string; operator_id: string | null; before: unknown; after: any }[]>;

async function paidCardOrder(suites = ['photo-2', 'designer-2']): Promise<{ shopper: Shopper; number: string; transactionId: string }> {
  const shopper = await shopperReadyToPay(t, { suites });
  const placed = await payByCard(t, shopper);
  expect(placed.body.success).toBe(true);
  const number: string = placed.body.data.order_number;
  const [{ transaction_id }] = await t.db.dataSource.query(`SELECT transaction_id FROM orders WHERE number = $1`, [number]);
  return { shopper, number, transactionId: transaction_id };
}

/** A paid merchant-of-record order (billing in Germany), paid with a card source as the drop-in makes it. */
async function paidMerchantOfRecordOrder(suites = ['photo-2']): Promise<string> {
  const shopper = await shopperReadyToPay(t, { suites, address: { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' }, gateway: 'digital-river' });
  const created = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference, locale: 'en-gb' }, shopper.cookie);
  const checkout = JSON.parse(created.body.data.checkout);
  const made = await digitalRiverClient(mor).drjs('sources', {
    sessionId: checkout.paymentSessionId,
    type: 'creditCard',
    creditCard: { number: '4444222233331111', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' },
  });
  const sourceId = made.body.id ?? made.body.source.id;
  await checkoutAction(t, 'MERCHANT_OF_RECORD_ATTACH_SOURCE', { basketReference: shopper.basket.reference, checkoutId: checkout.checkoutId, sourceId }, shopper.cookie);
  const placed = await payThroughMerchantOfRecord(t, shopper, checkout.checkoutId, sourceId, { locale: 'en-gb' });
  expect(placed.body.success).toBe(true);
  return placed.body.data.order_number;
}

const settle = async (transactionId: string) => expect((await fetch(`${card.url}/__sandbox/transactions/${transactionId}/settle`, { method: 'PUT' })).status).toBe(200);

describe('staff sign-in', () => {
  it('needs the password and a fresh authenticator code; the cookie is HttpOnly, Strict and only for /data/admin', async () => {
    const finance = staff.finance as CreatedOperator;
    const wrongCode = await t.http().post('/data/admin/session').set(XHR).send({ email: finance.operator.email, password: finance.password, otp: '000000' });
    expect(wrongCode.body).toMatchObject({ success: false, code: 900003 });
    const wrongPassword = await t.http().post('/data/admin/session').set(XHR).send({ email: finance.operator.email, password: 'not it at all', otp: await code(finance.totpSecret) });
    expect(wrongPassword.body).toMatchObject({ success: false, code: 900003 });
    const unknown = await t.http().post('/data/admin/session').set(XHR).send({ email: 'nobody@staff.example.com', password: finance.password, otp: await code(finance.totpSecret) });
    expect(unknown.body).toMatchObject({ success: false, code: 900003 });

    // A code from a minute ago (two steps back) is refused; the current one works once.
    const stale = await t.http().post('/data/admin/session').set(XHR).send({ email: finance.operator.email, password: finance.password, otp: await code(finance.totpSecret, Date.now() - 90_000) });
    expect(stale.body.code).toBe(900003);
    const otp = await code(finance.totpSecret);
    const signedIn = await t.http().post('/data/admin/session').set(XHR).send({ email: finance.operator.email.toUpperCase(), password: finance.password, otp });
    expect(signedIn.body.data.operator).toMatchObject({ email: finance.operator.email, role: 'finance', badge_number: finance.operator.badgeNumber });
    expect(signedIn.body.data.operator.abilities).toContain('orders.refund');
    const header = (signedIn.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith('afs_operator='));
    expect(header).toMatch(/Path=\/data\/admin/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    const expires = new Date(/Expires=([^;]+)/.exec(header ?? '')?.[1] ?? 0).getTime();
    expect(expires - Date.now()).toBeLessThanOrEqual(8 * 3600_000 + 5000);
    const replay = await t.http().post('/data/admin/session').set(XHR).send({ email: finance.operator.email, password: finance.password, otp });
    expect(replay.body.code).toBe(900003);

    const cookie = cookieOf(signedIn, 'afs_operator');
    expect((await t.http().get('/data/admin/session').set(XHR).set('Cookie', cookie)).body.data.operator.email).toBe(finance.operator.email);
    await t.http().delete('/data/admin/session').set(XHR).set('Cookie', cookie);
    expect((await t.http().get('/data/admin/session').set(XHR).set('Cookie', cookie)).body.data.operator).toBeNull();
    const actions = (await audit(finance.operator.id)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.create', 'operator.sign-in-failed', 'operator.sign-in', 'operator.sign-out']));
  });

  it('locks the account for 15 minutes after five failures, even for the right code', async () => {
    const created = await t.app.get(ManageOperators).create({ email: `locked.${Date.now()}@staff.example.com`, firstName: 'Lee', lastName: 'Locked', role: 'support', password: 'a long enough password' }, null, null);
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await t.http().post('/data/admin/session').set(XHR).send({ email: created.operator.email, password: 'wrong password!', otp: '123456' });
      expect(failed.body.code).toBe(900003);
    }
    const locked = await t.http().post('/data/admin/session').set(XHR).send({ email: created.operator.email, password: 'a long enough password', otp: await code(created.totpSecret) });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(900004);
  });

  it('an idle session ends after 30 minutes', async () => {
    const cookie = await signIn('support');
    await t.db.dataSource.query(`UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes'`);
    expect((await t.http().get('/data/admin/session').set(XHR).set('Cookie', cookie)).body.data.operator).toBeNull();
    expect((await t.http().get('/data/admin/orders?q=x@example.com').set(XHR).set('Cookie', cookie)).body.code).toBe(900001);
  });
});

describe('who reaches which route', () => {
  /** Every route Nest registered under /data/admin, as [method, path with sample parameters]. */
  function staffRoutes(): [string, string][] {
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
    const routes: [string, string][] = [];
    for (const layer of router.stack) {
      if (!layer.route || !layer.route.path.startsWith('/data/admin/')) continue;
      const path = layer.route.path
        .replace(':number', 'AFS-00000001')
        .replace(':id', '0b7c1a3e-1d2f-4b5a-9c8d-7e6f5a4b3c2d')
        .replace(':kind', 'pending-order')
        .replace(':file', 'AFS-00000001-CN1.pdf');
      for (const method of Object.keys(layer.route.methods)) routes.push([method.toUpperCase(), path]);
    }
    return routes;
  }

  it("a shopper's session, and no session, get 403 on every staff route; sign-in is the only exception", async () => {
    const shopper = await shopperReadyToPay(t);
    const routes = staffRoutes().filter(([, path]) => path !== '/data/admin/session');
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const [method, path] of routes) {
      for (const cookie of [shopper.cookie, '']) {
        const answer = await t.http()[method.toLowerCase() as 'get'](path).set(XHR).set('Cookie', cookie).send({});
        expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 403, 900001]);
      }
    }
    // A shopper's session id sent as a staff cookie is no staff session either.
    const sessionId = /afs_session=([^;]+)/.exec(shopper.cookie)?.[1];
    const disguised = await t.http().get('/data/admin/orders?q=a@example.com').set(XHR).set('Cookie', `afs_operator=${sessionId}`);
    expect(disguised.body.code).toBe(900001);
  });

  it("a staff session is nobody on the shopper's side, and a role gets 403 for what it may not do", async () => {
    const cookie = await signIn('support');
    const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(session.body.data.customer?.signed_in ?? false).toBe(false);
    const staffId = /afs_operator=([^;]+)/.exec(cookie)?.[1];
    const asShopper = await t.http().get('/data/orders').set(XHR).set('Cookie', `afs_session=${staffId}`);
    expect(asShopper.status).not.toBe(200);

    const { number } = await paidCardOrder(['photo-2']);
    const refund = await t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: null, reason: 'asked', request_key: crypto.randomUUID() });
    expect([refund.status, refund.body.code]).toEqual([403, 900002]);
    const operators = await t.http().get('/data/admin/operators').set(XHR).set('Cookie', await signIn('finance')).send();
    expect([operators.status, operators.body.code]).toEqual([403, 900002]);
    expect(await t.db.dataSource.query(`SELECT 1 FROM order_refunds WHERE order_number = $1`, [number])).toEqual([]);
  });
});

describe('the staff pages', () => {
  it('are the web app without the shopper\'s cookie notice, which the store\'s pages keep for a visitor who has not chosen', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    writeFileSync(join(t.webDir, 'index.html'), '<!doctype html><title>Affinity Store</title><div id="root"><!--store-notice--><div role="dialog">Cookies</div><!--/store-notice--></div>');
    const store = await t.http().get('/en-gb/').set('Accept', 'text/html');
    expect(store.text).toContain('<!--store-notice-->');
    for (const path of ['/admin/', '/admin/orders/AFS-00000001', '/admin']) {
      const staffPage = await t.http().get(path).set('Accept', 'text/html');
      expect([path, staffPage.status, staffPage.text.includes('store-notice'), staffPage.text.includes('<div id="root">')]).toEqual([path, 200, false, true]);
    }
  });
});

describe('orders', () => {
  it('finds an order by email, number, transaction id and date; shows its lines, keys, ledger and references', async () => {
    const cookie = await signIn('support');
    const { shopper, number, transactionId } = await paidCardOrder();
    const byEmail = await t.http().get(`/data/admin/orders?q=${encodeURIComponent(shopper.email.toUpperCase())}`).set(XHR).set('Cookie', cookie);
    expect(byEmail.body.data.orders.map((order: { number: string }) => order.number)).toEqual([number]);
    expect(byEmail.body.data.orders[0]).toMatchObject({ email: shopper.email, status: 'paid', gateway: 'braintree', refunded: 0 });
    expect((await t.http().get(`/data/admin/orders?q=${number}`).set(XHR).set('Cookie', cookie)).body.data.orders).toHaveLength(1);
    expect((await t.http().get(`/data/admin/orders?q=${transactionId}`).set(XHR).set('Cookie', cookie)).body.data.orders[0].number).toBe(number);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await t.http().get(`/data/admin/orders?from=${today}&to=${today}`).set(XHR).set('Cookie', cookie);
    expect(byDate.body.data.orders.some((order: { number: string }) => order.number === number)).toBe(true);
    expect((await t.http().get('/data/admin/orders').set(XHR).set('Cookie', cookie)).body.code).toBe(900011);
    expect((await t.http().get('/data/admin/orders?q=x&extra=1').set(XHR).set('Cookie', cookie)).status).toBe(400);

    const order = (await t.http().get(`/data/admin/orders/${number}`).set(XHR).set('Cookie', cookie)).body.data;
    expect(order).toMatchObject({ number, status: 'paid', customer: { email: shopper.email }, can_refund: true });
    expect(order.lines).toHaveLength(2);
    expect(order.lines.every((line: { refundable: number }) => line.refundable > 0)).toBe(true);
    expect(order.lines.reduce((sum: number, line: { refundable: number }) => sum + line.refundable, 0)).toBe(order.totals.charged);
    expect(order.product_keys).toHaveLength(2);
    expect(order.ledger).toEqual([expect.objectContaining({ kind: 'charge', state: 'charged', provider_reference: transactionId, amount: order.totals.charged })]);
    expect(order.provider_references).toEqual([{ label: 'Braintree transaction', value: transactionId }]);
    expect(order.billing_address).toMatchObject({ line1: '1 Infinite Loop', country: 'GB' });
    expect((await t.http().get('/data/admin/orders/AFS-99999999').set(XHR).set('Cookie', cookie)).body.code).toBe(900010);
  });

  it('resends the receipt to the shopper, with the keys that still work, and audits it', async () => {
    const support = staff.support as CreatedOperator;
    const cookie = await signIn('support');
    const { shopper, number } = await paidCardOrder(['photo-2']);
    const before = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%' || $2`, [shopper.email, number]);
    const resent = await t.http().post(`/data/admin/orders/${number}/receipt`).set(XHR).set('Cookie', cookie);
    expect(resent.body.data).toEqual({ sent_to: shopper.email });
    const after = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%' || $2`, [shopper.email, number]);
    expect(after[0].n).toBe(before[0].n + 1);
    expect(await audit(number)).toEqual([expect.objectContaining({ action: 'order.resend-receipt', operator_id: support.operator.id, after: { sent_to: shopper.email } })]);
  });

  it('reissues a key: the old one is revoked and replaced', async () => {
    const cookie = await signIn('support');
    const { number } = await paidCardOrder(['photo-2']);
    const [{ key: oldKey }] = await t.db.dataSource.query(`SELECT key FROM product_keys WHERE order_number = $1`, [number]);
    const reissued = await t.http().post(`/data/admin/orders/${number}/keys/reissue`).set(XHR).set('Cookie', cookie).send({ position: 0 });
    expect(reissued.body.data.key).toMatch(/^([A-Z0-9]{5}-){4}[A-Z0-9]{5}$/);
    const keys = await t.db.dataSource.query(`SELECT key, revoked_at IS NOT NULL AS revoked, replaced_by FROM product_keys WHERE order_number = $1 ORDER BY created_at`, [number]);
    expect(keys).toEqual([
      { key: oldKey, revoked: true, replaced_by: reissued.body.data.key },
      { key: reissued.body.data.key, revoked: false, replaced_by: null },
    ]);
    const entries = await audit(number);
    expect(entries.at(-1)).toMatchObject({ action: 'order.reissue-key' });
    // The audit keeps the keys' last characters, never a whole key.
    expect(JSON.stringify(entries)).not.toContain(oldKey);
  });
});

describe('refunds', () => {
  it('one line of a settled card order: the card gateway refunds that line once, its key is revoked, the shopper is told', async () => {
    const finance = staff.finance as CreatedOperator;
    const cookie = await signIn('finance');
    const { shopper, number, transactionId } = await paidCardOrder();
    const order = (await t.http().get(`/data/admin/orders/${number}`).set(XHR).set('Cookie', cookie)).body.data;
    const line = order.lines[1];

    // Not settled yet: only a whole void is possible, and nothing changes.
    const key = crypto.randomUUID();
    const early = await t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: [1], reason: 'Bought twice', request_key: key });
    expect(early.body.code).toBe(900023);
    expect(await t.db.dataSource.query(`SELECT id FROM order_refunds WHERE order_number = $1`, [number])).toEqual([]);
    await settle(transactionId);

    const send = () => t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: [1], reason: 'Bought twice', request_key: key });
    // A double click: two requests with the same key at once, then a retry.
    const answers = await Promise.all([send(), send()]);
    const retry = await send();
    const done = [...answers, retry].filter((answer) => answer.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(2);
    for (const answer of [...answers, retry]) expect([200, 409]).toContain(answer.status);
    const refund = done[0].body.data.refund;
    expect(refund).toMatchObject({ state: 'refunded', positions: [1], amount: line.refundable, whole: false, credit_note_number: `${number}-CN1` });

    const credits = ((await (await fetch(`${card.url}/__sandbox/transactions`)).json()) as { type: string; refundedTransactionId: string | null; amount: string }[]).filter(
      (transaction) => transaction.type === 'credit' && transaction.refundedTransactionId === transactionId,
    );
    expect(credits).toHaveLength(1);
    expect(Math.round(Number(credits[0].amount) * 100)).toBe(line.refundable);

    const after = (await t.http().get(`/data/admin/orders/${number}`).set(XHR).set('Cookie', cookie)).body.data;
    expect(after.status).toBe('paid');
    expect(after.lines[1]).toMatchObject({ refund_id: refund.id, refundable: 0 });
    expect(after.product_keys.find((key: { position: number }) => key.position === 1).revoked_at).not.toBeNull();
    expect(after.product_keys.find((key: { position: number }) => key.position === 0).revoked_at).toBeNull();
    expect(after.totals.refunded).toBe(line.refundable);

    // The shopper sees it in their account: the line refunded, its download closed, the credit note theirs.
    const mine = (await t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie)).body.data.order;
    expect(mine.lines.map((line: { refunded: boolean }) => line.refunded)).toEqual([false, true]);
    expect(mine.lines[1].product_key).toBeNull();
    expect(mine.refunds).toEqual([{ amount: line.refundable, created_at: expect.any(String), state: 'refunded', positions: [1], credit_note_url: `/downloads/${number}/credit-notes/${number}-CN1.pdf` }]);
    expect((await t.http().get(mine.lines[1].download_url).set('Cookie', shopper.cookie)).status).toBe(404);
    expect((await t.http().get(mine.lines[0].download_url).set('Cookie', shopper.cookie)).status).toBe(200);
    const note = await t.http().get(mine.refunds[0].credit_note_url).set('Cookie', shopper.cookie).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(note.status).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    expect((note.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const staffNote = await t.http().get(`/data/admin/orders/${number}/credit-notes/${number}-CN1.pdf`).set(XHR).set('Cookie', cookie);
    expect(staffNote.status).toBe(200);
    // Another shopper, or a staff cookie on the shopper's link, gets nothing.
    const stranger = await shopperReadyToPay(t);
    expect((await t.http().get(mine.refunds[0].credit_note_url).set('Cookie', stranger.cookie)).status).toBe(404);
    expect((await t.http().get(mine.refunds[0].credit_note_url).set('Cookie', cookie)).status).not.toBe(200);

    // The same line again under another key is refused: it is refunded already.
    const again = await t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: [1], reason: 'Again', request_key: crypto.randomUUID() });
    expect(again.body.code).toBe(900021);

    const mails = await t.db.dataSource.query(`SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 AND subject ILIKE '%refund%'`, [shopper.email]);
    expect(mails).toHaveLength(1);
    const actions = (await audit(number)).filter((entry) => entry.operator_id === finance.operator.id).map((entry) => entry.action);
    expect(actions).toEqual(['order.refund-requested', 'order.refund-refused', 'order.refund-requested', 'order.refund']);

    // The rest of the order: a whole refund of what is left, and the order is refunded.
    const rest = await t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: null, reason: 'Cancelled', request_key: crypto.randomUUID() });
    expect(rest.body.data.refund).toMatchObject({ positions: [0], whole: true, amount: order.lines[0].refundable });
    expect(rest.body.data.order).toMatchObject({ status: 'refunded', can_refund: false });
    expect(rest.body.data.order.totals.refunded).toBe(order.totals.charged);
  });

  it('an unsettled card order refunded whole is voided', async () => {
    const cookie = await signIn('finance');
    const { number, transactionId } = await paidCardOrder(['photo-2']);
    const voided = await t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: null, reason: 'Wrong product', request_key: crypto.randomUUID() });
    expect(voided.body.data.refund).toMatchObject({ state: 'voided', whole: true, provider_refund_id: transactionId });
    const sale = ((await (await fetch(`${card.url}/__sandbox/transactions`)).json()) as { id: string; status: string }[]).find((transaction) => transaction.id === transactionId);
    expect(sale?.status).toBe('voided');
    expect(voided.body.data.order.status).toBe('refunded');
  });

  it('the whole of a merchant-of-record order, through the reseller', async () => {
    const cookie = await signIn('admin');
    const number = await paidMerchantOfRecordOrder();
    const refunded = await t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: null, reason: 'Customer asked', request_key: crypto.randomUUID() });
    expect(refunded.body.success).toBe(true);
    expect(['voided', 'pending', 'refunded']).toContain(refunded.body.data.refund.state);
    // The reseller issues its own credit note.
    expect(refunded.body.data.refund.credit_note_number).toBeNull();
    expect(refunded.body.data.order.status).toBe('refunded');
    const [row] = await t.db.dataSource.query(`SELECT transaction_id FROM orders WHERE number = $1`, [number]);
    const drOrder = await digitalRiverClient(mor).api(`/orders/${row.transaction_id}`);
    expect(['cancelled', 'fulfilled', 'accepted', 'complete']).toContain(drOrder.body.state);
    expect(Number(drOrder.body.refundedAmount ?? 0) + Number(drOrder.body.cancelledAmount ?? 0)).toBeGreaterThan(0);
  });
});

describe('the merchant of record captures what was delivered', () => {
  it('is told a paid order was delivered, once; a refund after that goes through its Refunds API, pending until it is done', async () => {
    const cookie = await signIn('finance');
    const number = await paidMerchantOfRecordOrder(['photo-2', 'designer-2']);
    const [{ transaction_id: drOrder }] = await t.db.dataSource.query(`SELECT transaction_id FROM orders WHERE number = $1`, [number]);
    const captures = t.app.get(CaptureMerchantOfRecordSales);
    const first = await captures.run();
    expect(first.captured).toContain(number);
    expect((await captures.run()).captured).not.toContain(number);
    const fulfilled = await digitalRiverClient(mor).api(`/orders/${drOrder}`);
    expect(Number(fulfilled.body.capturedAmount)).toBeGreaterThan(0);
    const fulfillments = await digitalRiverClient(mor).api(`/fulfillments?orderId=${drOrder}`);
    expect(fulfillments.body.data).toEqual([expect.objectContaining({ upstreamId: `${number}-capture` })]);

    const order = (await t.http().get(`/data/admin/orders/${number}`).set(XHR).set('Cookie', cookie)).body.data;
    const refunded = await t.http().post(`/data/admin/orders/${number}/refunds`).set(XHR).set('Cookie', cookie).send({ positions: [0], reason: 'Not what they wanted', request_key: crypto.randomUUID() });
    expect(refunded.body.data.refund).toMatchObject({ state: 'pending', positions: [0], amount: order.lines[0].refundable, provider_refund_id: expect.any(String), credit_note_number: null });
    const atProvider = await digitalRiverClient(mor).api(`/refunds/${refunded.body.data.refund.provider_refund_id}`);
    expect(atProvider.body).toMatchObject({ orderId: drOrder, metadata: { reference: refunded.body.data.refund.id } });
    // The refunds job asks again, and the provider has finished it.
    await t.app.get(RefundsJob, { strict: false }).runOnce();
    const [row] = await t.db.dataSource.query(`SELECT state FROM order_refunds WHERE id = $1`, [refunded.body.data.refund.id]);
    expect(row.state).toBe('refunded');
    const keys = await t.db.dataSource.query(`SELECT line_position, revoked_at IS NOT NULL AS revoked FROM product_keys WHERE order_number = $1 ORDER BY line_position`, [number]);
    expect(keys).toEqual([
      { line_position: 0, revoked: true },
      { line_position: 1, revoked: false },
    ]);
  });
});

describe('the audit log', () => {
  it('refuses changes and removals, whatever asks', async () => {
    await expect(t.db.dataSource.query(`UPDATE audit_log SET action = 'nothing.happened'`)).rejects.toThrow(/append-only/);
    await expect(t.db.dataSource.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(t.db.dataSource.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
  });

  it('admins make staff (the one-time password and authenticator secret shown once) and change roles; the last admin stays', async () => {
    const admin = staff.admin as CreatedOperator;
    const cookie = await signIn('admin');
    const made = await t.http().post('/data/admin/operators').set(XHR).set('Cookie', cookie).send({ email: `new.${Date.now()}@staff.example.com`, first_name: 'Nia', last_name: 'New', role: 'support' });
    expect(made.body.data.password).toHaveLength(24);
    expect(made.body.data.totp_uri).toMatch(/^otpauth:\/\/totp\//);
    const id = made.body.data.operator.id;
    const promoted = await t.http().patch(`/data/admin/operators/${id}`).set(XHR).set('Cookie', cookie).send({ role: 'finance' });
    expect(promoted.body.data.role).toBe('finance');
    const lastAdmin = await t.http().patch(`/data/admin/operators/${admin.operator.id}`).set(XHR).set('Cookie', cookie).send({ disabled: true });
    expect(lastAdmin.body.code).toBe(900007);
    const entries = (await t.http().get(`/data/admin/audit?subject_type=operator&subject_id=${id}`).set(XHR).set('Cookie', cookie)).body.data.entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['operator.update', 'operator.create']);
    expect(entries[0]).toMatchObject({ operator_badge: admin.operator.badgeNumber, before: { role: 'support' }, after: { role: 'finance' } });
    expect(JSON.stringify(entries)).not.toContain(made.body.data.password);
  });
});

describe('what needs a person', () => {
  it('lists a failed notification, a certificate to review and a refund without an answer, each with the action that resolves it', async () => {
    const cookie = await signIn('finance');
    await t.db.dataSource.query(
      `INSERT INTO provider_notifications (id, gateway, kind, provider_kind, subject_key, occurred_at, subject, received_at, attempts, next_attempt_at, last_error)
       VALUES ('failed-notification-0001', 'braintree', 'other', 'something_new', 'braintree:notification:x', now(), '{"type":"other"}', now(), 3, now() + interval '1 hour', 'handler threw')`,
    );
    const { number, transactionId } = await paidCardOrder(['photo-2']);
    // A refund whose answer was lost: in flight at the provider's side only in the ledger's words.
    await settle(transactionId);
    const refundId = crypto.randomUUID();
    await t.db.dataSource.query(
      `INSERT INTO order_refunds (id, order_number, request_key, sequence, gateway, transaction_id, state, whole, net_minor, tax_minor, gross_minor, charged_minor, reason)
       SELECT $1, number, $1, 1, 'braintree', transaction_id, 'unknown', true, net_minor, tax_minor, gross_minor, gross_minor, 'lost answer' FROM orders WHERE number = $2`,
      [refundId, number],
    );
    await t.db.dataSource.query(`INSERT INTO order_refund_lines (refund_id, order_number, line_position) VALUES ($1, $2, 0)`, [refundId, number]);

    const listed = (await t.http().get('/data/admin/attention').set(XHR).set('Cookie', cookie)).body.data;
    expect(listed.failed_webhooks).toEqual([expect.objectContaining({ id: 'failed-notification-0001', actions: [{ action: 'retry', label: 'Try again now' }] })]);
    const item = listed.uncertain_charges.find((entry: { id: string }) => entry.id === `refund:${refundId}`);
    expect(item).toMatchObject({ order_number: number, actions: [{ action: 'check', label: 'Ask the provider now' }] });

    expect((await t.http().post('/data/admin/attention/failed-webhook/failed-notification-0001').set(XHR).set('Cookie', cookie).send({ action: 'retry' })).body.data).toEqual({ outcome: 'retry-due' });
    const [{ due }] = await t.db.dataSource.query(`SELECT next_attempt_at <= now() AS due FROM provider_notifications WHERE id = 'failed-notification-0001'`);
    expect(due).toBe(true);
    expect((await t.http().post('/data/admin/attention/failed-webhook/no-such-notification').set(XHR).set('Cookie', cookie).send({ action: 'retry' })).body.code).toBe(900040);
    expect((await t.http().post('/data/admin/attention/failed-webhook/failed-notification-0001').set(XHR).set('Cookie', cookie).send({ action: 'approve' })).status).toBe(400);

    // The provider never made that refund: finishing it makes it now, once.
    const finished = await t.http().post(`/data/admin/attention/uncertain-charge/refund:${refundId}`).set(XHR).set('Cookie', cookie).send({ action: 'check' });
    expect(finished.body.data).toEqual({ outcome: 'refunded' });
    const again = await t.http().post(`/data/admin/attention/uncertain-charge/refund:${refundId}`).set(XHR).set('Cookie', cookie).send({ action: 'check' });
    expect(again.body.data).toEqual({ outcome: 'refunded' });
    const credits = ((await (await fetch(`${card.url}/__sandbox/transactions`)).json()) as { type: string; refundedTransactionId: string | null }[]).filter(
      (transaction) => transaction.type === 'credit' && transaction.refundedTransactionId === transactionId,
    );
    expect(credits).toHaveLength(1);
    const after = (await t.http().get('/data/admin/attention').set(XHR).set('Cookie', cookie)).body.data;
    expect(after.uncertain_charges.some((entry: { id: string }) => entry.id === `refund:${refundId}`)).toBe(false);
    const actions = (await t.db.dataSource.query(`SELECT action FROM audit_log WHERE action LIKE 'attention.%' ORDER BY id`)).map((row: { action: string }) => row.action);
    expect(actions).toEqual(['attention.failed-webhook', 'attention.uncertain-charge', 'attention.uncertain-charge']);
  });

  it('lists a pending order past its window, an unverified tax ID and a certificate used with an order, and resolves each', async () => {
    const support = staff.support as CreatedOperator;
    const cookie = await signIn('support');
    // An order charged whose completion never happened (a crash between the two): pending, an hour old, no keys.
    const { shopper, number } = await paidCardOrder(['photo-2']);
    await t.db.dataSource.query(`DELETE FROM product_keys WHERE order_number = $1`, [number]);
    await t.db.dataSource.query(`UPDATE orders SET status = 'pending', paid_at = NULL, created_at = now() - interval '1 hour' WHERE number = $1`, [number]);
    const taxCheck = crypto.randomUUID();
    await t.db.dataSource.query(
      `INSERT INTO tax_id_checks (id, customer_id, country, tax_id, result, service, retry_after) VALUES ($1, $2, 'DE', 'DE123456789', 'unverified', 'vies', now() + interval '1 hour')`,
      [taxCheck, shopper.id],
    );
    const certificate = crypto.randomUUID();
    await t.db.dataSource.query(
      `INSERT INTO tax_certificates (id, customer_id, tax_authority, start_date, end_date, file_name, content_type, size, storage_key, sha256, order_reference)
       VALUES ($1::uuid, $2, 'NY', current_date - 30, current_date + 300, 'exemption.pdf', 'application/pdf', 1000, $1::text, repeat('a', 64), $3)`,
      [certificate, shopper.id, number],
    );
    await t.db.dataSource.query(`UPDATE orders SET tax_certificate_id = $1 WHERE number = $2`, [certificate, number]);

    const listed = (await t.http().get('/data/admin/attention').set(XHR).set('Cookie', cookie)).body.data;
    expect(listed.pending_orders).toEqual(expect.arrayContaining([expect.objectContaining({ id: number, order_number: number, actions: [{ action: 'check', label: 'Ask the provider now' }] })]));
    expect(listed.unverified_tax_ids).toEqual([expect.objectContaining({ id: taxCheck, summary: expect.stringContaining('DE123456789') })]);
    expect(listed.certificates).toEqual([expect.objectContaining({ id: certificate, order_number: number, actions: [{ action: 'approve', label: 'Approve' }, { action: 'reject', label: 'Reject' }] })]);

    const checked = await t.http().post(`/data/admin/attention/pending-order/${number}`).set(XHR).set('Cookie', cookie).send({ action: 'check' });
    expect(checked.body.data).toEqual({ outcome: 'completed' });
    const [order] = await t.db.dataSource.query(`SELECT status FROM orders WHERE number = $1`, [number]);
    expect(order.status).toBe('paid');
    expect(await t.db.dataSource.query(`SELECT key FROM product_keys WHERE order_number = $1`, [number])).toHaveLength(1);

    expect((await t.http().post(`/data/admin/attention/tax-id/${taxCheck}`).set(XHR).set('Cookie', cookie).send({ action: 'check-again' })).body.data).toEqual({ outcome: 'check-due' });
    const [{ due }] = await t.db.dataSource.query(`SELECT retry_after <= now() AS due FROM tax_id_checks WHERE id = $1`, [taxCheck]);
    expect(due).toBe(true);

    expect((await t.http().post(`/data/admin/attention/certificate/${certificate}`).set(XHR).set('Cookie', cookie).send({ action: 'reject' })).body.data).toEqual({ outcome: 'rejected' });
    const [reviewed] = await t.db.dataSource.query(`SELECT review, reviewed_by FROM tax_certificates WHERE id = $1`, [certificate]);
    expect(reviewed).toEqual({ review: 'rejected', reviewed_by: support.operator.id });
    // Reviewed once: it leaves the list, and a second review finds nothing to do.
    expect((await t.http().post(`/data/admin/attention/certificate/${certificate}`).set(XHR).set('Cookie', cookie).send({ action: 'approve' })).body.code).toBe(900040);
    const after = (await t.http().get('/data/admin/attention').set(XHR).set('Cookie', cookie)).body.data;
    expect(after.certificates).toEqual([]);
    expect(after.pending_orders.some((item: { id: string }) => item.id === number)).toBe(false);
    const order2 = (await t.http().get(`/data/admin/orders/${number}`).set(XHR).set('Cookie', cookie)).body.data;
    expect(order2.tax_certificate).toMatchObject({ id: certificate, tax_authority: 'NY', file_name: 'exemption.pdf', reviewed: 'rejected' });
  });
});
