import type { Page } from '@playwright/test';
import { expect, test } from './card-gateway';
import { addToBasket, createAccount, fillBillingAddress } from './support';

// The waiting overlay (spec 2 §4) says what the store is doing once a wait is long enough to see;
// a quick step is blocked but flashes nothing, and 'Done' follows only a wait that was shown.

interface OverlayChange {
  readonly at: number;
  readonly state: string;
  readonly text: string;
}

/** Records every state the overlay passes through, with the time, from inside the page. */
async function watchOverlay(page: Page): Promise<void> {
  await page.evaluate(() => {
    const overlay = document.querySelector('.waiting-overlay') as HTMLElement;
    const changes: { at: number; state: string; text: string }[] = [];
    (window as unknown as { overlayChanges: typeof changes }).overlayChanges = changes;
    const record = () => {
      const last = changes[changes.length - 1];
      const state = overlay.dataset.state ?? '';
      const text = overlay.textContent ?? '';
      if (!last || last.state !== state || last.text !== text) changes.push({ at: performance.now(), state, text });
    };
    record();
    new MutationObserver(record).observe(overlay, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

const overlayChanges = (page: Page) => page.evaluate(() => (window as unknown as { overlayChanges: OverlayChange[] }).overlayChanges);

async function atBilling(page: Page) {
  await createAccount(page.request, { firstName: 'Wendy', lastName: 'Waits' });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/?stage=billing');
  const form = page.getByRole('form', { name: 'Billing address' });
  await fillBillingAddress(form, { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' });
  await watchOverlay(page);
  return form;
}

const payment = (page: Page) => page.locator('section[data-section="payment-details"]');

test('a step slower than the threshold shows its message, then Done, and a second click sends nothing twice', async ({ page }) => {
  const form = await atBilling(page);
  // Saving the address and choosing the gateway, the step's two waits, each made slow.
  let saves = 0;
  let decisions = 0;
  await page.route('**/data/checkout/', async (route) => {
    if (route.request().postData()?.includes('CREATE_CUSTOMER_INVOICE_ADDRESS')) {
      saves += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue();
  });
  await page.route('**/data/determine-gateway/', async (route) => {
    decisions += 1;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Continue' }).click();
  const overlay = page.locator('.waiting-overlay');
  await expect(overlay).toHaveAttribute('data-state', 'visible');
  await expect(overlay).toHaveText('Updating checkout');
  // The page is blocked while it waits: a second click lands on the overlay, not on Continue.
  await page.mouse.click(10, 10);
  await form.getByRole('button', { name: 'Continue' }).click({ force: true, timeout: 1000 }).catch(() => undefined);
  await expect(overlay).toHaveAttribute('data-state', 'closing');
  await expect(overlay).toHaveText('Done');
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  expect([saves, decisions]).toEqual([1, 1]);
});

test('a quick step is blocked unseen: no message and no Done unless the wait outlasted the threshold', async ({ page }) => {
  const form = await atBilling(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await expect(page.locator('.waiting-overlay')).toHaveAttribute('data-state', /idle|closing/);
  const changes = await overlayChanges(page);
  // Each wait starts blocked and unseen; a message or 'Done' appears only after 400 ms of it.
  const states = changes.map((change) => change.state);
  expect(states).toContain('blocking');
  for (let i = 0; i < changes.length; i += 1) {
    if (changes[i].state !== 'visible') continue;
    const started = [...changes.slice(0, i)].reverse().find((change) => change.state === 'blocking');
    expect(started).toBeDefined();
    expect(changes[i].at - (started as OverlayChange).at).toBeGreaterThanOrEqual(390);
  }
  for (let i = 0; i < changes.length; i += 1) {
    if (changes[i].state === 'closing') expect(states.slice(0, i)).toContain('visible');
    if (changes[i].state === 'blocking') expect(changes[i].text).toBe('');
  }
});
