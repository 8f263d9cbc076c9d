import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Shopper {
  cookie: string;
  reference: string;
  staleHash: string;
  lines: Array<{ reference: string; product_suite_reference: string; quantity: number; active_product_choice: string }>;
}

function cookiesOf(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0];
}

/** A shopper with a fresh basket holding the given suites, on the given storefront. */
async function shopperWith(suites: string[], locale = 'en-gb'): Promise<Shopper> {
  let cookie = '';
  let data: any;
  for (const suite of suites) {
    const request = t.http().post('/data/basket/lines/').set(XHR);
    if (cookie) request.set('Cookie', cookie);
    const response = await request.send({ product_suite_reference: suite, locale });
    expect(response.status).toBe(200);
    cookie ||= cookiesOf(response, 'afs_basket') ?? '';
    data = response.body.data;
  }
  return { cookie, reference: data.reference, staleHash: data.stale_hash, lines: data.lines };
}

function action(name: string, body: unknown, cookie?: string, timestamp = '1700000000001') {
  const request = t.http().post('/data/checkout/').set(XHR).type('form');
  if (cookie) request.set('Cookie', cookie);
  return request.send({ action: name, timestamp, body: JSON.stringify(body) });
}

async function storedBasket(reference: string) {
  const [basket] = await t.db.dataSource.query('SELECT version, discount_code, shipping_country FROM baskets WHERE reference = $1', [reference]);
  const lines = await t.db.dataSource.query(
    'SELECT reference, product_reference, quantity FROM basket_lines WHERE basket_reference = $1 ORDER BY reference',
    [reference],
  );
  return { basket, lines };
}

