import { digitalRiverClient, startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { checkoutAction, payThroughMerchantOfRecord, shopperReadyToPay } from '../testing/shopper';
import { merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, type TestApp } from '../testing/test-app';

// Where the rules send a euro or złoty order to the merchant of record (the end-to-end store sends
// German billing addresses there), the provider sells it in that currency, prices tax-inclusive as
// the storefront does, and the order keeps the currency. By default only dollars go there.
let sandbox: RunningDigitalRiverSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startDigitalRiverSandbox();
  t = await createTestApp({ env: { ...merchantOfRecordSandboxEnv(sandbox), PAYMENT_GATEWAY_RULES: 'DE=digital-river,USD=digital-river,*=braintree' } });
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const BERLIN = { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

for (const [locale, currency, listed] of [
  ['en-eu', 'EUR', 4799],
  ['en-pl', 'PLN', 21999],
] as const) {
  it(`sells a ${locale} basket billed in Germany through the merchant of record in ${currency}, tax included`, async () => {
    const shopper = await shopperReadyToPay(t, { address: BERLIN, locale, gateway: 'digital-river' });
    const created = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference, locale }, shopper.cookie);
    expect(created.body.success).toBe(true);
    const checkout = JSON.parse(created.body.data.checkout);
    // The provider's seller for currencies other than dollars and pounds; the listed price holds Germany's 19%.
    expect(checkout.sellingEntityId).toBe('DR_IRELAND-ENTITY');
    expect(checkout.totals.gross).toEqual({ amount_minor: listed, currency });
    expect(checkout.totals.tax.amount_minor).toBe(listed - Math.round((listed * 100) / 119));

    const made = await digitalRiverClient(sandbox).drjs('sources', {
      sessionId: checkout.paymentSessionId,
      type: 'creditCard',
      creditCard: { number: '4444222233331111', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' },
    });
    const placed = await payThroughMerchantOfRecord(t, shopper, checkout.checkoutId, made.body.id ?? made.body.source.id, { locale });
    expect(placed.body.success).toBe(true);
    const [order] = await t.db.dataSource.query('SELECT status, currency, gross_minor, locale FROM orders WHERE number = $1', [placed.body.data.order_number]);
    expect(order).toEqual({ status: 'paid', currency, gross_minor: listed, locale });
  });
}
