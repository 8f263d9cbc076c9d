import type { Page } from '@playwright/test';
import { expect, test } from './card-gateway';
import { addToBasket, fillBillingAddress, PASSWORD, smallPdf, uniqueEmail, XHR } from './support';

// Issue 12, "injected strings come back inert in the page": a shopper whose name, organisation,
// billing address and certificate file name carry the markup and script the rules let through
// (an entity-encoded <img onerror>, attribute-breaking quotes, SQL) or a raw <img onerror> where a
// file name may hold it. The checkout and account pages show each as text, literally, and none runs.
const FIRST_NAME = "Zoë O'Brien-Smith";
const LAST_NAME = "Tables' OR 'x";
/** Organisation names may hold quotes, & and #: markup encoded as entities, and quotes to break out of an attribute. */
const ORGANISATION = 'Acme " autofocus onfocus&#61;"window.__pwned&#61;1 &#60;img src&#61;x onerror&#61;window.__pwned&#61;1&#62;';
/** Address lines may hold & and # but no semicolon: entities without one, which HTML still decodes. */
const LINE_1 = '&#60img src&#61x onerror&#61window.__pwned&#611&#62 500 Congress Avenue';
const CITY = "Austin') OR ('x";
const FILE_NAME = '<img src=x onerror=window.__pwned=1>.pdf';

/** Nothing the shopper typed became an element, an attribute or a script. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  await expect(page.locator('img[src="x"], [onerror], [onfocus], [autofocus]')).toHaveCount(0);
}

test('names, organisation, address and file name carrying markup show as text on the checkout and account pages, and nothing runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  const created = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: {
      action: 'CREATE_CUSTOMER',
      body: JSON.stringify({
        email: uniqueEmail('inert'),
        firstName: FIRST_NAME,
        lastName: LAST_NAME,
        password: PASSWORD,
        country: 'US',
        marketingSignUp: false,
        customerCategory: 'business.software',
        accountName: ORGANISATION,
        termsAndConditions: true,
      }),
    },
  });
  // The rules accept every one of these: they are stored, to be shown back.
  expect(await created.json()).toMatchObject({ success: true, data: { customer: { first_name: FIRST_NAME, last_name: LAST_NAME, account: { account_name: ORGANISATION } } } });
  await addToBasket(page.request, 'en-us', ['publisher-2']);

  await page.goto('/en-us/checkout/');
  await expect(page.getByText(ORGANISATION, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`${FIRST_NAME} ${LAST_NAME}`, { exact: true }).first()).toBeVisible();

  const form = page.getByRole('form', { name: 'Billing address' });
  await fillBillingAddress(form, { line1: LINE_1, city: CITY, state: 'TX', postalCode: '78701' });
  await form.getByRole('button', { name: 'Continue' }).click();
  const summary = page.locator('section[data-section="billing-address"]').getByTestId('billing-summary');
  await expect(summary).toContainText(LINE_1);
  await expect(summary).toContainText(CITY);

  const exemption = page.locator('section[data-section="tax-exemption"]');
  await exemption.getByLabel('Yes').check();
  const certificate = page.getByRole('form', { name: 'Tax exemption certificate' });
  await certificate.getByLabel('Certificate tax authority').selectOption('TX');
  await certificate.getByLabel('Upload your certificate').setInputFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: smallPdf() });
  await certificate.getByRole('button', { name: 'Add certificate' }).click();
  await expect(exemption.getByTestId('exemption-summary')).toContainText(FILE_NAME);
  await expectInert(page);

  for (const path of ['/en-us/account/', '/en-us/account/details/']) {
    await page.goto(path);
    await expect(page.getByText(FIRST_NAME).first()).toBeVisible();
    await expectInert(page);
  }
  await expect(page.getByText(ORGANISATION, { exact: true })).toBeVisible();
  expect(dialogs).toEqual([]);
});