describe('basket actions of the checkout data API', () => {
  it('changes a choice, answering the basket, analytics, complimentary flag and a new stale hash', async () => {
    const shopper = await shopperWith(['photo-2']);
    const line = shopper.lines[0];
    const changed = await action('CHANGE_CHOICE', { basketReference: shopper.reference, lineReference: line.reference, choice: 'ipados' }, shopper.cookie);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ success: true, code: 200, timestamp: '1700000000001' });
    const data = changed.body.data;
    expect(data.basket.lines[0]).toMatchObject({ reference: line.reference, active_product_choice: 'ipados', total: { amount_minor: 1599 } });
    expect(data.stale_hash).toBe(data.basket.stale_hash);
    expect(data.stale_hash).not.toBe(shopper.staleHash);
    expect(data.order_is_complimentary).toBe(false);
    expect(data.analytics).toMatchObject({
      currency: 'GBP',
      value: '15.99',
      coupon: null,
      items: [{ item_id: 'photo-2-ipados', item_name: 'Affinity Photo 2', item_variant: 'iPad', price: '15.99', quantity: 1 }],
    });

    // The same choice again changes nothing, not even the stale hash.
    const same = await action('CHANGE_CHOICE', { basketReference: shopper.reference, lineReference: line.reference, choice: 'ipados' }, shopper.cookie);
    expect(same.body.data.stale_hash).toBe(data.stale_hash);
    const unknownChoice = await action('CHANGE_CHOICE', { basketReference: shopper.reference, lineReference: line.reference, choice: 'linux' }, shopper.cookie);
    expect(unknownChoice.body.code).toBe(200405);
  });

  it('changes quantity within the limits and refuses one above the maximum, keeping the previous quantity', async () => {
    const shopper = await shopperWith(['universal-v2-business']);
    const line = shopper.lines[0];
    expect(line.quantity).toBe(5);
    const twelve = await action('CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line.reference, quantity: 12 }, shopper.cookie);
    expect(twelve.body.data.basket.lines[0]).toMatchObject({ quantity: 12, total: { amount_minor: 12 * 12999 } });
    expect(twelve.body.data.basket.pricing.total).toMatchObject({ gross: { amount_minor: 155988 }, net: { amount_minor: 129990 }, tax: { amount_minor: 25998 } });

    for (const quantity of [101, 4, 0, -3, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const refused = await action('CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line.reference, quantity }, shopper.cookie);
      expect([quantity, refused.status, refused.body.code]).toEqual([quantity, 422, 200002]);
      expect(refused.body.message).toBe('You have reached the maximum quantity of this product for one order.');
    }
    const stored = await storedBasket(shopper.reference);
    expect(stored.lines[0].quantity).toBe(12);
  });

  it('refuses a quantity change on a locked line', async () => {
    const shopper = await shopperWith(['universal-v2']);
    const refused = await action('CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: shopper.lines[0].reference, quantity: 2 }, shopper.cookie);
    expect(refused.body.code).toBe(200002);
  });

  it('removes a line and, with the last line gone, leaves an empty basket without a discount', async () => {
    const shopper = await shopperWith(['photo-2', 'publisher-2']);
    const [photo, publisher] = shopper.lines;
    const applied = await action('APPLY_DISCOUNT_CODE', { basketReference: shopper.reference, code: 'WELCOME10' }, shopper.cookie);
    expect(applied.body.data.basket.pricing.applied_discount).toMatchObject({ code: 'WELCOME10', percentage: 10 });
    const removed = await action('REMOVE_LINE', { basketReference: shopper.reference, lineReference: photo.reference }, shopper.cookie);
    expect(removed.body.data.basket.lines.map((l: any) => l.reference)).toEqual([publisher.reference]);
    expect(removed.body.data.basket.pricing.total.gross.amount_minor).toBe(6999);
    expect(removed.body.data.basket.pricing.total_with_discount_applied.gross.amount_minor).toBe(6999 - 700);
    const again = await action('REMOVE_LINE', { basketReference: shopper.reference, lineReference: photo.reference }, shopper.cookie);
    expect(again.body.code).toBe(200003);
    const last = await action('REMOVE_LINE', { basketReference: shopper.reference, lineReference: publisher.reference }, shopper.cookie);
    expect(last.body.data.basket.lines).toEqual([]);
    expect(last.body.data.basket.pricing.applied_discount).toBeNull();
  });

  it('records the shipping country', async () => {
    const shopper = await shopperWith(['photo-workbook']);
    const set = await action('CONFIGURE_BASKET_SHIPPING_COUNTRY', { basketReference: shopper.reference, country: 'DE' }, shopper.cookie);
    expect(set.body.data.basket).toMatchObject({ shipping_country: 'DE', flags: { shipping_is_required: true } });
    const bad = await action('CONFIGURE_BASKET_SHIPPING_COUNTRY', { basketReference: shopper.reference, country: 'QQ' }, shopper.cookie);
    expect(bad.body.code).toBe(100100);
    expect((await storedBasket(shopper.reference)).basket.shipping_country).toBe('DE');
  });

  it("refuses an edit made from a page whose basket has moved on with the spec's message", async () => {
    const shopper = await shopperWith(['photo-2']);
    const line = shopper.lines[0];
    const first = await action(
      'CHANGE_QUANTITY',
      { basketReference: shopper.reference, basketStaleHash: shopper.staleHash, lineReference: line.reference, quantity: 2 },
      shopper.cookie,
    );
    expect(first.status).toBe(200);
    const late = await action(
      'CHANGE_QUANTITY',
      { basketReference: shopper.reference, basketStaleHash: shopper.staleHash, lineReference: line.reference, quantity: 3 },
      shopper.cookie,
    );
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      success: false,
      code: 200001,
      message: "This basket has been updated while you've been using the checkout. Please refresh the page and try again.",
    });
    expect((await storedBasket(shopper.reference)).lines[0].quantity).toBe(2);
  });

  it('keeps baskets private: another browser cannot edit one by its reference', async () => {
    const owner = await shopperWith(['photo-2']);
    const stranger = await shopperWith(['publisher-2']);
    const before = await storedBasket(owner.reference);
    const refused = await action('CHANGE_QUANTITY', { basketReference: owner.reference, lineReference: owner.lines[0].reference, quantity: 4 }, stranger.cookie);
    expect(refused.body.code).toBe(200404);
    const read = await t.http().get(`/data/baskets/${owner.reference}`).set(XHR).set('Cookie', stranger.cookie);
    expect(read.body.code).toBe(200404);
    const viaSession = await t.http().get(`/data/session/?basket_ref=${owner.reference}`).set(XHR).set('Cookie', stranger.cookie);
    expect(viaSession.body.code).toBe(200404);
    expect(await storedBasket(owner.reference)).toEqual(before);
    const own = await t.http().get(`/data/baskets/${owner.reference}`).set(XHR).set('Cookie', owner.cookie);
    expect(own.body.data.reference).toBe(owner.reference);
  });

  it('answers bad payloads with their catalogued codes and changes nothing', async () => {
    const shopper = await shopperWith(['photo-2', 'publisher-2']);
    const line = shopper.lines[0].reference;
    const before = await storedBasket(shopper.reference);
    const cases: Array<[string, unknown, number]> = [
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: 'no-such-line', quantity: 2 }, 200003],
      ['CHANGE_CHOICE', { basketReference: shopper.reference, lineReference: 'no-such-line', choice: 'windows' }, 200003],
      ['REMOVE_LINE', { basketReference: shopper.reference, lineReference: 'no-such-line' }, 200003],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity: -1 }, 200002],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity: 1e12 }, 200002],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity: '3' }, 100100],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity: 2.5 }, 100100],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity: 'lots' }, 100100],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity: null }, 100100],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line }, 100100],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity: 2, extra: true }, 100100],
      ['CHANGE_QUANTITY', { basketReference: '00000000-0000-4000-8000-000000000000', lineReference: line, quantity: 2 }, 200404],
      ['CHANGE_QUANTITY', { basketReference: 'has space', lineReference: line, quantity: 2 }, 100100],
      ['CHANGE_QUANTITY', { basketReference: shopper.reference, basketStaleHash: 'zz', lineReference: line, quantity: 2 }, 100100],
      ['CHANGE_CHOICE', { basketReference: shopper.reference, lineReference: line, choice: '<script>' }, 100100],
      ['APPLY_DISCOUNT_CODE', { basketReference: shopper.reference, code: '' }, 100100],
      ['APPLY_DISCOUNT_CODE', { basketReference: shopper.reference, code: 'x'.repeat(65) }, 100100],
      ['APPLY_DISCOUNT_CODE', { basketReference: shopper.reference, code: 'DROP TABLE' }, 100100],
      ['REMOVE_DISCOUNT_CODE', { basketReference: shopper.reference, code: 'WELCOME10' }, 100100],
      ['REMOVE_LINE', [shopper.reference], 100100],
    ];
    for (const [name, body, code] of cases) {
      const response = await action(name, body, shopper.cookie);
      expect([name, body, response.body.code]).toEqual([name, body, code]);
      expect(response.body.success).toBe(false);
      expect(JSON.stringify(response.body)).not.toMatch(/at .+\.ts:\d+/);
    }
    expect(await storedBasket(shopper.reference)).toEqual(before);
  });
});

