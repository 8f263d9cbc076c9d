import { TestCheckpoints } from '@store/application/testing';
import { createDataSource, migrate, seedCatalogue, seedCustomerCategories } from '@store/infrastructure';
import { gatewayFor, sepaNonce, startBraintreeSandbox, startLocalPayment, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import request from 'supertest';
import { loadConfig } from '../config/app-config';
import { createApp } from '../create-app';
import { checkoutAction, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, type TestApp } from '../testing/test-app';
import { until } from '../testing/until';
import { ProviderNotificationsJob } from '../payments/notifications/provider-notifications.job';
import { LocalPaymentsJob } from '../payments/local-payments/local-payments.job';

// Database faults (issue 12): the connection dropped in the middle of a request's transaction
// (pg_terminate_backend), and Postgres restarted under a request. Each answers the catalogued 503,
// leaves no half-written order (the order stays pending with its charge recorded, nothing of its
// completion is kept), and the shopper's retry completes it without charging again. /health/ready
// says false while the database is away and true once it is back.

const CARD_ENV = (url: string) => cardSandboxEnv(url, { BRAINTREE_TIMEOUT_MS: '5000' });

// Each database numbers its orders from the same sequence start: each gets a card gateway of its own.
let sandbox: RunningBraintreeSandbox;
beforeEach(async () => {
  await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
});
beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
});
afterAll(() => sandbox?.close());

const pay = payByCard;

async function salesOf(orderNumber: string): Promise<{ id: string; type: string; status: string }[]> {
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { id: string; type: string; status: string; orderId: string | null }[];
  return all.filter((transaction) => transaction.type === 'sale' && transaction.orderId?.startsWith(`${orderNumber}-`));
}

/** Nothing of a completion is kept: the order is pending, no keys, no receipt, the basket still open, its charge recorded. */
async function expectNoHalfWrittenOrder(app: TestApp, shopper: Shopper, number: string): Promise<void> {
  const query = (sql: string, values: unknown[]) => app.db.dataSource.query(sql, values);
  expect(await query('SELECT status, paid_at, transaction_id FROM orders WHERE number = $1', [number])).toEqual([{ status: 'pending', paid_at: null, transaction_id: null }]);
  expect(await query('SELECT count(*)::int AS n FROM product_keys WHERE order_number = $1', [number])).toEqual([{ n: 0 }]);
  expect(await query('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1', [shopper.email])).toEqual([{ n: 0 }]);
  expect(await query('SELECT ordered_at FROM baskets WHERE reference = $1', [shopper.basket.reference])).toEqual([{ ordered_at: null }]);
  expect(await query('SELECT state FROM payment_charges WHERE order_number = $1', [number])).toEqual([{ state: 'charged' }]);
}

/** The retry completes the order with the charge already made: one charge, paid, keys, one receipt. */
async function expectRetryCompletes(app: TestApp, shopper: Shopper, number: string): Promise<void> {
  const retried = await pay(app, shopper, { existing_order_number: number });
  expect(retried.body).toMatchObject({ success: true, data: { order_number: number } });
  const sales = await salesOf(number);
  expect(sales).toHaveLength(1);
  const query = (sql: string, values: unknown[]) => app.db.dataSource.query(sql, values);
  expect(await query('SELECT status, transaction_id FROM orders WHERE number = $1', [number])).toEqual([{ status: 'paid', transaction_id: sales[0].id }]);
  expect((await query('SELECT count(*)::int AS n FROM product_keys WHERE order_number = $1', [number]))[0].n).toBeGreaterThan(0);
  expect(await query('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1', [shopper.email])).toEqual([{ n: 1 }]);
}

