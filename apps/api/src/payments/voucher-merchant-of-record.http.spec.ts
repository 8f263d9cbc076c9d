import { startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { checkoutAction, payThroughMerchantOfRecord, shopperReadyToPay } from '../testing/shopper';
import { merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// Our choice: the reseller sells in its own name and charges its own total, which a voucher of ours
// cannot pay. A basket holding one is told so before any payment details are typed, and an order
// sent anyway is refused before anything is reserved or charged.
let sandbox: RunningDigitalRiverSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startDigitalRiverSandbox();
  t = await createTestApp({ env: { ...merchantOfRecordSandboxEnv(sandbox), PAYMENT_GATEWAY_RULES: 'DE=digital-river,*=braintree' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const DE_ADDRESS = { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' };

it('refuses a voucher with the merchant of record, and takes the order once it is removed', async () => {
  const shopper = await shopperReadyToPay(t, { address: DE_ADDRESS, gateway: 'digital-river' });
  const applied = await checkoutAction(t, 'APPLY_VOUCHER_CODE', { basketReference: shopper.basketReference, code: 'GIFT-50' }, shopper.cookie);
  expect(applied.body.success).toBe(true);
  const decided = await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basketReference });
  // The voucher covers the whole £41.99: nothing is left for anyone to charge.
  expect(decided.body.data.gateway).toBe('complimentary');

  // With part left to pay, billing in Germany goes to the reseller, which says no to the voucher.
  await t.db.dataSource.query(`INSERT INTO vouchers (code, currency, initial_minor, balance_minor) VALUES ('PART-GIFT', 'GBP', 1000, 1000)`);
  const part = await checkoutAction(t, 'APPLY_VOUCHER_CODE', { basketReference: shopper.basketReference, code: 'PART-GIFT' }, shopper.cookie);
  expect(part.body.data.basket.pricing.amount_to_pay.amount_minor).toBe(3199);
  const again = await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basketReference });
  expect(again.body.data.gateway).toBe('digital-river');
  const message = 'Vouchers cannot be used when paying through our reseller. Please remove the voucher to continue.';
  const setUp = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basketReference, locale: 'en-gb' }, shopper.cookie);
  expect(setUp.body).toMatchObject({ success: false, code: 201108, message });
  const placed = await payThroughMerchantOfRecord(t, { cookie: shopper.cookie, basket: part.body.data.basket }, 'any-checkout', 'any-source', { locale: 'en-gb' });
  expect(placed.body).toMatchObject({ success: false, code: 201108 });
  expect(await t.db.dataSource.query('SELECT number FROM orders WHERE basket_reference = $1', [shopper.basketReference])).toEqual([]);
  const [{ balance_minor }] = await t.db.dataSource.query(`SELECT balance_minor FROM vouchers WHERE code = 'PART-GIFT'`);
  expect(balance_minor).toBe(1000);

  // Removed, the reseller's checkout is set up as usual.
  await checkoutAction(t, 'REMOVE_VOUCHER_CODE', { basketReference: shopper.basketReference }, shopper.cookie);
  await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basketReference });
  const ready = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basketReference, locale: 'en-gb' }, shopper.cookie);
  expect(ready.body.success).toBe(true);
});
