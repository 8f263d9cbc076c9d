import type { Page, TestInfo } from '@playwright/test';
import { enterCard, expect, shopperAtPayment, test } from './card-gateway';
import { acceptAnalytics, addToBasket, createAccount, expectNoSeriousAxeViolations, smallPdf, uniqueEmail, XHR } from './support';

// Most shoppers buy on phones: every page and checkout step must fit the narrowest phones we
// support (320 px) as well as a desktop, with nothing pushed past the edge of the screen. Each
// step is checked for sideways scrolling, for anything straddling the screen's edge, and by axe,
// and its screenshot is kept with the test's results.
//
// Each journey is walked once, and every step it reaches is checked at every width in turn by
// resizing the window, rather than walking the whole journey again per width: the sign-ups,
// baskets, card frames and orders are the slow part, the checks themselves are quick. Resizing
// shows the same page a shopper loading it at that width would see because the store decides its
// layout in CSS alone. The only widths read by script are the local payment methods' choice of
// opening the provider in this tab (read once, when the method mounts) and a dialog measuring
// itself when it opens and again after a resize has settled; no step below shows either, and a
// step that does must be reloaded at each width instead of resized.

// Each test walks a whole journey with axe and a screenshot at four widths at every step, axe
// taking most of it: the account area's 24 checks took a minute and a half on a loaded two-core
// machine, so the default 30 s is far too short and twice that is the least room to leave.
test.describe.configure({ timeout: 180_000 });

const WIDTHS = [320, 360, 390, 1280] as const;
type Width = (typeof WIDTHS)[number];

/** Phones are checked in a phone-shaped window, the desktop in a desktop-shaped one. */
const windowAt = (width: number) => ({ width, height: width < 1000 ? 780 : 900 });

// The journeys themselves run at the narrowest phone: every button a shopper needs must be
// reachable there, which is the harder case.
test.use({ viewport: windowAt(WIDTHS[0]) });

/** What sticks out of the screen sideways: the page's overflow, and the visible elements that cross an edge. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const crossing: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      // Skip links wait off the left edge until focused.
      if (box.right <= 0) continue;
      // Text too long for its box spills out of it without widening the box itself.
      const spills = element.clientWidth > 0 && getComputedStyle(element).overflowX === 'visible' && box.left + element.scrollWidth > width + 0.5;
      if (box.left < -0.5 || box.right > width + 0.5 || spills) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
        crossing.push(`${name} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, crossing };
  });
}

/** Resizing lays the page out again on the next frame; two frames later the new layout is painted. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** One step at one width: it fits the screen, axe finds nothing serious, and its screenshot is kept. */
async function fits(page: Page, testInfo: TestInfo, step: string, width: Width): Promise<void> {
  const measured = await overflow(page);
  await testInfo.attach(`${step}-${width}.png`, { body: await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }), contentType: 'image/png' });
  expect(measured.crossing, `${step} at ${width} px: elements crossing the screen's edge`).toEqual([]);
  expect(measured.scrollWidth, `${step} at ${width} px: no sideways scrolling`).toBeLessThanOrEqual(measured.clientWidth);
  await expectNoSeriousAxeViolations(page);
}

/**
 * One step of a journey at every width in turn, then back to the journey's own window. Each width is
 * a step of its own, so a failure, axe's included, is reported under the step and width it failed
 * at. `alsoAt` runs at each width once the page is laid out, before the common checks.
 */
async function fitsAtEveryWidth(page: Page, testInfo: TestInfo, step: string, alsoAt?: (width: Width) => Promise<void>): Promise<void> {
  const own = page.viewportSize();
  for (const width of WIDTHS) {
    await test.step(`${step} at ${width} px`, async () => {
      await page.setViewportSize(windowAt(width));
      await settled(page);
      await alsoAt?.(width);
      await fits(page, testInfo, step, width);
    });
  }
  if (own) await page.setViewportSize(own);
  await settled(page);
}

const section = (page: Page, name: string) => page.locator(`section[data-section="${name}"]`);