describe('payment state', () => {
  it('is reset by every change of the basket and kept by a call that changes nothing', async () => {
    const shopper = await shopperWith(['photo-2']);
    const line = shopper.lines[0].reference;
    const setUpPayment = () =>
      t.db.dataSource.query(
        `INSERT INTO basket_payment_states (basket_reference, basket_version, gateway, payment_session, payment_source, client_token, is_mor_ready)
         SELECT reference, version, 'digital-river', 'session-1', 'source-1', NULL, true FROM baskets WHERE reference = $1
         ON CONFLICT (basket_reference) DO NOTHING`,
        [shopper.reference],
      );
    const paymentState = async () =>
      (await t.db.dataSource.query('SELECT gateway, is_mor_ready FROM basket_payment_states WHERE basket_reference = $1', [shopper.reference]))[0] ?? null;

    const edits: Array<[string, Record<string, unknown>]> = [
      ['CHANGE_CHOICE', { lineReference: line, choice: 'windows' }],
      ['CHANGE_QUANTITY', { lineReference: line, quantity: 3 }],
      ['APPLY_DISCOUNT_CODE', { code: 'WELCOME10' }],
      ['REMOVE_DISCOUNT_CODE', {}],
      ['CONFIGURE_BASKET_SHIPPING_COUNTRY', { country: 'FR' }],
      ['REMOVE_LINE', { lineReference: line }],
    ];
    for (const [name, payload] of edits) {
      await setUpPayment();
      expect(await paymentState()).toEqual({ gateway: 'digital-river', is_mor_ready: true });
      const response = await action(name, { basketReference: shopper.reference, ...payload }, shopper.cookie);
      expect([name, response.status]).toEqual([name, 200]);
      expect([name, await paymentState()]).toEqual([name, null]);
    }
    await setUpPayment();
    await action('REMOVE_DISCOUNT_CODE', { basketReference: shopper.reference }, shopper.cookie);
    await action('CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: 'gone', quantity: 2 }, shopper.cookie);
    expect(await paymentState()).toEqual({ gateway: 'digital-river', is_mor_ready: true });
  });
});

describe('baskets corrected against the catalogue', () => {
  it('removes a product no longer sold here with notice 300, and brings a quantity within a lowered maximum with notice 210', async () => {
    const shopper = await shopperWith(['photo-3', 'photo-workbook']);
    const workbook = shopper.lines.find((l) => l.product_suite_reference === 'photo-workbook')!;
    await action('CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: workbook.reference, quantity: 4 }, shopper.cookie);
    await t.db.dataSource.query(`DELETE FROM product_prices WHERE product_reference = 'photo-3-macos' AND country_account_code = 'GB'`);
    await t.db.dataSource.query(`UPDATE product_suites SET quantity_maximum = 2 WHERE reference = 'photo-workbook'`);
    try {
      const session = (await t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie)).body.data.basket;
      expect([...session.notices].sort()).toEqual([210, 300]);
      expect(session.lines.map((l: any) => [l.product_suite_reference, l.quantity])).toEqual([['photo-workbook', 2]]);
      const stored = await storedBasket(shopper.reference);
      expect(stored.lines.map((l: any) => l.quantity)).toEqual([2]);
      // Told once: the corrected basket is stored, so the next read has nothing to announce.
      const again = (await t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie)).body.data.basket;
      expect(again.notices).toEqual([]);
    } finally {
      await t.db.dataSource.query(`INSERT INTO product_prices VALUES ('photo-3-macos', 'GB', 5999, 7999)`);
      await t.db.dataSource.query(`UPDATE product_suites SET quantity_maximum = 5 WHERE reference = 'photo-workbook'`);
    }
  });
});