describe('the connection dropped mid-request (pg_terminate_backend)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: CARD_ENV(sandbox.url) });
  });
  afterAll(() => t?.close());

  it('inside the completing transaction: a catalogued 503, nothing of the completion kept, and the retry completes the order with its one charge', async () => {
    const shopper = await shopperReadyToPay(t);
    // The test holds the basket's payment state row, so the order's completion, having already
    // marked the order paid and closed the basket inside its transaction, waits there when it comes
    // to spend that state. (Not the basket row: the reservation marks it, before any charge.)
    const holder = new Client({ connectionString: t.db.url, application_name: 'reliability-holder' });
    // Watches from outside any transaction (a transaction sees one snapshot of pg_stat_activity).
    const observer = new Client({ connectionString: t.db.url, application_name: 'reliability-observer' });
    await holder.connect();
    await observer.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM basket_payment_states WHERE basket_reference = $1 FOR UPDATE', [shopper.basket.reference]);
      const holderPid = (await holder.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      const answer = pay(t, shopper).then((response) => response);
      const blocked = await until('the completion to wait on the payment state row', async () => {
        const { rows } = await observer.query(
          `SELECT pid, state, backend_xid IS NOT NULL AS writing FROM pg_stat_activity
           WHERE $1 = ANY(pg_blocking_pids(pid)) AND query LIKE 'WITH spent AS%'`,
          [holderPid],
        );
        return rows.length === 1 ? (rows[0] as { pid: number; state: string; writing: boolean }) : null;
      });
      // Mid-transaction: it has written already (the order marked paid, its keys), nothing committed.
      expect(blocked).toMatchObject({ state: 'active', writing: true });
      expect((await observer.query('SELECT status FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).rows).toEqual([{ status: 'pending' }]);
      await observer.query('SELECT pg_terminate_backend($1)', [blocked.pid]);
      const response = await answer;
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ success: false, code: 503, message: 'The store is unavailable right now. Please try again shortly.' });
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
      await observer.end();
    }
    const [{ number }] = await t.db.dataSource.query('SELECT number FROM orders WHERE basket_reference = $1', [shopper.basket.reference]);
    await expectNoHalfWrittenOrder(t, shopper, number);
    expect((await t.http().get('/health/ready')).status).toBe(200);
    await expectRetryCompletes(t, shopper, number);
  });
});

/**
 * A Postgres of its own for this test (so that stopping it disturbs no other suite), run by a child
 * process with the project's embedded-postgres starter: stop and start it again on the same port
 * and data folder, as a restart.
 */
class OwnPostgres {
  private frozen: number[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly dataDir: string,
  ) {}

