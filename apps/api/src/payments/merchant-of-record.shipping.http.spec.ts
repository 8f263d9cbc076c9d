import { digitalRiverClient, startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { checkoutAction, payThroughMerchantOfRecord, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// A printed product bought from the US store through the merchant of record is taxed where it is
// posted: the checkout carries the delivery address as its ship-to, and the provider's sales tax is
// that state's, whatever the billing state.

let sandbox: RunningDigitalRiverSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startDigitalRiverSandbox();
  t = await createTestApp({ env: { ...merchantOfRecordSandboxEnv(sandbox), PAYMENT_GATEWAY_RULES: 'USD=digital-river,*=braintree' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

// Oregon has no sales tax; New York's is 8.875%.
const OREGON = { line_1: '1 Main Street', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' };
const NEW_YORK = { line_1: '350 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' };

/** The addresses saved as the billing step saves them, payment set up again, and the provider's checkout made. */
async function checkoutFor(shopper: Shopper, delivery: Record<string, unknown>) {
  const saved = await checkoutAction(t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: shopper.basket.reference, ...OREGON, ...delivery }, shopper.cookie);
  expect(saved.body.success).toBe(true);
  await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
  const created = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference, locale: 'en-us' }, shopper.cookie);
  expect(created.body.success).toBe(true);
  return { checkout: JSON.parse(created.body.data.checkout), staleHash: created.body.data.stale_hash as string };
}

async function sourceFor(sessionId: string): Promise<string> {
  const made = await digitalRiverClient(sandbox).drjs('sources', {
    sessionId,
    type: 'creditCard',
    creditCard: { number: '4444222233331111', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' },
  });
  return made.body.id ?? made.body.source.id;
}

const workbookBuyer = () => shopperReadyToPay(t, { suites: ['photo-workbook'], address: OREGON, locale: 'en-us', gateway: 'digital-river' });

describe('a printed product through the merchant of record', () => {
  it('is taxed at the delivery state, and the order keeps that tax and the address it is posted to', async () => {
    const shopper = await workbookBuyer();
    const { checkout, staleHash } = await checkoutFor(shopper, { ship_to_billing_address: false, shipping_address: NEW_YORK });
    // $59.99 plus New York's 8.875% (5.324): billed in Oregon, posted to New York.
    expect(checkout.totals.tax.amount_minor).toBe(532);
    const placed = await payThroughMerchantOfRecord(t, { ...shopper, basket: { ...shopper.basket, stale_hash: staleHash } }, checkout.checkoutId, await sourceFor(checkout.paymentSessionId));
    expect(placed.body.success).toBe(true);
    const [order] = await t.db.dataSource.query('SELECT tax_minor, gross_minor, shipping_address FROM orders WHERE number = $1', [placed.body.data.order_number]);
    expect(order).toMatchObject({ tax_minor: 532, gross_minor: 6531, shipping_address: { line1: '350 Fifth Avenue', state: 'NY', country: 'US' } });
  });

  it('is taxed at the billing state when it is posted to the billing address', async () => {
    const { checkout } = await checkoutFor(await workbookBuyer(), { ship_to_billing_address: true });
    expect(checkout.totals.tax.amount_minor).toBe(0);
  });
});