describe('discount codes', () => {
  async function apply(shopper: Shopper, code: string, cookie = shopper.cookie) {
    return action('APPLY_DISCOUNT_CODE', { basketReference: shopper.reference, code }, cookie);
  }

  it.each([
    ['SPRING25', 201004, 'This discount code has reached its usage limit.'],
    ['AUTUMN20', 201007, 'This discount code has expired.'],
    ['NOSUCHCODE', 201002, 'This discount code does not exist.'],
  ])('refuses %s with its own message on every storefront, leaving the totals alone', async (code, number, message) => {
    for (const locale of ['en-gb', 'en-us', 'en-eu', 'en-pl']) {
      const shopper = await shopperWith(['photo-2'], locale);
      const before = await storedBasket(shopper.reference);
      const refused = await apply(shopper, code);
      expect([locale, refused.status, refused.body.code, refused.body.message]).toEqual([locale, 422, number, message]);
      expect(await storedBasket(shopper.reference)).toEqual(before);
    }
  });

  it('applies a percentage to a tax-inclusive GB basket and removing it restores the totals exactly', async () => {
    const shopper = await shopperWith(['photo-2', 'publisher-2', 'designer-2-ipad']);
    const plain = (await t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie)).body.data.basket;
    expect(plain.pricing.total.gross.amount_minor).toBe(4199 + 6999 + 1899);

    const applied = await apply(shopper, '  welcome10 ');
    expect(applied.status).toBe(200);
    expect(applied.body.code).toBe(200);
    const pricing = applied.body.data.basket.pricing;
    expect(pricing.applied_discount).toMatchObject({ code: 'WELCOME10', percentage: 10, total: { gross: { amount_minor: 1310 } } });
    expect(pricing.total_with_discount_applied.gross.amount_minor).toBe(13097 - 1310);
    expect(pricing.total_with_discount_applied.net.amount_minor + pricing.total_with_discount_applied.tax.amount_minor).toBe(
      pricing.total_with_discount_applied.gross.amount_minor,
    );
    const lineDiscounts = applied.body.data.basket.lines.reduce((sum: number, line: any) => sum + line.discount.amount_minor, 0);
    expect(lineDiscounts).toBe(1310);
    expect(applied.body.data.analytics).toMatchObject({ coupon: 'WELCOME10', value: '117.87' });

    const removed = await action('REMOVE_DISCOUNT_CODE', { basketReference: shopper.reference }, shopper.cookie);
    expect(removed.body.data.basket.pricing).toEqual(plain.pricing);
    expect(removed.body.data.basket.lines.map((line: any) => line.discount.amount_minor)).toEqual([0, 0, 0]);
  });

  it('applies to a tax-exclusive US basket in dollars', async () => {
    const shopper = await shopperWith(['publisher-2'], 'en-us');
    const applied = await apply(shopper, 'WELCOME10');
    expect(applied.body.data.basket.pricing).toMatchObject({
      currency_code: 'USD',
      tax_inclusive: false,
      applied_discount: { code: 'WELCOME10', total: { gross: { amount_minor: 700 } } },
      total_with_discount_applied: { gross: { amount_minor: 6299 }, tax: { amount_minor: 0 } },
    });
  });

  it('binds PARTNER15 to its email and region', async () => {
    const signUp = await action('CREATE_CUSTOMER', {
      email: 'partner@example.com',
      firstName: 'Pat',
      lastName: 'Partner',
      password: 'analytical engine',
      country: 'GB',
      marketingSignUp: false,
      customerCategory: 'personal',
      termsAndConditions: true,
    });
    expect(signUp.status).toBe(200);
    // Proven as the mailed link would (email-restricted-discount.http.spec.ts follows the link itself).
    await t.db.dataSource.query(`UPDATE customers SET email_verified = true WHERE email_normalised = 'partner@example.com'`);
    const session = cookiesOf(signUp, 'afs_session');
    const gb = await shopperWith(['photo-2'], 'en-gb');
    const visitor = await apply(gb, 'PARTNER15');
    expect(visitor.body).toMatchObject({ code: 201005, message: 'Your email address does not match the one attached to this discount code.' });
    const gbApplied = await apply(gb, 'PARTNER15', `${gb.cookie}; ${session}`);
    expect(gbApplied.body.data.basket.pricing.applied_discount).toMatchObject({ code: 'PARTNER15', percentage: 15 });
    const us = await shopperWith(['photo-2'], 'en-us');
    const usRefused = await apply(us, 'PARTNER15', `${us.cookie}; ${session}`);
    expect(usRefused.body).toMatchObject({ code: 201008, message: 'This discount code is not available in your region.' });
  });

  it('holds each customer to the per-customer limit of WELCOME10', async () => {
    const signUp = await action('CREATE_CUSTOMER', {
      email: 'returning@example.com',
      firstName: 'Rita',
      lastName: 'Returning',
      password: 'analytical engine',
      country: 'GB',
      marketingSignUp: false,
      customerCategory: 'personal',
      termsAndConditions: true,
    });
    const session = cookiesOf(signUp, 'afs_session');
    const [{ id }] = await t.db.dataSource.query(`SELECT id FROM customers WHERE email_normalised = 'returning@example.com'`);
    await t.db.dataSource.query(`INSERT INTO discount_redemptions (id, code, customer_id) VALUES (gen_random_uuid(), 'WELCOME10', $1)`, [id]);
    const shopper = await shopperWith(['photo-2']);
    const refused = await apply(shopper, 'WELCOME10', `${shopper.cookie}; ${session}`);
    expect(refused.body).toMatchObject({ code: 201003, message: 'You have exceeded the purchase limit for this discount code.' });
    // A visitor, or another customer, may still use it.
    expect((await apply(shopper, 'WELCOME10')).status).toBe(200);
  });

  it('makes a 100% code a complimentary order', async () => {
    const shopper = await shopperWith(['photo-2']);
    const applied = await apply(shopper, 'ONTHEHOUSE');
    expect(applied.body.data.order_is_complimentary).toBe(true);
    expect(applied.body.data.basket.pricing.total_with_discount_applied.gross.amount_minor).toBe(0);
  });
});

