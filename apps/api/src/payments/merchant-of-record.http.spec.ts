import { digitalRiverClient, startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { pdf } from '@store/infrastructure/testing';
import { checkoutAction, payThroughMerchantOfRecord, type Shopper, shopperReadyToPay } from '../testing/shopper';
import { merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// The real API on Postgres, its merchant-of-record adapter talking to the project's Digital River
// sandbox over HTTP with the provider's request and response shapes: nothing between is stubbed.
let sandbox: RunningDigitalRiverSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startDigitalRiverSandbox();
  t = await createTestApp({
    env: {
      ...merchantOfRecordSandboxEnv(sandbox),
      PAYMENT_GATEWAY_RULES: 'DE=digital-river,MX=digital-river,USD=digital-river,*=braintree',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const sandboxClient = () => digitalRiverClient(sandbox);
const control = (path: string, body?: unknown, method?: string) => sandboxClient().control(path, body, method);

const BUSINESS = { customerCategory: 'business.design-agency', accountName: 'Serif (Europe) Ltd' };
const US_ADDRESS = { line_1: '350 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' };
const DE_ADDRESS = { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

const createCheckout = (shopper: Shopper) => checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference, locale: 'en-us' }, shopper.cookie);
const checkoutOf = (answer: { body: { data: { checkout: string } } }) => JSON.parse(answer.body.data.checkout);

/** A card source made as the drop-in makes it, for the checkout's payment session. */
async function source(sessionId: string, number = '4444222233331111'): Promise<string> {
  const made = await sandboxClient().drjs('sources', { sessionId, type: 'creditCard', creditCard: { number, expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' } });
  return made.body.id ?? made.body.source.id;
}

const place = (shopper: Shopper, checkoutId: string, sourceId: string, extra: Record<string, unknown> = {}) =>
  payThroughMerchantOfRecord(t, shopper, checkoutId, sourceId, extra);

const orderRow = async (number: string) =>
  (await t.db.dataSource.query('SELECT status, transaction_id, payment_attempt, net_minor, tax_minor, gross_minor, currency, tax_certificate_id FROM orders WHERE number = $1', [number]))[0];

describe('MERCHANT_OF_RECORD_CREATE_CHECKOUT', () => {
  it("creates the provider's checkout with its tax and seller, and gives the same one again for the same basket", async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    const created = await createCheckout(shopper);
    expect(created.body).toMatchObject({ success: true, data: { mor_public_api_key: sandbox.config.publicKey, mor_script_url: `${sandbox.url}/v1/DigitalRiver.js`, mount_timeout_ms: 25000, script_load_timeout_ms: 120000 } });
    const checkout = checkoutOf(created);
    expect(checkout).toMatchObject({ sellingEntityId: 'DR_INC-ENTITY', sellingEntityName: 'Digital River, Inc.', taxIdentifier: null });
    expect(checkout.paymentSessionId).toBeTruthy();
    // New York's 8.875% on the dollar price, tax added (the US store's prices exclude tax).
    const { net, tax, gross } = checkout.totals;
    expect(net.currency).toBe('USD');
    expect(tax.amount_minor).toBe(Math.round(net.amount_minor * 0.08875));
    expect(gross.amount_minor).toBe(net.amount_minor + tax.amount_minor);
    expect(checkout.totalTaxBreakdown.gross).toBe(`$${(gross.amount_minor / 100).toFixed(2)}`);
    expect(created.body.data.stale_hash).toBe(shopper.basket.stale_hash);

    const again = checkoutOf(await createCheckout(shopper));
    expect(again.checkoutId).toBe(checkout.checkoutId);
  });

  it('refuses a visitor, a stranger, bad input, and a basket billing sent to the card gateway, changing nothing', async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    expect((await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference })).body.code).toBe(100108);
    const stranger = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    expect((await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference }, stranger.cookie)).body.code).toBe(200404);
    const bad = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: "x'; DROP TABLE orders;--", extra: 1 }, shopper.cookie);
    expect(bad.body).toMatchObject({ success: false, code: 100100 });
    const card = await shopperReadyToPay(t);
    expect((await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: card.basket.reference }, card.cookie)).body).toMatchObject({
      success: false,
      code: 310001,
      message: 'There was a problem obtaining payment methods',
    });
    const [{ count }] = await t.db.dataSource.query("SELECT count(*)::int AS count FROM basket_payment_states WHERE payment_session IS NOT NULL AND basket_reference = ANY($1)", [
      [shopper.basket.reference, card.basket.reference],
    ]);
    expect(count).toBe(0);
  });

  it('a provider that does not answer gives the payment-methods problem, and the next try works', async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    await control('force', { resource: 'checkouts', method: 'POST', fail: 'service_unavailable' });
    expect((await createCheckout(shopper)).body).toMatchObject({ success: false, code: 310001 });
    expect((await createCheckout(shopper)).body.success).toBe(true);
  });
});