  /** Stops every process of the server (the postmaster, then its backends) as SIGSTOP does to a hung host. */
  freeze(): void {
    const postmaster = Number(readFileSync(join(this.dataDir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // The parent's pid is the fourth field of /proc/<pid>/stat, after the command in parentheses.
          return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    this.frozen = [postmaster, ...children];
    for (const pid of this.frozen) process.kill(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.frozen) process.kill(pid, 'SIGCONT');
    this.frozen = [];
  }

  static async start(): Promise<OwnPostgres> {
    const starter = pathToFileURL(resolve(__dirname, '../../../../tools/lib/embedded-db.mjs')).href;
    const dataDir = mkdtempSync(join(tmpdir(), 'store-pg-restart-'));
    const script = `
      import { freePort, startEmbeddedPostgres } from ${JSON.stringify(starter)};
      import { rmSync } from 'node:fs';
      const dataDir = process.env.RESTART_PG_DIR;
      const port = await freePort();
      let server = await startEmbeddedPostgres({ dataDir, port });
      const url = await server.ensureDatabase('store_restart');
      process.send({ type: 'ready', url });
      process.on('message', async (message) => {
        if (message === 'stop') { await server.stop(); process.send({ type: 'stopped' }); }
        if (message === 'start') { server = await startEmbeddedPostgres({ dataDir, port }); process.send({ type: 'started' }); }
        if (message === 'exit') { await server.stop(); rmSync(dataDir, { recursive: true, force: true }); process.exit(0); }
      });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, RESTART_PG_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const { url } = await OwnPostgres.next<{ url: string }>(child, 'ready');
    return new OwnPostgres(child, url, dataDir);
  }

  private static next<T>(child: ChildProcess, type: string): Promise<T> {
    return new Promise((done, fail) => {
      const onMessage = (message: { type?: string } & T) => {
        if (message?.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        done(message);
      };
      const onExit = (code: number | null) => fail(new Error(`The Postgres child stopped (${code}) before '${type}'`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  async stop(): Promise<void> {
    const stopped = OwnPostgres.next(this.child, 'stopped');
    this.child.send('stop');
    await stopped;
  }

  async start(): Promise<void> {
    const started = OwnPostgres.next(this.child, 'started');
    this.child.send('start');
    await started;
  }

  async exit(): Promise<void> {
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.send('exit');
    await exited;
  }
}

/** The store on a Postgres of its own, migrated and seeded. */
async function appOn(postgres: OwnPostgres, checkpoints: TestCheckpoints, env: Record<string, string> = {}): Promise<TestApp> {
  const dataSource = createDataSource(postgres.url);
  await dataSource.initialize();
  await migrate(dataSource);
  await seedCustomerCategories(dataSource);
  await seedCatalogue(dataSource);
  const webDir = mkdtempSync(join(tmpdir(), 'store-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Affinity Store</title>');
  const app = await createApp(loadConfig({ DATABASE_URL: postgres.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir, TRUST_PROXY: 'true', ...CARD_ENV(sandbox.url), ...env }), { checkpoints });
  await app.init();
  return {
    app,
    db: { url: postgres.url, dataSource, drop: () => dataSource.destroy() },
    webDir,
    http: () => request(app.getHttpServer()),
    async close() {
      await app.close();
      if (dataSource.isInitialized) await dataSource.destroy();
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

describe('Postgres restarted', () => {
  let postgres: OwnPostgres;
  let t: TestApp;
  const checkpoints = new TestCheckpoints();

  beforeAll(async () => {
    postgres = await OwnPostgres.start();
    t = await appOn(postgres, checkpoints);
  }, 120_000);
  afterAll(async () => {
    checkpoints.clear();
    await t?.close();
    await postgres?.exit();
  });

  it('under a request that has charged: a catalogued 503, /health/ready false then true, no half-written order, and the retry completes it with its one charge', async () => {
    const shopper = await shopperReadyToPay(t);
    expect((await t.http().get('/health/ready')).status).toBe(200);
    // The order is charged (and the charge recorded); its completion waits here while Postgres restarts.
    const charged = checkpoints.gate('place-order:charged', { holdOnly: 1 });
    const answer = pay(t, shopper).then((response) => response);
    await charged.arrived(1);
    const [{ number }] = await t.db.dataSource.query('SELECT number FROM orders WHERE basket_reference = $1', [shopper.basket.reference]);

    await postgres.stop();
    charged.open();
    const response = await answer;
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ success: false, code: 503 });
    const notReady = await t.http().get('/health/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ success: false, code: 503, data: { error: { database: { status: 'down' } } } });
    // Any other request meanwhile is the same catalogued 503, never a 500.
    expect((await t.http().get('/data/session/').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', shopper.cookie)).body).toMatchObject({ code: 503 });

    await postgres.start();
    await until('/health/ready to answer 200', async () => (await t.http().get('/health/ready')).status === 200);
    await expectNoHalfWrittenOrder(t, shopper, number);
    await expectRetryCompletes(t, shopper, number);
  });
});

describe('Postgres restarted while the card gateway sends a webhook', () => {
  let postgres: OwnPostgres;
  let t: TestApp;
  // A card sandbox of its own that retries a webhook the store did not take within a tenth of a second (then doubling).
  let provider: RunningBraintreeSandbox;

  beforeAll(async () => {
    postgres = await OwnPostgres.start();
    provider = await startBraintreeSandbox({ config: { webhookRetryBaseMs: 100, webhookTimeoutMs: 2000, localPaymentCreateDelayMs: 0 } });
    // The store charges through this provider too, so that a local payment it approves can be paid.
    t = await appOn(postgres, new TestCheckpoints(), cardSandboxEnv(provider.url, { BRAINTREE_TIMEOUT_MS: '5000', BRAINTREE_PAYPAL: 'true', BRAINTREE_LOCAL_PAYMENTS: 'true', BRAINTREE_SEPA: 'true' }));
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    await fetch(`${provider.url}/__sandbox/webhooks/settings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/webhooks/braintree/` }),
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    await postgres?.exit();
  });

  type Delivery = { id: string; status: string; attempts: { status: number | null }[] };
  const delivery = async (id: string) => (await (await fetch(`${provider.url}/__sandbox/webhooks/${id}`)).json()) as Delivery;

  it("a notification arriving while it is down: a catalogued 503, and the provider's retry keeps it once and it is handled", async () => {
    const sale = await gatewayFor(provider).transaction.sale({ amount: '10.00', merchantAccountId: 'store_GBP', paymentMethodNonce: 'fake-valid-nonce', options: { submitForSettlement: true } });
    expect(sale.success).toBe(true);
    const job = t.app.get(ProviderNotificationsJob, { strict: false });

    await postgres.stop();
    const queued = (await (
      await fetch(`${provider.url}/__sandbox/webhooks/send`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'transaction_settled', id: sale.transaction.id }) })
    ).json()) as Delivery;
    await until('the store to refuse a delivery with 503', async () => (await delivery(queued.id)).attempts.some((attempt) => attempt.status === 503));
    // The worker's run fails too, and is only logged: the timer carries on.
    await expect(job.runAfterCurrent()).resolves.toBeUndefined();

    await postgres.start();
    const delivered = await until('the provider to retry until the store keeps it', async () => {
      const now = await delivery(queued.id);
      return now.status === 'delivered' ? now : null;
    });
    expect(delivered.attempts.at(-1)?.status).toBe(200);
    expect(delivered.attempts.slice(0, -1).every((attempt) => attempt.status !== 200)).toBe(true);
    // A replay of the same notification changes nothing.
    await fetch(`${provider.url}/__sandbox/webhooks/${queued.id}/replay`, { method: 'POST' });
    await until('the replay to be answered', async () => (await delivery(queued.id)).attempts.filter((attempt) => attempt.status === 200).length === 2);
    await job.runAfterCurrent();
    expect(await t.db.dataSource.query(`SELECT kind, subject->>'id' AS transaction, attempts, outcome FROM provider_notifications`)).toEqual([
      { kind: 'transaction-settled', transaction: sale.transaction.id, attempts: 0, outcome: 'not-a-bank-debit' },
    ]);
  }, 60_000);

  it("a local payment approved while it is down: the provider's retry brings the approval, and the order is charged once", async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-pl', address: { line_1: 'ul. Marszałkowska 1', city: 'Warszawa', postal_code: '00-624', country: 'PL' } });
    const checkout = await t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set('X-Requested-With', 'XMLHttpRequest').set('Cookie', shopper.cookie);
    const fingerprint = JSON.parse(Buffer.from(checkout.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
    const gross = (shopper.basket as unknown as { pricing: { total: { gross: { amount_minor: number } } } }).pricing.total.gross.amount_minor;
    const target = { url: provider.url, merchantId: provider.config.merchantId };
    const created = await startLocalPayment(target, fingerprint, { paymentType: 'blik', amount: (gross / 100).toFixed(2), currency: 'PLN', extra: { blikOptions: { level_0: { authCode: '123456' } } } });
    const paymentId = created.paymentId as string;
    const started = await checkoutAction(
      t,
      'START_LOCAL_PAYMENT',
      { basket_reference_id: shopper.basket.reference, basket_stale_hash: shopper.basket.stale_hash, gateway: 'braintree', payment_method_type: 'blik', payment_id: paymentId, withdrawal_consent: true, locale: 'en-pl' },
      shopper.cookie,
    );
    expect(started.body.success).toBe(true);
    const number = started.body.data.order_number as string;

    await postgres.stop();
    await fetch(`${provider.url}/__sandbox/local-payments/${paymentId}/approve`, { method: 'POST' });
    const completion = async () => {
      const { deliveries } = (await (await fetch(`${provider.url}/__sandbox/webhooks`)).json()) as { deliveries: (Delivery & { subjectId: string })[] };
      return deliveries.find((candidate) => candidate.subjectId === paymentId) ?? null;
    };
    await until('the store to refuse the approval with 503', async () => (await completion())?.attempts.some((attempt) => attempt.status === 503));
    await postgres.start();
    await until('the provider to retry until the store keeps it', async () => (await completion())?.status === 'delivered');
    await t.app.get(ProviderNotificationsJob, { strict: false }).runAfterCurrent();
    await t.app.get(LocalPaymentsJob, { strict: false }).runAfterCurrent();
    const sales = await salesOfProvider(number);
    expect(sales).toHaveLength(1);
    expect(await t.db.dataSource.query('SELECT status, transaction_id FROM orders WHERE number = $1', [number])).toEqual([{ status: 'paid', transaction_id: sales[0].id }]);
    expect(await t.db.dataSource.query('SELECT state FROM local_payments WHERE payment_id = $1', [paymentId])).toEqual([{ state: 'paid' }]);
  }, 60_000);

  it("a bank debit settling while it is down: the provider's retry brings the settlement, and the waiting order is released once", async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053', country: 'PT' } });
    const checkout = await t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set('X-Requested-With', 'XMLHttpRequest').set('Cookie', shopper.cookie);
    const fingerprint = JSON.parse(Buffer.from(checkout.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
    const { nonce } = await sepaNonce({ url: provider.url, merchantId: provider.config.merchantId }, fingerprint, { iban: 'DE89370400440532013000', countryCode: 'PT' });
    const placed = await pay(t, shopper, { token: nonce, payment_method_type: 'sepa', locale: 'en-eu' });
    expect(placed.body.success).toBe(true);
    const number = placed.body.data.order_number as string;
    expect(await t.db.dataSource.query('SELECT status FROM orders WHERE number = $1', [number])).toEqual([{ status: 'pending' }]);
    const [sale] = await salesOfProvider(number);

    await postgres.stop();
    await fetch(`${provider.url}/__sandbox/transactions/${sale.id}/settle`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const settlement = async () => {
      const { deliveries } = (await (await fetch(`${provider.url}/__sandbox/webhooks`)).json()) as { deliveries: (Delivery & { subjectId: string })[] };
      return deliveries.find((candidate) => candidate.subjectId === sale.id) ?? null;
    };
    await until('the store to refuse the settlement with 503', async () => (await settlement())?.attempts.some((attempt) => attempt.status === 503));
    await postgres.start();
    await until('the provider to retry until the store keeps it', async () => (await settlement())?.status === 'delivered');
    await t.app.get(ProviderNotificationsJob, { strict: false }).runAfterCurrent();
    expect(await t.db.dataSource.query('SELECT status FROM orders WHERE number = $1', [number])).toEqual([{ status: 'paid' }]);
    expect(await t.db.dataSource.query('SELECT state, released_at IS NOT NULL AS released FROM bank_debits WHERE order_number = $1', [number])).toEqual([{ state: 'settled', released: true }]);
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1', [shopper.email]))[0].n).toBe(1);
  }, 60_000);

  const salesOfProvider = async (orderNumber: string) =>
    ((await (await fetch(`${provider.url}/__sandbox/transactions`)).json()) as { id: string; type: string; orderId: string | null }[]).filter(
      (transaction) => transaction.type === 'sale' && transaction.orderId?.startsWith(`${orderNumber}-`),
    );
});

describe('Postgres frozen (every process stopped, as on a hung host)', () => {
  let postgres: OwnPostgres;
  let t: TestApp;

  beforeAll(async () => {
    postgres = await OwnPostgres.start();
    t = await appOn(postgres, new TestCheckpoints(), { DATABASE_TIMEOUT_MS: '1000' });
  }, 120_000);
  afterAll(async () => {
    postgres?.thaw();
    await t?.close();
    await postgres?.exit();
  });

  it('answers data calls and the readiness check with the catalogued 503 while it is frozen, and the edit it refused left nothing behind', async () => {
    const shopper = await shopperReadyToPay(t);
    const [{ reference: line }] = await t.db.dataSource.query('SELECT reference FROM basket_lines WHERE basket_reference = $1', [shopper.basket.reference]);
    const edit = () => checkoutAction(t, 'CHANGE_QUANTITY', { basketReference: shopper.basket.reference, lineReference: line, quantity: 7 }, shopper.cookie);
    const quantity = async () => (await t.db.dataSource.query('SELECT quantity FROM basket_lines WHERE reference = $1', [line]))[0].quantity;
    expect(await quantity()).toBe(1);

    // Frozen until every answer is in: an API that waits on the database for as long as it is away never answers here.
    postgres.freeze();
    let answers: request.Response[];
    try {
      answers = await Promise.all([
        t.http().get('/data/session/').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', shopper.cookie),
        edit(),
        t.http().get('/health/ready'),
        // More callers than the pool has connections: those waiting for one are answered too.
        ...Array.from({ length: 12 }, () => t.http().get('/data/session/').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', shopper.cookie)),
      ]);
    } finally {
      postgres.thaw();
    }
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, code: 503 });
    }
    expect(answers[0].body.message).toBe('The store is unavailable right now. Please try again shortly.');

    await until('/health/ready to answer 200', async () => (await t.http().get('/health/ready')).status === 200);
    // The refused edit was never half-applied, and no connection was left inside a transaction.
    expect(await quantity()).toBe(1);
    const stuck = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'software-store' AND state LIKE 'idle in transaction%'`);
    expect(stuck).toEqual([{ n: 0 }]);
    // The pool recovered: the shopper's retry and a burst of reads all succeed.
    expect((await edit()).body).toMatchObject({ success: true });
    expect(await quantity()).toBe(7);
    const reads = await Promise.all(Array.from({ length: 15 }, () => t.http().get('/data/session/').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', shopper.cookie)));
    expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
  }, 60_000);
});