test.describe(`at ${WIDTHS.join(', ')} px`, () => {
  test('the store page and its choices fit the screen', async ({ page }, testInfo) => {
    await page.goto('/en-gb/');
    await expect(page.getByRole('article').first()).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'store-with-cookie-notice');
    await page.getByRole('button', { name: 'Reject' }).first().click().catch(() => undefined);
    await acceptAnalytics(page.request);
    await page.reload();
    await expect(page.getByRole('article').first()).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'store', async (width) => {
      // The product choice is as wide as its longest option, not the whole card.
      const choice = page.getByRole('article', { name: 'Affinity Photo 2' }).getByLabel('Platform');
      const card = page.getByRole('article', { name: 'Affinity Photo 2' });
      const [choiceBox, cardBox] = [await choice.boundingBox(), await card.boundingBox()];
      expect(choiceBox!.width, `store at ${width} px: the product choice's width`).toBeLessThan(cardBox!.width * 0.9);
    });
  });

  test('the card checkout fits every step: basket with a discounted line, account, billing, payment, confirmation', async ({ page }, testInfo) => {
    await acceptAnalytics(page.request);
    // A sale price (was £14.99, now free) and a code off the rest: the longest basket lines there are.
    await addToBasket(page.request, 'en-gb', ['universal-v2-business', 'texture-pack', 'photo-2']);
    await page.goto('/en-gb/checkout/');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByRole('textbox', { name: 'Discount code', exact: true }).fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('applied-discount')).toContainText('WELCOME10');
    await fitsAtEveryWidth(page, testInfo, 'basket-discounted');

    // The account step, with a long address that must wrap, not push the page wider.
    const email = uniqueEmail('a.very.long.mailbox.name.for.a.narrow.phone.screen');
    await createAccount(page.request, { email, firstName: 'Maximiliana', lastName: 'Featherstonehaugh-Wolfeschlegelstein' });
    await page.reload();
    await expect(section(page, 'account').getByText(email)).toBeVisible({ timeout: 15_000 });
    await fitsAtEveryWidth(page, testInfo, 'signed-in');
  });

  test('the payment step with the card fields fits, and so does the confirmation', async ({ page }, testInfo) => {
    await acceptAnalytics(page.request);
    // Designer's platform list holds a long earlier version's name: the basket line must still fit a phone.
    await shopperAtPayment(page, { suites: ['photo-2', 'designer-2', 'texture-pack'] });
    await page.goto('/en-gb/checkout/');
    const payment = section(page, 'payment-details');
    await expect(payment).toHaveAttribute('data-state', 'active');
    // The card frames come from the gateway's sandbox, slower when the machine is busy.
    await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached({ timeout: 20_000 });
    await expect(payment.getByRole('button', { name: 'Pay with card' })).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'payment', async (width) => {
      // Resizing moves the page under the window: bring the card fields back into view at each width.
      await payment.scrollIntoViewIfNeeded();
      if (width === 360) await page.screenshot({ path: testInfo.outputPath('payment-360.png') });
    });

    await enterCard(page, { number: '4111111111111111' });
    const box = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
    await box.focus();
    await page.keyboard.press('Space');
    await payment.getByRole('button', { name: 'Pay with card' }).click();
    await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'confirmation');
  });

  test('the merchant of record with an exemption certificate fits: exemption, drop-in, confirmation', async ({ page }, testInfo) => {
    await acceptAnalytics(page.request);
    await createAccount(page.request, { type: 'business', country: 'US', firstName: 'Ada', lastName: 'Lovelace' });
    await addToBasket(page.request, 'en-us', ['publisher-2']);
    const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
    const basket = session.data.basket.reference as string;
    const address = { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };
    const billed = await page.request.post('/data/checkout/', { headers: XHR, form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, ...address }) } });
    expect((await billed.json()).success).toBe(true);
    await page.goto('/en-us/checkout/');
    const billing = section(page, 'billing-address');
    await expect(billing.getByRole('button', { name: 'Continue' })).toBeVisible({ timeout: 15_000 });
    await fitsAtEveryWidth(page, testInfo, 'mor-billing');
    await billing.getByRole('button', { name: 'Continue' }).click();
    const exemption = section(page, 'tax-exemption');
    await expect(exemption).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
    await exemption.getByLabel('Yes').check();
    const form = page.getByRole('form', { name: 'Tax exemption certificate' });
    await form.getByLabel('Certificate tax authority').selectOption('TX');
    await form.getByLabel('Upload your certificate').setInputFiles({ name: 'texas-exemption.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
    await fitsAtEveryWidth(page, testInfo, 'mor-exemption');
    await form.getByRole('button', { name: 'Add certificate' }).click();
    const dropIn = page.locator('#mor-drop-in');
    await expect(dropIn.getByRole('button', { name: 'Pay Now' })).toBeVisible({ timeout: 20_000 });
    await fitsAtEveryWidth(page, testInfo, 'mor-drop-in');
    await dropIn.getByLabel('Card number').fill('4444 2222 3333 1111');
    await dropIn.getByLabel('Expiry date (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
    await dropIn.getByLabel('Security code').fill('123');
    await dropIn.getByLabel('Name on card').fill('Ada Lovelace');
    await dropIn.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/en-us\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'mor-confirmation');
  });

  test('PayPal fits: the method chosen, its approval window, the confirmation', async ({ page }, testInfo) => {
    await acceptAnalytics(page.request);
    await shopperAtPayment(page);
    await page.goto('/en-gb/checkout/');
    const payment = section(page, 'payment-details');
    const radio = payment.getByRole('radio', { name: 'PayPal' });
    await expect(radio).toBeVisible({ timeout: 20_000 });
    await radio.check();
    const box = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(payment.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible({ timeout: 15_000 });
    await fitsAtEveryWidth(page, testInfo, 'paypal');
    await payment.getByRole('button', { name: 'PayPal', exact: true }).click();
    const approval = page.getByRole('dialog', { name: 'PayPal sandbox approval' });
    await expect(approval).toBeVisible();
    await approval.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'paypal-confirmation');
  });

  test('the free download fits: the checkout and its confirmation with the key and download', async ({ page }, testInfo) => {
    await acceptAnalytics(page.request);
    await createAccount(page.request, { email: uniqueEmail('a.free.download.for.someone.with.a.long.address') });
    await addToBasket(page.request, 'en-gb', ['brush-starter']);
    await page.goto('/en-gb/checkout/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your free download' })).toBeVisible();
    const placeOrder = section(page, 'place-order');
    await expect(placeOrder).toHaveAttribute('data-state', 'active');
    await fitsAtEveryWidth(page, testInfo, 'free-download');
    await placeOrder.getByRole('button', { name: 'Get my download link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('product-key')).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'free-download-confirmation');
  });

  test('the sign-in page and the account area fit', async ({ page }, testInfo) => {
    await acceptAnalytics(page.request);
    await page.goto('/en-gb/sign-in/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await fitsAtEveryWidth(page, testInfo, 'sign-in');
    await createAccount(page.request, { email: uniqueEmail('an.unusually.long.address.that.must.wrap.somewhere') });
    for (const path of ['/en-gb/account/', '/en-gb/account/details/', '/en-gb/account/orders/', '/en-gb/account/licences/', '/en-gb/account/downloads/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsAtEveryWidth(page, testInfo, path.split('/').filter(Boolean).join('-'));
    }
  });
});