describe('concurrent edits', () => {
  it('ends 50 parallel quantity changes with a consistent basket whose stale hash matches what was stored', async () => {
    const shopper = await shopperWith(['universal-v2-business']);
    const line = shopper.lines[0].reference;
    const quantities = Array.from({ length: 50 }, (_, index) => 6 + index);
    const responses = await Promise.all(
      quantities.map((quantity) => action('CHANGE_QUANTITY', { basketReference: shopper.reference, lineReference: line, quantity }, shopper.cookie)),
    );
    const succeeded = responses.filter((response) => response.status === 200);
    for (const response of responses.filter((r) => r.status !== 200)) expect(response.body.code).toBe(200001);
    expect(succeeded.length).toBeGreaterThan(0);
    const hashes = new Set(succeeded.map((response) => response.body.data.stale_hash));
    expect(hashes.size).toBe(succeeded.length);

    const session = (await t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie)).body.data.basket;
    const stored = await storedBasket(shopper.reference);
    expect(stored.lines).toHaveLength(1);
    expect(session.lines[0].quantity).toBe(stored.lines[0].quantity);
    expect(quantities).toContain(stored.lines[0].quantity);
    // The basket shown matches the one answer whose edit was saved last.
    const last = succeeded.find((response) => response.body.data.stale_hash === session.stale_hash);
    expect(last?.body.data.basket.lines[0].quantity).toBe(stored.lines[0].quantity);
    expect(session.pricing.total.gross.amount_minor).toBe(stored.lines[0].quantity * 12999);
  });

  it('lets exactly one of 50 parallel edits from the same page through when they carry its stale hash', async () => {
    const shopper = await shopperWith(['universal-v2-business']);
    const line = shopper.lines[0].reference;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        action('CHANGE_QUANTITY', { basketReference: shopper.reference, basketStaleHash: shopper.staleHash, lineReference: line, quantity: 6 + index }, shopper.cookie),
      ),
    );
    const succeeded = responses.filter((response) => response.status === 200);
    expect(succeeded).toHaveLength(1);
    expect(responses.filter((response) => response.body.code === 200001)).toHaveLength(49);
    expect((await storedBasket(shopper.reference)).lines[0].quantity).toBe(succeeded[0].body.data.basket.lines[0].quantity);
  });
});
