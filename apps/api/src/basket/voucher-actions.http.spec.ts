import { randomUUID } from 'node:crypto';
import { storeWithCardSandbox } from '../testing/card-store';
import { checkoutAction, cookieOf, freshEmail, newCustomerBody, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { XHR } from '../testing/test-app';

const store = storeWithCardSandbox();

/** A voucher of this test's own (the seeded ones are shared), in pounds unless said. */
async function newVoucher(balanceMinor: number, extra: { maxUsesPerCustomer?: number; currency?: string } = {}): Promise<string> {
  const code = `T-${randomUUID().slice(0, 8).toUpperCase()}`;
  await store.t.db.dataSource.query(
    `INSERT INTO vouchers (code, currency, initial_minor, balance_minor, max_uses_per_customer) VALUES ($1, $2, $3, $3, $4)`,
    [code, extra.currency ?? 'GBP', balanceMinor, extra.maxUsesPerCustomer ?? null],
  );
  return code;
}

const apply = (shopper: Pick<Shopper, 'cookie' | 'basketReference'>, code: unknown) =>
  checkoutAction(store.t, 'APPLY_VOUCHER_CODE', { basketReference: shopper.basketReference, code }, shopper.cookie);

const storedVoucherOf = async (reference: string) =>
  ((await store.t.db.dataSource.query('SELECT voucher_code FROM baskets WHERE reference = $1', [reference])) as { voucher_code: string | null }[])[0].voucher_code;

/** A signed-in customer with a basket of Affinity Photo 2 (£41.99), before billing. */
async function signedInWithBasket(email = freshEmail('voucher'), locale = 'en-gb') {
  const created = await checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(email));
  expect(created.body.success).toBe(true);
  let cookie = cookieOf(created, 'afs_session');
  const added = await store.t.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: 'photo-2', locale });
  expect(added.status).toBe(200);
  cookie = `${cookie}; ${cookieOf(added, 'afs_basket')}`;
  return { cookie, basketReference: added.body.data.reference as string, email };
}

/** Applies the voucher, decides the gateway again (a basket change voids it) and pays the rest by card. */
async function payWithVoucher(shopper: Shopper, code: string) {
  const applied = await apply(shopper, code);
  expect(applied.body.success).toBe(true);
  const decided = await store.t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basketReference });
  const basket = applied.body.data.basket;
  const paid = await payByCard(store.t, { cookie: shopper.cookie, basket }, decided.body.data.gateway === 'complimentary' ? { gateway: 'complimentary', token: undefined } : {});
  return { applied, paid, basket };
}

