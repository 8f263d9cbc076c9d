import { checkoutAction, cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSalesFor, storeWithCardSandbox } from '../testing/card-store';
import { XHR } from '../testing/test-app';

// The shopper is charged the amount their page showed (and 3-D Secure verified), or nothing: the
// stale hash the page sends with PLACE_ORDER covers the basket and what it costs (lines, prices,
// the discount as it applies, tax, currency). Anything that moved the amount since the page read
// it makes PLACE_ORDER refuse with the spec's stale-basket message before an order or a charge.

const store = storeWithCardSandbox();

const rows = (sql: string, values: unknown[] = []) => store.t.db.dataSource.query(sql, values);

/** The page's read of the basket (its total, its 3-D Secure amount and its stale hash), as after any change. */
async function pageRead(shopper: Shopper): Promise<Shopper> {
  await store.t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
  const session = await store.t.http().get(`/data/session/?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
  return { ...shopper, basket: session.body.data.basket };
}

const STALE = {
  success: false,
  code: 200001,
  message: "This basket has been updated while you've been using the checkout. Please refresh the page and try again.",
};

/** The page read the total; `change` moves it; PLACE_ORDER with the page's hash must be refused with nothing ordered or charged. */
async function expectRefusedAfter(shopper: Shopper, change: () => Promise<unknown>) {
  const page = await pageRead(shopper);
  await change();
  const now = await pageRead(shopper);
  expect(now.basket.pricing).not.toEqual(page.basket.pricing);
  const paid = await payByCard(store.t, page);
  expect(paid.body).toMatchObject(STALE);
  expect(await rows('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toEqual([{ n: 0 }]);
  expect(await cardSalesFor(store, shopper)).toEqual([]);
  // The page that reads the new amount pays exactly that.
  const repaid = await payByCard(store.t, now);
  expect(repaid.body.success).toBe(true);
  const [order] = await rows('SELECT gross_minor, currency FROM orders WHERE number = $1', [repaid.body.data.order_number]);
  const [sale] = (await cardSalesFor(store, shopper)) as { amount: string }[];
  expect(sale.amount).toBe(now.basket.pricing.formatted_total_for_3d_verification);
  expect((order.gross_minor / 100).toFixed(2)).toBe(now.basket.pricing.formatted_total_for_3d_verification);
}

describe('PLACE_ORDER charges the amount the page showed, or nothing', () => {
  it('removing the discount in another tab after this one read the total: the old hash is refused and nothing is charged', async () => {
    const shopper = await shopperReadyToPay(store.t);
    expect((await checkoutAction(store.t, 'APPLY_DISCOUNT_CODE', { basketReference: shopper.basket.reference, code: 'WELCOME10' }, shopper.cookie)).body.success).toBe(true);
    await expectRefusedAfter(shopper, () => checkoutAction(store.t, 'REMOVE_DISCOUNT_CODE', { basketReference: shopper.basket.reference }, shopper.cookie));
  });

  it('the discount ceasing to apply without any basket edit (the code expired) after the page read the total: refused, nothing charged', async () => {
    await rows(`INSERT INTO discount_codes (code, percent_off, max_uses, uses) VALUES ('LAPSING', 10, NULL, 0)`);
    const shopper = await shopperReadyToPay(store.t);
    expect((await checkoutAction(store.t, 'APPLY_DISCOUNT_CODE', { basketReference: shopper.basket.reference, code: 'LAPSING' }, shopper.cookie)).body.success).toBe(true);
    await expectRefusedAfter(shopper, () => rows(`UPDATE discount_codes SET expires_at = now() - interval '1 minute' WHERE code = 'LAPSING'`));
  });

  it('the customer’s once-per-customer code used up by their order from another basket after this page read the total: refused, nothing charged', async () => {
    await rows(`INSERT INTO discount_codes (code, percent_off, max_uses, uses, max_uses_per_customer) VALUES ('ONCEONLY', 10, NULL, 0, 1)`);
    const shopper = await shopperReadyToPay(store.t);
    expect((await checkoutAction(store.t, 'APPLY_DISCOUNT_CODE', { basketReference: shopper.basket.reference, code: 'ONCEONLY' }, shopper.cookie)).body.success).toBe(true);
    await expectRefusedAfter(shopper, async () => {
      // The same customer, in another browser, applies the code to a new basket and pays.
      const session = shopper.cookie.split('; ').find((part) => part.startsWith('afs_session=')) as string;
      const added = await store.t.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
      const other = { ...shopper, cookie: `${session}; ${cookieOf(added, 'afs_basket')}`, basketReference: added.body.data.reference, basket: added.body.data };
      expect((await checkoutAction(store.t, 'APPLY_DISCOUNT_CODE', { basketReference: other.basket.reference, code: 'ONCEONLY' }, other.cookie)).body.success).toBe(true);
      expect((await payByCard(store.t, await pageRead(other))).body.success).toBe(true);
    });
  });

  it('a price change after the page read the total: refused, nothing charged', async () => {
    const shopper = await shopperReadyToPay(store.t);
    const [line] = await rows('SELECT product_reference FROM basket_lines WHERE basket_reference = $1', [shopper.basket.reference]);
    const [price] = await rows(`SELECT current_minor FROM product_prices WHERE product_reference = $1 AND country_account_code = 'GB'`, [line.product_reference]);
    try {
      await expectRefusedAfter(shopper, () =>
        rows(`UPDATE product_prices SET current_minor = current_minor + 700 WHERE product_reference = $1 AND country_account_code = 'GB'`, [line.product_reference]),
      );
    } finally {
      await rows(`UPDATE product_prices SET current_minor = $2 WHERE product_reference = $1 AND country_account_code = 'GB'`, [line.product_reference, price.current_minor]);
    }
  });

  it('a tax change after the page read the total (the same gross, tax no longer included): refused, nothing charged', async () => {
    const shopper = await shopperReadyToPay(store.t);
    try {
      await expectRefusedAfter(shopper, () => rows(`UPDATE country_accounts SET tax_inclusive = false WHERE code = 'GB'`));
    } finally {
      await rows(`UPDATE country_accounts SET tax_inclusive = true WHERE code = 'GB'`);
    }
  });

  it('a currency change after the page read the total: refused, nothing charged', async () => {
    const shopper = await shopperReadyToPay(store.t);
    try {
      await expectRefusedAfter(shopper, () => rows(`UPDATE country_accounts SET currency_code = 'EUR' WHERE code = 'GB'`));
    } finally {
      await rows(`UPDATE country_accounts SET currency_code = 'GBP' WHERE code = 'GB'`);
    }
  });

  it('the amount the page says it showed and 3-D Secure verified must be the amount charged: another amount is refused, nothing charged', async () => {
    const shopper = await pageRead(await shopperReadyToPay(store.t));
    const shown = shopper.basket.pricing.formatted_total_for_3d_verification;
    const wrong = (Number(shown) - 7).toFixed(2);
    expect((await payByCard(store.t, shopper, { amount: wrong })).body).toMatchObject(STALE);
    expect(await rows('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toEqual([{ n: 0 }]);
    expect((await payByCard(store.t, shopper, { amount: 'lots' })).body).toMatchObject({ success: false, code: 100100 });
    const paid = await payByCard(store.t, shopper, { amount: shown });
    expect(paid.body.success).toBe(true);
    const [sale] = (await cardSalesFor(store, shopper)) as { amount: string }[];
    expect(sale.amount).toBe(shown);
  });
});
