import { RemoveUnusedTaxCertificates } from '@store/application';
import { removeUnusedCertificatesCommand } from '../cli/remove-unused-certificates-command';
import { pdf } from '@store/infrastructure/testing';
import { checkoutAction, cookieOf, newCustomerBody, payByCard, shopperReadyToPay } from '../testing/shopper';
import { storeWithCardSandbox } from '../testing/card-store';
import { XHR } from '../testing/test-app';
import { UnusedCertificatesJob } from './unused-certificates.job';

// The clean-up of certificates nothing uses, on the real API and Postgres, with the card sandbox
// to place a real order. Age is given by moving a record's creation back: the rule under test is
// about age, and waiting a day is not an option.
const store = storeWithCardSandbox();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function uploadCertificate(cookie: string, name: string): Promise<string> {
  const response = await store.t
    .http()
    .post('/data/account/tax-certificate/')
    .set(XHR)
    .set('Cookie', cookie)
    .field({ tax_authority: 'NY', start_date: day(-30), end_date: day(300) })
    .attach('file', pdf(), { filename: name, contentType: 'application/pdf' });
  expect(response.status).toBe(200);
  return response.body.data.certificate.id;
}

const rows = (sql: string, values: unknown[] = []) => store.t.db.dataSource.query(sql, values);
const age = (ids: string[], hours: number) => rows(`UPDATE tax_certificates SET created_at = now() - make_interval(hours => $2) WHERE id = ANY($1)`, [ids, hours]);
const download = (id: string, cookie: string) => store.t.http().get(`/data/account/tax-certificate/${id}/file`).set(XHR).set('Cookie', cookie);

describe('removing certificates nothing uses', () => {
  it("removes an unused certificate older than a day, keeping an order's, an open basket's newest and a recent one; two runs at once remove each once", async () => {
    // On an order: kept for good.
    const payer = await shopperReadyToPay(store.t);
    const onOrder = await uploadCertificate(payer.cookie, 'ordered.pdf');
    const placed = await payByCard(store.t, payer);
    expect(placed.body.success).toBe(true);

    // An open basket's: the newest is the one its order will take; the one it replaced is unused.
    const shopper = await shopperReadyToPay(store.t);
    const replaced = await uploadCertificate(shopper.cookie, 'first try.pdf');
    const newest = await uploadCertificate(shopper.cookie, 'second try.pdf');

    // Uploaded with no basket: no order can take it.
    const created = await checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(`no.basket.${Date.now()}@example.com`, { country: 'US' }));
    const loner = cookieOf(created, 'afs_session');
    const stale = await uploadCertificate(loner, 'stale.pdf');
    const recent = await uploadCertificate(loner, 'recent.pdf');
    // Past the day's grace, in the order they came; the recent one just within it.
    await age([replaced], 26);
    await age([onOrder, newest, stale], 25);
    await age([recent], 23);
    const keys = Object.fromEntries(
      (await rows(`SELECT id, storage_key FROM tax_certificates WHERE id = ANY($1)`, [[onOrder, replaced, newest, stale, recent]])).map(
        (row: { id: string; storage_key: string }) => [row.id, row.storage_key],
      ),
    );

    // Two instances' runs at once: each certificate goes once, in one of them.
    const removeUnused = store.t.app.get(RemoveUnusedTaxCertificates, { strict: false });
    const runs = await Promise.all([removeUnused.run(), removeUnused.run()]);
    const removed = runs.flatMap((run) => run.removed.map((certificate) => certificate.id));
    expect(removed.sort()).toEqual([replaced, stale].sort());
    expect(runs.flatMap((run) => run.filesLeft)).toEqual([]);

    const left = (await rows(`SELECT id FROM tax_certificates WHERE id = ANY($1)`, [[onOrder, replaced, newest, stale, recent]])).map((row: { id: string }) => row.id);
    expect(left.sort()).toEqual([onOrder, newest, recent].sort());
    const files = (await rows(`SELECT key FROM stored_files WHERE key = ANY($1)`, [Object.values(keys)])).map((row: { key: string }) => row.key);
    expect(files.sort()).toEqual([keys[onOrder], keys[newest], keys[recent]].sort());
    expect(Number((await rows(`SELECT count(*) AS n FROM stored_file_chunks WHERE key = ANY($1)`, [[keys[replaced], keys[stale]]]))[0].n)).toBe(0);
    expect((await download(replaced, shopper.cookie)).status).toBe(404);
    expect((await download(newest, shopper.cookie)).status).toBe(200);

    // A later run finds nothing more; the timer's run is the same use case.
    await store.t.app.get(UnusedCertificatesJob, { strict: false }).runOnce();
    expect((await rows(`SELECT count(*)::int AS n FROM tax_certificates WHERE id = ANY($1)`, [[onOrder, newest, recent]]))[0].n).toBe(3);

    // The basket's order takes the certificate that was kept for it.
    const paid = await payByCard(store.t, shopper);
    expect(paid.body.success).toBe(true);
    const [order] = await rows(`SELECT tax_certificate_id FROM orders WHERE number = $1`, [paid.body.data.order_number]);
    expect(order.tax_certificate_id).toBe(newest);
  });

  it('runs from the command line too (cron), reporting what it removed', async () => {
    const created = await checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(`cron.${Date.now()}@example.com`, { country: 'US' }));
    const stale = await uploadCertificate(cookieOf(created, 'afs_session'), 'stale.pdf');
    await age([stale], 25);
    const lines: string[] = [];
    expect(await removeUnusedCertificatesCommand({ DATABASE_URL: store.t.db.url, LOG_LEVEL: 'silent' }, (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual(['Removed 1 unused tax certificate(s)']);
    expect(await rows(`SELECT id FROM tax_certificates WHERE id = $1`, [stale])).toEqual([]);
  });
});
