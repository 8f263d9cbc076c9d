import { CERTIFICATE_CLAIM_TTL_MS } from '@store/domain';
import { aBasket, aTaxCertificate, FixedClock, InMemoryBasketRepository, InMemoryFileStorage, InMemoryTaxCertificates } from '../testing';
import { RemoveUnusedTaxCertificates } from './remove-unused-tax-certificates.use-case';

const HOUR = 3600_000;
const now = new Date('2026-11-22T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

async function setUp() {
  const baskets = new InMemoryBasketRepository();
  const certificates = new InMemoryTaxCertificates(baskets);
  const storage = new InMemoryFileStorage();
  /** A certificate on record with its file in storage. */
  const keep = async (...args: Parameters<typeof aTaxCertificate>) => {
    const certificate = aTaxCertificate(...args);
    certificates.rows.push(certificate);
    await storage.put(certificate.storageKey, Uint8Array.of(1, 2, 3), certificate.contentType);
    return certificate;
  };
  const cleanUp = new RemoveUnusedTaxCertificates(certificates, storage, new FixedClock(now), 24 * HOUR);
  return { baskets, certificates, storage, keep, cleanUp };
}

describe('RemoveUnusedTaxCertificates', () => {
  it('removes old certificates nothing uses, records and files, and keeps the young, the ordered and the open basket\'s newest', async () => {
    const { baskets, certificates, storage, keep, cleanUp } = await setUp();
    baskets.baskets.set('open', aBasket({ reference: 'open', customerId: 'ada' }));
    const abandoned = await keep('ada', ago(48));
    const replaced = await keep('ada', ago(40), { basketReference: 'open' });
    const basketsNewest = await keep('ada', ago(30), { basketReference: 'open' });
    const ordered = await keep('ada', ago(50), { orderReference: 'ORD-1' });
    const young = await keep('ada', ago(2));

    const run = await cleanUp.run();
    expect(run).toEqual({ removed: [abandoned, replaced].map(({ id, storageKey }) => ({ id, storageKey })), filesLeft: [] });
    expect(certificates.rows.map((row) => row.id).sort()).toEqual([basketsNewest.id, ordered.id, young.id].sort());
    expect([...storage.files.keys()].sort()).toEqual([basketsNewest, ordered, young].map((row) => row.storageKey).sort());
    expect(await cleanUp.run()).toEqual({ removed: [], filesLeft: [] });
  });

  it("frees an ordered basket's certificate once the basket is closed", async () => {
    const { baskets, certificates, keep, cleanUp } = await setUp();
    baskets.baskets.set('open', aBasket({ reference: 'open', customerId: 'ada' }));
    await keep('ada', ago(30), { basketReference: 'open' });
    expect((await cleanUp.run()).removed).toHaveLength(0);
    baskets.closed.add('open');
    expect((await cleanUp.run()).removed).toHaveLength(1);
    expect(certificates.rows).toHaveLength(0);
  });

  it('removes the record even when its file cannot be, and says which files were left', async () => {
    const { certificates, storage, keep, cleanUp } = await setUp();
    const stuck = await keep('ada', ago(30));
    storage.undeletable.add(stuck.storageKey);
    expect(await cleanUp.run()).toEqual({ removed: [], filesLeft: [{ id: stuck.id, storageKey: stuck.storageKey }] });
    expect(certificates.rows).toHaveLength(0);
  });

  it('works through more than one batch', async () => {
    const { certificates, keep, cleanUp } = await setUp();
    for (let index = 0; index < 205; index += 1) await keep('ada', new Date(ago(30).getTime() - index * 1000));
    expect((await cleanUp.run()).removed).toHaveLength(205);
    expect(certificates.rows).toHaveLength(0);
  });

  it('forgets quota claims whose uploads died, and keeps live ones', async () => {
    const { certificates, cleanUp } = await setUp();
    certificates.claims.set('dead', { id: 'dead', customerId: 'ada', size: 10, at: new Date(now.getTime() - CERTIFICATE_CLAIM_TTL_MS - 1) });
    certificates.claims.set('live', { id: 'live', customerId: 'ada', size: 10, at: new Date(now.getTime() - 1000) });
    await cleanUp.run();
    expect([...certificates.claims.keys()]).toEqual(['live']);
  });
});
