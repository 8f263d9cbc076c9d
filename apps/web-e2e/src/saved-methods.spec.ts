import { expect, payAndSaveCard, test } from './card-gateway';
import { addPayPalAccount, NO_SAVED_METHODS, savedMethodItem, savedMethodsOf, savedMethodsSection } from './saved-methods';
import { expectNoSeriousAxeViolations, XHR } from './support';

// Account details' 'Saved payment methods' with more than one method, in Chromium against the real
// API and the card sandbox: the list in the server's order (the default first, marked), a new default
// chosen by keyboard, removing the default passing it on, and a refusal leaving the list as it was.

test('several saved methods: the default first, a new default, removing the default passes it on, a refusal keeps the list', async ({ page, sandboxUrl }) => {
  // An order (to save the card) and the PayPal vault flow in one journey: more than one order's 30 s on a loaded machine.
  test.setTimeout(60_000);
  await payAndSaveCard(page);
  const listed = (await addPayPalAccount(page, sandboxUrl)).saved_methods;
  expect(listed.map((method) => method.kind).sort()).toEqual(['card', 'paypal']);
  expect(listed.map((method) => method.is_default)).toEqual([true, false]);
  const [first, second] = listed;

  await page.goto('/en-gb/account/details/');
  const section = savedMethodsSection(page);
  const items = section.getByRole('list').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAccessibleName(first.description);
  await expect(items.nth(0).getByText('Default', { exact: true })).toBeVisible();
  await expect(items.nth(0).getByRole('button', { name: /^Make default/ })).toHaveCount(0);
  await expect(items.nth(1)).toHaveAccessibleName(second.description);
  await expect(items.nth(1).getByText('Default', { exact: true })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // The second made the default from the keyboard: listed first, marked, focused and announced.
  await savedMethodItem(page, second.description).getByRole('button', { name: `Make default ${second.description}` }).focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(0)).toHaveAccessibleName(second.description);
  await expect(savedMethodItem(page, second.description)).toBeFocused();
  await expect(items.nth(0).getByText('Default', { exact: true })).toBeVisible();
  await expect(section.getByRole('status').filter({ hasText: `${second.description} is now your default payment method.` })).toHaveCount(1);
  await expect(savedMethodItem(page, first.description).getByRole('button', { name: `Make default ${first.description}` })).toBeVisible();
  expect((await savedMethodsOf(page)).saved_methods.map((method) => [method.reference, method.is_default])).toEqual([
    [second.reference, true],
    [first.reference, false],
  ]);

  // At 320 px nothing runs off the side.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing the default: the other one becomes it, the heading takes the focus.
  await savedMethodItem(page, second.description).getByRole('button', { name: `Remove ${second.description}` }).click();
  await expect(items).toHaveCount(1);
  await expect(section.getByRole('heading', { level: 2, name: 'Saved payment methods' })).toBeFocused();
  await expect(section.getByRole('status').filter({ hasText: `${second.description} has been removed. ${first.description} is now your default payment method.` })).toHaveCount(1);
  await expect(savedMethodItem(page, first.description).getByText('Default', { exact: true })).toBeVisible();

  // Removed meanwhile elsewhere (another tab): this page's removal is refused with its reason and the list stays as it was.
  expect((await page.request.delete(`/data/account/saved-methods/${first.reference}`, { headers: XHR })).ok()).toBe(true);
  const remove = savedMethodItem(page, first.description).getByRole('button', { name: `Remove ${first.description}` });
  const refused = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().endsWith(`/data/account/saved-methods/${first.reference}`));
  await remove.click();
  const answer = await refused;
  expect(answer.status()).toBe(404);
  const refusal = (await answer.json()) as { code: number; message: string };
  expect(refusal.code).toBe(404);
  await expect(page.getByRole('alert').filter({ hasText: refusal.message })).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(remove).not.toHaveAttribute('aria-busy', 'true');
  await page.reload();
  await expect(section.getByText(NO_SAVED_METHODS, { exact: false })).toBeVisible();
});
