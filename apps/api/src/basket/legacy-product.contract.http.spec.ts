import { cookieOf } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// The basket's legacy_product (spec 2 §3): each choice says whether its product is of an earlier
// major version. An operator marks one in the catalogue's table; the next read of any basket sees it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('legacy_product on a basket line’s choices', () => {
  it('is false for the current line, and true for a product the catalogue marks as an earlier version', async () => {
    const added = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
    const cookie = cookieOf(added, 'afs_basket');
    const reference = added.body.data.reference as string;
    const choicesOf = async () =>
      ((await t.http().get(`/data/session/?basket_ref=${reference}`).set(XHR).set('Cookie', cookie)).body.data.basket.lines[0].product_choices as Array<{
        choice: { synonym: string };
        product: { reference: string };
        legacy_product: boolean;
      }>).map((option) => [option.product.reference, option.legacy_product]);

    expect(await choicesOf()).toEqual([
      ['photo-2-macos', false],
      ['photo-2-windows', false],
      ['photo-2-ipados', false],
    ]);
    await t.db.dataSource.query(`UPDATE products SET legacy = true WHERE reference = 'photo-2-ipados'`);
    try {
      expect(await choicesOf()).toEqual([
        ['photo-2-macos', false],
        ['photo-2-windows', false],
        ['photo-2-ipados', true],
      ]);
    } finally {
      await t.db.dataSource.query(`UPDATE products SET legacy = false WHERE reference = 'photo-2-ipados'`);
    }
  });
});
