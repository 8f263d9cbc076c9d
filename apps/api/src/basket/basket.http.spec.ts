import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function cookieOf(response: { headers: Record<string, unknown> }): string {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  const basket = cookies.find((cookie) => cookie.startsWith('afs_basket='));
  if (!basket) throw new Error('no basket cookie was set');
  return basket.split(';')[0];
}

describe('catalogue', () => {
  it('lists the seeded catalogue in the locale account', async () => {
    const gb = await t.http().get('/data/catalogue/?locale=en-gb').set(XHR);
    expect(gb.status).toBe(200);
    expect(gb.body.data).toMatchObject({ country_account: 'GB', currency_code: 'GBP', tax_inclusive: true });
    const photo = gb.body.data.suites.find((suite: { reference: string }) => suite.reference === 'photo-2');
    expect(photo.show_choice).toBe(true);
    expect(photo.products[0]).toMatchObject({
      price_current: { amount_minor: 4199, currency: 'GBP' },
      price_original: { amount_minor: 6999, currency: 'GBP' },
      price_on_offer: true,
      price_current_is_free: false,
    });
    const us = await t.http().get('/data/catalogue/?locale=en-us').set(XHR);
    expect(us.body.data).toMatchObject({ country_account: 'US', currency_code: 'USD', tax_inclusive: false });
  });

  it('covers every display rule of the spec in the demo data', async () => {
    const { body } = await t.http().get('/data/catalogue/').set(XHR);
    const suites: Array<Record<string, any>> = body.data.suites;
    const products = suites.flatMap((suite) => suite.products);
    expect(products.some((p) => p.price_current_is_free && p.price_original_is_free)).toBe(true);
    expect(products.some((p) => p.price_current_is_free && !p.price_original_is_free)).toBe(true);
    expect(products.some((p) => p.price_on_offer && !p.price_current_is_free)).toBe(true);
    expect(suites.some((s) => s.products.length === 1 && s.products[0].choice.synonym === 'none' && !s.show_choice)).toBe(true);
    expect(suites.some((s) => s.products.length === 1 && s.products[0].choice.synonym === 'universal' && !s.show_choice)).toBe(true);
    expect(suites.some((s) => s.products.length === 1 && s.products[0].choice.synonym === 'ipados' && !s.show_choice)).toBe(true);
    expect(suites.some((s) => s.products_included.length > 0)).toBe(true);
    expect(suites.some((s) => s.is_multi_user && s.quantity_minimum === 5 && s.quantity_maximum === 100)).toBe(true);
    expect(suites.some((s) => s.quantity_locked)).toBe(true);
    expect(products.some((p) => p.stock.is_preorder && p.stock.date_available_for_download)).toBe(true);
    expect(products.some((p) => p.stock.out_of_stock && p.stock.expected_date)).toBe(true);
    expect(suites.some((s) => s.is_free_download)).toBe(true);
    const codes = await t.db.dataSource.query(
      'SELECT code, max_uses, uses, email, expires_at < now() AS expired FROM discount_codes ORDER BY code',
    );
    expect(codes.some((c: any) => c.max_uses === null && c.email === null && !c.expired)).toBe(true);
    expect(codes.some((c: any) => c.max_uses !== null && c.uses >= c.max_uses)).toBe(true);
    expect(codes.some((c: any) => c.email !== null)).toBe(true);
    expect(codes.some((c: any) => c.expired === true)).toBe(true);
  });
});

describe('basket', () => {
  it('starts a basket with a secure cookie and shows it in the session', async () => {
    const added = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2', choice: 'windows', locale: 'en-gb' });
    expect(added.status).toBe(200);
    const setCookie = (added.headers['set-cookie'] as unknown as string[]).join(';');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(added.body.data.lines).toHaveLength(1);
    expect(added.body.data.lines[0]).toMatchObject({ product_suite_reference: 'photo-2', active_product_choice: 'windows', quantity: 1 });
    expect(added.body.data.pricing.total).toMatchObject({ gross: { amount_minor: 4199 }, tax: { amount_minor: 700 }, net: { amount_minor: 3499 } });

    const cookie = cookieOf(added);
    const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(session.body.data.basket.reference).toBe(added.body.data.reference);
    expect(session.body.data.basket.stale_hash).toBe(added.body.data.stale_hash);

    const again = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: 'universal-v2-business' });
    expect(again.body.data.reference).toBe(added.body.data.reference);
    expect(again.body.data.lines.map((line: any) => [line.product_suite_reference, line.quantity])).toEqual([
      ['photo-2', 1],
      ['universal-v2-business', 5],
    ]);
    expect(again.body.data.stale_hash).not.toBe(added.body.data.stale_hash);
  });

  it('answers an empty session without a basket', async () => {
    const session = await t.http().get('/data/session/').set(XHR);
    expect(session.body).toMatchObject({ success: true, code: 200, data: { customer: null, basket: null, contact_preferences: null } });
  });

  it('prices a US basket in dollars without tax', async () => {
    const added = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'publisher-2', locale: 'en-us' });
    expect(added.body.data.pricing).toMatchObject({ currency_code: 'USD', tax_inclusive: false, total: { tax: { amount_minor: 0 }, is_zero_vat: true } });
  });

  it('refuses an unknown product or choice with a catalogued code, storing nothing', async () => {
    const before = Number((await t.db.dataSource.query('SELECT count(*) AS n FROM baskets'))[0].n);
    const unknown = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-9' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(200405);
    const choice = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2', choice: 'linux' });
    expect(choice.body.code).toBe(200405);
    expect(Number((await t.db.dataSource.query('SELECT count(*) AS n FROM baskets'))[0].n)).toBe(before);
  });

  it('loses no update when 20 adds hit one basket at once', async () => {
    const first = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2' });
    const cookie = cookieOf(first);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: 'photo-2' })),
    );
    const succeeded = responses.filter((response) => response.status === 200).length;
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(409);
      expect(response.body.code).toBe(200001);
    }
    expect(succeeded).toBeGreaterThan(0);
    const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(session.body.data.basket.lines).toHaveLength(1);
    expect(session.body.data.basket.lines[0].quantity).toBe(1 + succeeded);
  });
});