describe('paying through the merchant of record', () => {
  it('a US business with an exemption certificate pays no tax; the order records the provider figures and the certificate', async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', account: BUSINESS, gateway: 'digital-river' });
    // Payment was set up before the certificate was given (the shopper first answered No).
    const taxed = checkoutOf(await createCheckout(shopper));
    expect(taxed.totals.tax.amount_minor).toBeGreaterThan(0);
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const uploaded = await t
      .http()
      .post('/data/account/tax-certificate/')
      .set(XHR)
      .set('Cookie', shopper.cookie)
      .field({ tax_authority: 'NY', start_date: day(-30), end_date: day(300) })
      .attach('file', pdf(), { filename: 'NY exemption.pdf', contentType: 'application/pdf' });
    expect(uploaded.status).toBe(200);
    const checkout = checkoutOf(await createCheckout(shopper));
    expect(checkout.checkoutId).not.toBe(taxed.checkoutId);
    expect(checkout.totals.tax.amount_minor).toBe(0);
    expect(checkout.totals.gross.amount_minor).toBe(checkout.totals.net.amount_minor);
    expect(checkoutOf(await createCheckout(shopper)).checkoutId).toBe(checkout.checkoutId);

    const sourceId = await source(checkout.paymentSessionId);
    expect((await checkoutAction(t, 'MERCHANT_OF_RECORD_ATTACH_SOURCE', { basketReference: shopper.basket.reference, checkoutId: checkout.checkoutId, sourceId }, shopper.cookie)).body).toMatchObject({
      success: true,
      data: { paymentSource: { id: sourceId } },
    });
    const placed = await place(shopper, checkout.checkoutId, sourceId);
    expect(placed.body.success).toBe(true);
    const order = await orderRow(placed.body.data.order_number);
    expect(order).toMatchObject({ status: 'paid', currency: 'USD', tax_minor: 0, gross_minor: checkout.totals.gross.amount_minor });
    expect(order.tax_certificate_id).not.toBeNull();
    const orders = (await control(`orders?upstreamId=${placed.body.data.order_number}-1`, undefined, 'GET')).body as Array<{ id: string }>;
    expect(orders.map((o) => o.id)).toEqual([order.transaction_id]);
  });

  it('a German business: an invalid VAT number is refused, a valid one removes the tax', async () => {
    const shopper = await shopperReadyToPay(t, { address: DE_ADDRESS, account: BUSINESS, gateway: 'digital-river' });
    const checkout = checkoutOf(await createCheckout(shopper));
    expect(checkout.totals.tax.amount_minor).toBeGreaterThan(0);
    const attach = (taxId: string) => checkoutAction(t, 'MERCHANT_OF_RECORD_ATTACH_TAX_ID', { basketReference: shopper.basket.reference, checkoutId: checkout.checkoutId, type: 'de', taxId }, shopper.cookie);
    expect((await attach('DE999999999')).body).toMatchObject({ success: false, code: 710003 });
    expect((await attach('DE 12')).body).toMatchObject({ success: false, code: 710003 });
    const attached = checkoutOf(await attach('DE 123 456 789'));
    expect(attached.taxIdentifier).toEqual({ type: 'de', value: 'DE123456789', state: 'verified' });
    expect(attached.totals.tax.amount_minor).toBe(0);

    const sourceId = await source(attached.paymentSessionId);
    const placed = await place(shopper, attached.checkoutId, sourceId);
    expect(placed.body.success).toBe(true);
    expect(await orderRow(placed.body.data.order_number)).toMatchObject({ status: 'paid', tax_minor: 0, gross_minor: attached.totals.gross.amount_minor });
  });

  it('a declined source charges nothing and says so; another source then pays the same order once', async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    const checkout = checkoutOf(await createCheckout(shopper));
    const declined = await place(shopper, checkout.checkoutId, await source(checkout.paymentSessionId, '4000000000003600'));
    expect(declined.body).toMatchObject({ success: false, code: 710005, data: { charged: 'not-charged' } });
    const number = declined.body.data.order_number;
    const retried = await place(shopper, checkout.checkoutId, await source(checkout.paymentSessionId), { existing_order_number: number });
    expect(retried.body).toMatchObject({ success: true, data: { order_number: number } });
    const order = await orderRow(number);
    expect(order).toMatchObject({ status: 'paid', payment_attempt: 2 });
    const orders = (await control(`orders?upstreamId=${number}-2`, undefined, 'GET')).body as Array<{ id: string }>;
    expect(orders).toHaveLength(1);
    expect((await control(`orders?upstreamId=${number}-1`, undefined, 'GET')).body).toEqual([]);
  });

  it('an order whose answer is lost stays pending; the retry finds the provider order instead of ordering again', async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    const checkout = checkoutOf(await createCheckout(shopper));
    const sourceId = await source(checkout.paymentSessionId);
    await control('force', { resource: 'orders', method: 'POST', delayMs: 3000 });
    const lost = await place(shopper, checkout.checkoutId, sourceId);
    expect(lost.body).toMatchObject({ success: false, data: { charged: 'unknown' } });
    const number = lost.body.data.order_number;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const retried = await place(shopper, checkout.checkoutId, sourceId, { existing_order_number: number });
    expect(retried.body).toMatchObject({ success: true, data: { order_number: number } });
    const made = (await control(`orders?upstreamId=${number}-1`, undefined, 'GET')).body as Array<{ id: string }>;
    expect(made).toHaveLength(1);
    expect((await orderRow(number)).transaction_id).toBe(made[0].id);
  });

  it('a checkout of an older basket is refused: any basket change needs a fresh checkout', async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    const checkout = checkoutOf(await createCheckout(shopper));
    await t.db.dataSource.query('DELETE FROM basket_payment_states WHERE basket_reference = $1', [shopper.basket.reference]);
    await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
    const placed = await place(shopper, checkout.checkoutId, await source(checkout.paymentSessionId));
    expect(placed.body).toMatchObject({ success: false, code: 710004 });
    const fresh = checkoutOf(await createCheckout(shopper));
    expect(fresh.checkoutId).not.toBe(checkout.checkoutId);
  });
});

describe('PLACE_ORDER through the merchant of record charges the tax the page showed, or nothing', () => {
  it('a billing change to a state of another tax, in another tab, after this page set up its checkout: refused, nothing ordered or charged', async () => {
    const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
    const page = checkoutOf(await createCheckout(shopper));
    const sourceId = await source(page.paymentSessionId);
    // The other tab bills Oregon (no sales tax) and sets up payment again.
    const OR_ADDRESS = { line_1: '1 SW Main Street', city: 'Portland', state: 'OR', postal_code: '97204', country: 'US' };
    expect((await checkoutAction(t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: shopper.basket.reference, ...OR_ADDRESS }, shopper.cookie)).body.success).toBe(true);
    await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
    const other = checkoutOf(await createCheckout(shopper));
    expect(other.totals.tax.amount_minor).toBe(0);
    expect(page.totals.tax.amount_minor).toBeGreaterThan(0);

    const placed = await place(shopper, page.checkoutId, sourceId);
    expect(placed.body).toMatchObject({ success: false, code: 710004 });
    expect(placed.body.data?.charged ?? 'not-charged').toBe('not-charged');
    expect(await t.db.dataSource.query('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toEqual([{ n: 0 }]);
  });
});