describe('APPLY_VOUCHER_CODE and REMOVE_VOUCHER_CODE', () => {
  it('refuses each case of spec 2 §8 with its code and message, and stores nothing', async () => {
    const shopper = await signedInWithBasket();
    const cases: Array<[string, number, string]> = [
      ['NO-SUCH-VOUCHER', 201101, 'This voucher code does not exist.'],
      ['GIFT-EXPIRED', 201102, 'This voucher code has expired.'],
      ['PARTNER-GIFT', 201105, 'Your email address does not match the one attached to this voucher code.'],
      ['GIFT-SPENT', 201107, 'This voucher has no balance left.'],
    ];
    for (const [code, expected, message] of cases) {
      const refused = await apply(shopper, code);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ success: false, code: expected, message });
    }
    expect(await storedVoucherOf(shopper.basketReference)).toBeNull();

    // A pound voucher in a dollar basket is outside its region.
    const american = await signedInWithBasket(freshEmail('voucher-us'), 'en-us');
    const region = await apply(american, 'GIFT-50');
    expect(region.body).toMatchObject({ code: 201104, message: 'This voucher code is not available in your region.' });
  });

  it('refuses a second use beyond the purchase limit, and a new-customer voucher after a first order', async () => {
    const shopper = await shopperReadyToPay(store.t);
    const code = await newVoucher(1000, { maxUsesPerCustomer: 1 });
    const { paid } = await payWithVoucher(shopper, code);
    expect(paid.body.success).toBe(true);

    const next = await signedInWithBasketFor(shopper);
    expect((await apply(next, code)).body).toMatchObject({ code: 201103, message: 'You have exceeded the purchase limit for this voucher code.' });
    expect((await apply(next, 'WELCOME-GIFT')).body).toMatchObject({ code: 201106, message: 'This voucher code is for new customers only.' });
    // A customer without an order may use it.
    const newcomer = await signedInWithBasket();
    expect((await apply(newcomer, 'welcome-gift')).body.success).toBe(true);
  });

  it('answers bad input with the validVoucherCode message, never a 500, and changes nothing', async () => {
    const shopper = await signedInWithBasket();
    for (const code of ['', 'ab', '-ABCD', 'AB CD', 'A'.repeat(65), 42, null, ['GIFT-50'], { code: 'GIFT-50' }]) {
      const refused = await apply(shopper, code);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 100100 });
      expect(JSON.stringify(refused.body)).toContain('Enter a valid voucher code');
    }
    const unknown = await checkoutAction(store.t, 'APPLY_VOUCHER_CODE', { basketReference: shopper.basketReference, code: 'GIFT-50', amount: 1 }, shopper.cookie);
    expect(unknown.body).toMatchObject({ success: false, code: 100100 });
    const foreign = await checkoutAction(store.t, 'APPLY_VOUCHER_CODE', { basketReference: 'someone-elses', code: 'GIFT-50' }, shopper.cookie);
    expect(foreign.status).toBeLessThan(500);
    expect(foreign.body.success).toBe(false);
    expect(await storedVoucherOf(shopper.basketReference)).toBeNull();
  });

  it('shows the voucher in the basket, charges the card the rest, and keeps the balance on the order', async () => {
    const shopper = await shopperReadyToPay(store.t);
    const code = await newVoucher(3000);
    const { applied, paid, basket } = await payWithVoucher(shopper, code);
    expect(basket.pricing).toMatchObject({
      applied_voucher: { code, amount: { amount_minor: 3000, currency: 'GBP' }, balance_left: { amount_minor: 0, currency: 'GBP' } },
      amount_to_pay: { amount_minor: 1199, currency: 'GBP' },
      formatted_total_for_3d_verification: '11.99',
    });
    expect(applied.body.data.order_is_complimentary).toBe(false);
    expect(paid.body.success).toBe(true);
    const orderNumber = /order\/(AFS-\d+)/.exec(paid.body.data.redirect)?.[1] as string;
    const sales = (await (await fetch(`${store.sandbox.url}/__sandbox/transactions`)).json()) as { type: string; orderId: string | null; amount: string }[];
    expect(sales.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`)).map((sale) => sale.amount)).toEqual(['11.99']);
    const order = await store.t.http().get(`/data/orders/${orderNumber}`).set(XHR).set('Cookie', shopper.cookie);
    expect(order.body.data.order).toMatchObject({ total: { gross: 4199 }, voucher: { code, amount: 3000, balance_left: 0 }, amount_charged: 1199 });
    const [{ balance_minor }] = await store.t.db.dataSource.query('SELECT balance_minor FROM vouchers WHERE code = $1', [code]);
    expect(balance_minor).toBe(0);
  });

  it('pays a whole order the complimentary way when the balance covers it, keeping the rest', async () => {
    const shopper = await shopperReadyToPay(store.t);
    const code = await newVoucher(10000);
    const { paid, basket } = await payWithVoucher(shopper, code);
    expect(basket.order_is_complimentary).toBe(true);
    expect(basket.pricing.amount_to_pay.amount_minor).toBe(0);
    expect(paid.body.success).toBe(true);
    const orderNumber = /order\/(AFS-\d+)/.exec(paid.body.data.redirect)?.[1] as string;
    const order = await store.t.http().get(`/data/orders/${orderNumber}`).set(XHR).set('Cookie', shopper.cookie);
    expect(order.body.data.order).toMatchObject({ gateway: 'complimentary', voucher: { code, amount: 4199, balance_left: 5801 }, amount_charged: 0 });
  });

  it('removes a voucher, putting the amount to pay back', async () => {
    const shopper = await signedInWithBasket();
    expect((await apply(shopper, 'GIFT-50')).body.data.basket.pricing.amount_to_pay.amount_minor).toBe(0);
    const removed = await checkoutAction(store.t, 'REMOVE_VOUCHER_CODE', { basketReference: shopper.basketReference }, shopper.cookie);
    expect(removed.body.data.basket.pricing).toMatchObject({ applied_voucher: null, amount_to_pay: { amount_minor: 4199 } });
    expect(await storedVoucherOf(shopper.basketReference)).toBeNull();
  });
});

/** The same customer with a new basket (the last one became an order). */
async function signedInWithBasketFor(shopper: Shopper) {
  const sessionCookie = shopper.cookie.split('; ').find((part) => part.startsWith('afs_session=')) as string;
  const added = await store.t.http().post('/data/basket/lines/').set(XHR).set('Cookie', sessionCookie).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
  expect(added.status).toBe(200);
  return { cookie: `${sessionCookie}; ${cookieOf(added, 'afs_basket')}`, basketReference: added.body.data.reference as string };
}
