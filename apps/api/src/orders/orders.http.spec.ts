import { checkoutAction, cookieOf } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://store.test' } });
});
afterAll(() => t?.close());

const action = (name: string, body: unknown, cookie = '') => checkoutAction(t, name, body, cookie);

let counter = 0;
async function customerWithBasket(suites: string[]) {
  counter += 1;
  const email = `orders.${counter}.${Date.now()}@example.com`;
  const created = await action('CREATE_CUSTOMER', {
    email,
    firstName: 'Olive',
    lastName: 'Order',
    password: 'analytical engine',
    country: 'GB',
    marketingSignUp: false,
    customerCategory: 'personal',
    termsAndConditions: true,
  });
  let cookie = cookieOf(created, 'afs_session');
  let basket: any;
  for (const suite of suites) {
    const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: suite, locale: 'en-gb' });
    basket = added.body.data;
    if (!cookie.includes('afs_basket')) cookie = `${cookie}; ${cookieOf(added, 'afs_basket')}`;
  }
  return { cookie, basket, email };
}

describe('PLACE_ORDER and the orders of an account', () => {
  it('places a free download with Get my download link: confirmation data, keys, download, receipt, listed once', async () => {
    const shopper = await customerWithBasket(['brush-starter']);
    const placed = await action(
      'PLACE_ORDER',
      { basket_reference_id: shopper.basket.reference, basket_stale_hash: shopper.basket.stale_hash, gateway: 'complimentary', locale: 'en-gb' },
      shopper.cookie,
    );
    expect(placed.status).toBe(200);
    const number = placed.body.data.order_number;
    expect(number).toMatch(/^AFS-\d{8}$/);
    expect(placed.body.data.redirect).toBe(`/en-gb/order/${number}/`);

    const one = await t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie);
    expect(one.body.data.order).toMatchObject({ number, status: 'paid', gateway: 'complimentary', total: { gross: 0 }, invoice_issuer: 'store' });
    const line = one.body.data.order.lines[0];
    expect(line).toMatchObject({ product_reference: 'brush-starter-any', product_name: 'Brush Starter Pack', quantity: 1 });
    expect(line.product_key).toMatch(/^([A-Z0-9]{5}-){4}[A-Z0-9]{5}$/);

    const file = await t.http().get(line.download_url).set('Cookie', shopper.cookie);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="brush-starter-any.txt"');
    expect(file.text).toContain(number);

    expect(one.body.data.order.invoice_url).toBe(`/downloads/${number}/invoice.pdf`);
    const invoice = await t.http().get(one.body.data.order.invoice_url).set('Cookie', shopper.cookie).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect((invoice.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((invoice.body as Buffer).toString('latin1')).toContain(`Invoice ${number}`);

    const list = await t.http().get('/data/orders/').set(XHR).set('Cookie', shopper.cookie);
    expect(list.body.data.orders.map((order: any) => order.number)).toEqual([number]);
    const mail = await t.db.dataSource.query('SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 AND subject LIKE $2', [shopper.email, '%order%']);
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain(`http://store.test/en-gb/order/${number}/`);
    expect(mail[0].text_body).toContain(line.product_key);

    // The basket became the order: the session has no basket, and a second attempt is told so.
    const session = await t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie);
    expect(session.body.data.basket).toBeNull();
    const again = await action(
      'PLACE_ORDER',
      { basket_reference_id: shopper.basket.reference, basket_stale_hash: shopper.basket.stale_hash, gateway: 'complimentary', existing_order_number: number },
      shopper.cookie,
    );
    expect(again.body).toMatchObject({ success: false, code: 300014, message: 'Order is already complete', data: { order_number: number, charged: 'charged' } });
  });

  it('keeps orders to their owner', async () => {
    const owner = await customerWithBasket(['brush-starter']);
    const placed = await action(
      'PLACE_ORDER',
      { basket_reference_id: owner.basket.reference, basket_stale_hash: owner.basket.stale_hash, gateway: 'complimentary' },
      owner.cookie,
    );
    const number = placed.body.data.order_number;
    const stranger = await customerWithBasket(['photo-2']);
    for (const path of [`/data/orders/${number}`, `/downloads/${number}/0/`, `/downloads/${number}/invoice.pdf`]) {
      const refused = await t.http().get(path).set(XHR).set('Cookie', stranger.cookie);
      expect([path, refused.status]).toEqual([path, 404]);
    }
    expect((await t.http().get(`/data/orders/${number}`).set(XHR)).status).toBe(401);
    const theirs = await t.http().get('/data/orders/').set(XHR).set('Cookie', stranger.cookie);
    expect(theirs.body.data.orders).toEqual([]);
    // Nor can anyone order a basket that is not theirs.
    const hijack = await action(
      'PLACE_ORDER',
      { basket_reference_id: stranger.basket.reference, basket_stale_hash: stranger.basket.stale_hash, gateway: 'braintree', token: 'fake-valid-nonce' },
      owner.cookie,
    );
    expect(hijack.body.code).toBe(200404);
  });

  it('refuses bad payloads, a stale hash and a complimentary claim on a paid basket, creating no order', async () => {
    const shopper = await customerWithBasket(['photo-2']);
    const base = { basket_reference_id: shopper.basket.reference, basket_stale_hash: shopper.basket.stale_hash };
    const cases: Array<[unknown, number]> = [
      [{ ...base, gateway: 'stripe' }, 100100],
      [{ ...base, gateway: 'complimentary', surprise: 1 }, 100100],
      [{ ...base, gateway: 'complimentary', existing_order_number: '42' }, 100100],
      [{ ...base, basket_stale_hash: '0123456789abcdef', gateway: 'complimentary' }, 200001],
      [{ ...base, gateway: 'complimentary' }, 300100],
    ];
    for (const [body, code] of cases) {
      const refused = await action('PLACE_ORDER', body, shopper.cookie);
      expect([body, refused.body.code]).toEqual([body, code]);
    }
    expect((await action('PLACE_ORDER', { ...base, gateway: 'complimentary' })).status).toBe(401);
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference]);
    expect(n).toBe(0);
  });
});
