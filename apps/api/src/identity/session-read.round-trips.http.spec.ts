import { cookieOf, shopperReadyToPay } from '../testing/shopper';
import { recordStatements } from '../testing/sql-statements';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// Throughput (docs/benchmarks.md): every statement the session call sends to PostgreSQL is a round
// trip, and the page asks for the session on every checkout load. This counts them for the read the
// bench measures, a visitor's and a signed-in customer's with a billing address and a gateway, so a
// change that adds round trips back fails here.

let t: TestApp;

beforeAll(async () => {
  // No background work on the database while statements are counted.
  t = await createTestApp({ env: { TAX_ID_RETRY_INTERVAL_MS: '0' } });
});
afterAll(() => t?.close());

async function readCounted(reference: string, cookie: string) {
  // A first read warms what the API keeps in memory (catalogue, reference data), as under load.
  await t.http().get(`/data/session/?basket_ref=${reference}`).set(XHR).set('Cookie', cookie);
  const { result, statements } = await recordStatements(t.app, () => t.http().get(`/data/session/?basket_ref=${reference}`).set(XHR).set('Cookie', cookie));
  expect(result.status).toBe(200);
  return { data: result.body.data, statements };
}

describe('session read round trips', () => {
  it('reads a visitor’s session with their basket in one statement', async () => {
    const added = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
    const { data, statements } = await readCounted(added.body.data.reference, cookieOf(added, 'afs_basket'));

    expect(data.customer).toBeNull();
    expect(data.basket.reference).toBe(added.body.data.reference);
    expect(data.basket.lines.map((line: { product_suite_reference: string }) => line.product_suite_reference)).toEqual(['photo-2']);
    expect(statements).toHaveLength(1);
  });

  it('reads a signed-in customer’s session, billing address, basket and gateway in one statement', async () => {
    const shopper = await shopperReadyToPay(t);
    const { data, statements } = await readCounted(shopper.basketReference, shopper.cookie);

    expect(data.customer.email).toBe(shopper.email);
    expect(data.customer.billing.city).toBe('Nottingham');
    expect(data.basket.reference).toBe(shopper.basketReference);
    expect(data.payment_gateway).toBe('braintree');
    expect(statements).toHaveLength(1);
  });
});
