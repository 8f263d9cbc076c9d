import { expect, test, type APIRequestContext } from '@playwright/test';
import { mailPort } from '../playwright.config';
import { addToBasket, createAccount, expectNoSeriousAxeViolations } from './support';

// PARTNER15 (the demo catalogue) is reserved for partner@example.com; the e2e store's database is new each run.
const PARTNER = 'partner@example.com';

async function verificationMails(request: APIRequestContext): Promise<Array<{ subject: string; text: string }>> {
  const messages: Array<{ subject: string; text: string }> = await (await request.get(`http://127.0.0.1:${mailPort}/messages?to=${encodeURIComponent(PARTNER)}`)).json();
  return messages.filter((message) => message.subject === 'Verify your Affinity Store email address');
}

test('a code reserved for an email is refused until the mailed link is confirmed on its page, then applies', async ({ page, request }) => {
  await createAccount(page.request, { email: PARTNER });
  await addToBasket(page.request, 'en-gb', [['photo-2'], ['publisher-2']]);
  await page.goto('/en-gb/checkout/');
  const total = page.getByTestId('basket-total');
  await expect(total).toHaveText('£111.98');

  const field = page.getByRole('textbox', { name: 'Discount code', exact: true });
  await field.fill('PARTNER15');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.discount-box .field__error')).toHaveText("Please verify your email address to use this code. We've sent you a link.");
  await expect(total).toHaveText('£111.98');
  await expect.poll(async () => (await verificationMails(request)).length).toBe(1);

  // The page offers the link again; the new mail's link is the one followed.
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('status').filter({ hasText: "We've sent a new link." })).toBeVisible();
  await expect.poll(async () => (await verificationMails(request)).length).toBe(2);
  const mails = await verificationMails(request);
  const link = new URL(/(http\S+verify-email\S*)/.exec(mails[mails.length - 1].text)?.[1] as string);

  // Opening the link shows a page that asks; only the button confirms.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the checkout' }).click();
  await expect(total).toHaveText('£111.98');
  await page.getByRole('textbox', { name: 'Discount code', exact: true }).fill('PARTNER15');
  await page.getByRole('button', { name: 'Apply' }).click();
  const discount = page.getByTestId('applied-discount');
  await expect(discount).toContainText('PARTNER15');
  await expect(discount).toContainText('15% off');

  // The same link a second time: refused with its message.
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This email verification link has expired or has already been used.' })).toBeVisible();
});
