import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, XHR } from './support';
import { bankApp, BLIK_STORE, chooseLocalMethod, expect, orderNumberOn, orderOf, shopperBilledIn, startedPaymentId, startLocalPaymentCall, test } from './local-payments';

// BLIK one-click (spec 3 §5) in Chromium through the real API, the real braintree-web local-payment
// module and the card sandbox: a first use registers the shop in the payer's banking app (approved
// there, the sandbox's control standing in for it); the provider's completed notification names the
// alias, and the shopper's next order offers one-click with its label, paid without a code.

test.describe.configure({ timeout: 120_000 });

const ORDER_PAGE = /\/en-pl\/order\/AFS-\d{8}\/$/;

/** Another basket of Affinity Photo 2 for the signed-in shopper, billed in Poland, at the payment step with BLIK chosen. */
async function nextBasketAtBlik(page: Page) {
  const added = await page.request.post('/data/basket/lines/', { headers: XHR, data: { product_suite_reference: 'photo-2', locale: BLIK_STORE.locale } });
  expect(added.ok()).toBe(true);
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const basket = session.data.basket.reference;
  const billed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, ...BLIK_STORE.address, country: BLIK_STORE.country }) },
  });
  expect((await billed.json()).success).toBe(true);
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('braintree');
  return chooseLocalMethod(page, BLIK_STORE);
}

test('one-click BLIK: registered on first use and approved in the bank app, the next order pays with the alias and no code', async ({ page, sandboxUrl }) => {
  const { gateway } = await shopperBilledIn(page, BLIK_STORE);
  expect(gateway).toBe('braintree');
  let section = await chooseLocalMethod(page, BLIK_STORE);
  // No alias yet: only the code.
  await expect(section.getByRole('button', { name: /Pay with BLIK one-click/ })).toHaveCount(0);
  await section.getByLabel('BLIK code').fill('123456');
  await section.getByRole('checkbox', { name: 'Register this shop in my banking app for one-click BLIK' }).check();
  let started = startLocalPaymentCall(page);
  await section.getByRole('button', { name: 'Pay with BLIK code' }).click();
  const firstPayment = startedPaymentId(await started);
  await expect(page).toHaveURL(ORDER_PAGE, { timeout: 20_000 });
  const first = await orderNumberOn(page);
  await bankApp(page.request, sandboxUrl, firstPayment, 'approve');
  await expect.poll(async () => (await orderOf(page.request, first)).status, { timeout: 40_000 }).toBe('paid');

  // The next order: one-click is offered with the alias's label.
  section = await nextBasketAtBlik(page);
  const oneClick = section.getByRole('button', { name: 'Pay with BLIK one-click: Affinity Store' });
  await expect(oneClick).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousAxeViolations(page);
  // At a small phone's width the offer fits without scrolling sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await oneClick.scrollIntoViewIfNeeded();
  const box = await oneClick.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const create = page.waitForRequest(/\/client_api\/v1\/local_payments\/create/);
  started = startLocalPaymentCall(page);
  await oneClick.click();
  const sent = (await create).postDataJSON();
  expect(sent.blikOptions).toEqual({ oneClick: { consumerReference: session.data.customer.public_id, aliasKey: expect.stringMatching(/^[0-9]+$/) } });
  const secondPayment = startedPaymentId(await started);
  await expect(page).toHaveURL(ORDER_PAGE, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible();
  const second = await orderNumberOn(page);
  expect(second).not.toBe(first);
  expect(await orderOf(page.request, second)).toMatchObject({ status: 'pending', local_payment: { method: 'blik', state: 'waiting' } });
  await bankApp(page.request, sandboxUrl, secondPayment, 'approve');
  await expect.poll(async () => (await orderOf(page.request, second)).status, { timeout: 40_000 }).toBe('paid');
});
