import { startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { payByCard, shopperReadyToPay } from '../testing/shopper';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { recordStatements } from '../testing/sql-statements';
import { createTestApp, type TestApp } from '../testing/test-app';

// Throughput (docs/benchmarks.md, "What limits the rest"): every statement PLACE_ORDER sends to
// PostgreSQL is a round trip. This counts them for one successful card order through the real HTTP
// API, the real braintree SDK and the card sandbox, so a change that adds round trips back fails here.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  // No background work on the database while statements are counted.
  t = await createTestApp({ env: cardSandboxEnv(sandbox.url, { TAX_ID_RETRY_INTERVAL_MS: '0' }) });
  // A first order warms what the API keeps in memory (catalogue, reference data), as under load.
  expect((await payByCard(t, await shopperReadyToPay(t))).body.success).toBe(true);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

describe('PLACE_ORDER round trips', () => {
  // Every statement of one card PLACE_ORDER request, BEGIN and COMMIT included: the session, the
  // checks, the reservation, the charge ledger and the completion (a card that is not being saved
  // never looks up the shopper's customer record at the gateway). Lines, keys and the claims of
  // their products are each written in one statement, so more lines cost no more round trips; the
  // reservation (with its product claims) is one statement in its transaction, the completion one
  // statement.
  it.each([
    ['one line (the benchmark’s basket)', 11, ['photo-2'], 1],
    ['a suite with two bonus products', 11, ['universal-v2'], 3],
  ])('places a card order of %s in at most %i statements', async (_, most, suites, lines) => {
    const shopper = await shopperReadyToPay(t, { suites });
    const { result: placed, statements } = await recordStatements(t.app, () => payByCard(t, shopper));
    expect(placed.body.success).toBe(true);
    process.stdout.write(`PLACE_ORDER (${suites.join(', ')}) sent ${statements.length} statements:\n${statements.map((sql, i) => `${String(i + 1).padStart(3)} ${sql.slice(0, 200)}`).join('\n')}\n`);

    // The order is whole: paid, every line with its key, the basket closed, the charge recorded, the receipt queued.
    const number = placed.body.data.order_number;
    const [order] = await t.db.dataSource.query(
      `SELECT o.status, o.transaction_id IS NOT NULL AS has_transaction,
         (SELECT count(*)::int FROM order_lines WHERE order_number = o.number) AS lines,
         (SELECT count(*)::int FROM product_keys WHERE order_number = o.number) AS keys,
         (SELECT ordered_at IS NOT NULL FROM baskets WHERE reference = o.basket_reference) AS basket_closed,
         (SELECT count(*)::int FROM basket_payment_states WHERE basket_reference = o.basket_reference) AS payment_states,
         (SELECT state FROM payment_charges WHERE order_number = o.number) AS charge,
         (SELECT count(*)::int FROM mail_outbox WHERE recipient = $2) AS receipts
       FROM orders o WHERE o.number = $1`,
      [number, shopper.email],
    );
    expect(order).toEqual({ status: 'paid', has_transaction: true, lines, keys: lines, basket_closed: true, payment_states: 0, charge: 'charged', receipts: 1 });

    expect(statements.length).toBeLessThanOrEqual(most);
  });
});
