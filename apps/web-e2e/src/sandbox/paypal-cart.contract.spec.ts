import { expect, test, type Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract charges the nonces through the real server SDK, as the API does
import braintree from 'braintree';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract runs the sandbox in-process, from its sources
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '../../../payment-sandbox/src';
import { guardMerchantPage, MERCHANT, moduleScripts } from './provider-routing';

// The real braintree-web 3.124.0 paypal-checkout module's cart calls against the sandbox: a cart
// that does not add up is refused with PayPal's issue inside the module's own error; updatePayment
// changes an approved payment's amount before tokenization, and the module's own checks and the
// sandbox's refusals reach the caller as PAYPAL_INVALID_PAYMENT_OPTION / PAYPAL_MISSING_REQUIRED_OPTION.

const MODULES = ['client', 'paypal-checkout'];
const MERCHANT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Merchant PayPal cart test page</title></head>
  <body><main><h1>Checkout</h1></main>${moduleScripts(MODULES)}</body>
</html>`;

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;

test.beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  gateway = gatewayFor(sandbox);
});
test.afterAll(async () => {
  await sandbox?.close();
});

guardMerchantPage(test, () => ({ sandboxUrl: sandbox.url, page: MERCHANT_PAGE, modules: MODULES, open: false }));

async function openMerchantPage(page: Page): Promise<void> {
  await page.goto(`${MERCHANT}/`);
  const token = (await gateway.clientToken.generate({})).clientToken;
  await page.evaluate(async (authorization) => {
    const w = window as any;
    w.client = await w.braintree.client.create({ authorization });
    w.paypalCheckout = await w.braintree.paypalCheckout.create({ client: w.client });
  }, token);
}

/** Runs one paypalCheckout call in the page: what it resolved with, or the BraintreeError it rejected with. */
const call = (page: Page, method: 'createPayment' | 'updatePayment', options: object) =>
  page.evaluate(
    async ({ method, options }) => {
      try {
        return { value: await (window as any).paypalCheckout[method](options) };
      } catch (error: any) {
        // The module's own checks wrap an Error; the gateway's refusals the client's error, which holds its answer.
        const original = error.details?.originalError;
        const details = original instanceof Error ? `${original.message} ${JSON.stringify((original as any).details ?? null)}` : JSON.stringify(error.details ?? null);
        return { error: { code: error.code, message: error.message, details } };
      }
    },
    { method, options },
  );

const item = (name: string, quantity: string, unitAmount: string) => ({ name, quantity, unitAmount, kind: 'debit' });

test('createPayment: a cart that does not add up is refused, with PayPal’s issue inside the module’s error', async ({ page }) => {
  await openMerchantPage(page);
  const refused = await call(page, 'createPayment', {
    flow: 'checkout',
    amount: '35.98',
    currency: 'GBP',
    intent: 'capture',
    lineItems: [item('Photo Workbook', '2', '12.99'), item('Sketch Pad', '1', '15.00')],
    amountBreakdown: { itemTotal: '40.98', discount: '4.99' },
  });
  expect(refused.error).toMatchObject({ code: 'PAYPAL_INVALID_PAYMENT_OPTION', message: 'PayPal payment options are invalid.' });
  expect(refused.error?.details).toContain('AMOUNT_MISMATCH: Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.');
});

test('updatePayment: an approved payment gets the new basket’s amount and items, and its nonce pays that amount', async ({ page }) => {
  await openMerchantPage(page);
  const created = await call(page, 'createPayment', {
    flow: 'checkout',
    amount: '12.99',
    currency: 'GBP',
    intent: 'capture',
    lineItems: [item('Photo Workbook', '1', '12.99')],
    amountBreakdown: { itemTotal: '12.99' },
  });
  const token = String(created.value);
  expect(token).toMatch(/^EC-/);
  const approved = (await (await fetch(`${sandbox.url}/__sandbox/paypal/orders/${token}/approve`, { method: 'POST', body: '{}' })).json()) as Record<string, unknown>;

  // The module's own checks, before any call.
  expect((await call(page, 'updatePayment', { currency: 'GBP', amount: '25.98' })).error).toMatchObject({ code: 'PAYPAL_MISSING_REQUIRED_OPTION', message: 'Missing required option.' });
  const mixed = await call(page, 'updatePayment', { paymentId: approved.paymentID, currency: 'GBP', amount: '25.98', shippingOptions: [{ id: 'post', label: 'Post', selected: true, type: 'SHIPPING', amount: { currency: 'EUR', value: '0.00' } }] });
  expect(mixed.error).toMatchObject({ code: 'PAYPAL_INVALID_PAYMENT_OPTION', message: 'PayPal payment options are invalid.' });
  expect(mixed.error?.details).toContain('One or more shipping option currencies differ from checkout currency.');
  // The sandbox's, as PayPal's: a cart that does not add up to the new amount.
  const mismatch = await call(page, 'updatePayment', { paymentId: approved.paymentID, currency: 'GBP', amount: '30.00', lineItems: [item('Photo Workbook', '2', '12.99')], amountBreakdown: { itemTotal: '25.98' } });
  expect(mismatch.error).toMatchObject({ code: 'PAYPAL_INVALID_PAYMENT_OPTION' });
  expect(mismatch.error?.details).toContain('AMOUNT_MISMATCH');

  // Shipping option currencies match case-insensitively.
  const updated = await call(page, 'updatePayment', {
    paymentId: approved.paymentID,
    currency: 'GBP',
    amount: '25.98',
    lineItems: [item('Photo Workbook', '2', '12.99')],
    amountBreakdown: { itemTotal: '25.98' },
    shippingOptions: [{ id: 'download', label: 'Download', selected: true, type: 'SHIPPING', amount: { currency: 'gbp', value: '0.00' } }],
  });
  expect(updated.error).toBeUndefined();
  const order = (await (await fetch(`${sandbox.url}/__sandbox/paypal/orders/${token}`)).json()) as Record<string, unknown>;
  expect(order).toMatchObject({ amount: '25.98', updates: 1, lineItems: [{ name: 'Photo Workbook', quantity: '2', unitAmount: '12.99' }] });

  const payload = await page.evaluate((data) => (window as any).paypalCheckout.tokenizePayment(data), approved);
  const sale = await gateway.transaction.sale({ amount: '25.98', paymentMethodNonce: payload.nonce, options: { submitForSettlement: true } });
  expect(sale.success).toBe(true);
  expect(sale.transaction.amount).toBe('25.98');
  // Once tokenized, the payment is PayPal's completed order: it no longer changes.
  const late = await call(page, 'updatePayment', { paymentId: approved.paymentID, currency: 'GBP', amount: '12.99' });
  expect(late.error).toMatchObject({ code: 'PAYPAL_INVALID_PAYMENT_OPTION' });
  expect(late.error?.details).toContain('ORDER_ALREADY_COMPLETED');
});
