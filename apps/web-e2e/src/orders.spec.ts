import { expect, test } from '@playwright/test';
import { mailPort } from '../playwright.config';
import { addToBasket, createAccount, expectNoSeriousAxeViolations, uniqueEmail } from './support';

test('a free download: Get my download link, the confirmation with downloads and keys, the receipt mail, and the account pages', async ({ page, request }) => {
  const email = await createAccount(page.request, { email: uniqueEmail('free'), firstName: 'Frida', lastName: 'Free' });
  await addToBasket(page.request, 'en-gb', ['brush-starter']);

  await page.goto('/en-gb/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your free download' })).toBeVisible();
  // Nothing to pay: no billing step, straight to placing the order.
  const placeOrder = page.locator('section[data-section="place-order"]');
  await expect(placeOrder).toHaveAttribute('data-state', 'active');
  // The sections a free order skips say so, rather than that they are waiting for a step.
  for (const skipped of ['billing-address', 'payment-details']) {
    await expect(page.locator(`section[data-section="${skipped}"]`)).toContainText('Not needed: this order is free.');
  }
  await placeOrder.getByRole('button', { name: 'Get my download link' }).click();

  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeFocused();
  const number = (await page.getByTestId('order-number').textContent()) as string;
  await expect(page.getByText(`We have sent a receipt to ${email}.`)).toBeVisible();
  const key = (await page.getByTestId('product-key').textContent()) as string;
  expect(key).toMatch(/^([A-Z0-9]{5}-){4}[A-Z0-9]{5}$/);
  const download = page.getByRole('link', { name: 'Download Brush Starter Pack' });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('brush-starter-any.txt');
  await expectNoSeriousAxeViolations(page);

  // The receipt went through the outbox to the local SMTP server.
  let receipt: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const messages = await (await request.get(`http://127.0.0.1:${mailPort}/messages?to=${encodeURIComponent(email)}`)).json();
      receipt = messages.find((message: { subject: string }) => message.subject.includes(number));
      return Boolean(receipt);
    }, { timeout: 20_000 })
    .toBe(true);
  expect(receipt?.text).toContain(key);

  await page.goto('/en-gb/account/orders/');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Complete');
  const [invoice] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: `Invoice for order ${number} (PDF)` }).click()]);
  expect(invoice.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  await expectNoSeriousAxeViolations(page);
  await page.goto('/en-gb/account/downloads/');
  await expect(page.getByTestId('product-key')).toHaveText(key);
  // Licences and downloads: the licence with its key, and its download beside it.
  await page.goto('/en-gb/account/licences/');
  const licence = page.getByRole('listitem').filter({ hasText: 'Brush Starter Pack' });
  await expect(licence).toContainText(key);
  const [again] = await Promise.all([page.waitForEvent('download'), licence.getByRole('link', { name: 'Download Brush Starter Pack' }).click()]);
  expect(again.suggestedFilename()).toBe('brush-starter-any.txt');
  await page.goto('/en-gb/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket is empty' })).toBeVisible();
});
