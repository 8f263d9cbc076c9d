import type { Page } from '@playwright/test';
import { expect, test } from './card-gateway';
import { addToBasket, createAccount, fillBillingAddress } from './support';

// The waiting overlay (spec 2 §4) says what the store is doing once a wait is long enough to see;
// a quick step is blocked but flashes nothing, and 'Done' follows only a wait that was shown.

interface OverlayChange {
  readonly at: number;
  readonly state: string;
  readonly text: string;
  /** When the wait under way began, as the page wrote it on the overlay (its render may trail it). */
  readonly since: number | null;
}

/** Records every state the overlay passes through, with the time, from inside the page. */
async function watchOverlay(page: Page): Promise<void> {
  await page.evaluate(() => {
    const overlay = document.querySelector('.waiting-overlay') as HTMLElement;
    const changes: { at: number; state: string; text: string; since: number | null }[] = [];
    (window as unknown as { overlayChanges: typeof changes }).overlayChanges = changes;
    const record = () => {
      const last = changes[changes.length - 1];
      const state = overlay.dataset.state ?? '';
      const text = overlay.textContent ?? '';
      const since = overlay.dataset.waitingSince ? Number(overlay.dataset.waitingSince) : null;
      if (!last || last.state !== state || last.text !== text) changes.push({ at: performance.now(), state, text, since });
    };
    record();
    new MutationObserver(record).observe(overlay, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

const overlayChanges = (page: Page) => page.evaluate(() => (window as unknown as { overlayChanges: OverlayChange[] }).overlayChanges);

/**
 * Each wait starts blocked and unseen; its message appears only after 400 ms of it. Measured from
 * the wait's own start: the observer records 'blocking' only once it is rendered, which on a busy
 * machine trails the start by a frame or more.
 */
function expectShownOnlyAfterThreshold(changes: readonly OverlayChange[]): void {
  for (let i = 0; i < changes.length; i += 1) {
    if (changes[i].state !== 'visible') continue;
    expect(changes.slice(0, i).map((change) => change.state)).toContain('blocking');
    expect(changes[i].since).not.toBeNull();
    expect(changes[i].at - (changes[i].since as number)).toBeGreaterThanOrEqual(399);
  }
}

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
  page.on('console', (m) => { if (m.text().startsWith('DBG')) console.log(m.text()); });
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
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await expect(overlay).toHaveAttribute('data-state', 'idle');
  expect([saves, decisions]).toEqual([1, 1]);
  // Read from the record, not live: the payment step's own quick wait follows at once and 'Done'
  // stays up through it (the page blocked meanwhile), so it may be 'closing' for less than a poll.
  const changes = await overlayChanges(page);
  const lastShown = changes.map((change) => change.state).lastIndexOf('visible');
  expect(lastShown).toBeGreaterThan(-1);
  expect(changes[lastShown + 1]).toMatchObject({ text: 'Done' });
  expect(['closing', 'blocking']).toContain(changes[lastShown + 1].state);
  expectShownOnlyAfterThreshold(changes);
});

test('a quick step is blocked unseen: no message and no Done unless the wait outlasted the threshold', async ({ page }) => {
  const form = await atBilling(page);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await expect(page.locator('.waiting-overlay')).toHaveAttribute('data-state', /idle|closing/);
  const changes = await overlayChanges(page);
  const states = changes.map((change) => change.state);
  expect(states).toContain('blocking');
  expectShownOnlyAfterThreshold(changes);
  for (let i = 0; i < changes.length; i += 1) {
    if (changes[i].state === 'closing') expect(states.slice(0, i)).toContain('visible');
    // A blocked page says nothing, unless a 'Done' after a shown wait is still up.
    if (changes[i].state === 'blocking' && changes[i].text !== '') expect(states.slice(0, i)).toContain('visible');
  }
});

test('a wait whose answer comes in the same stalled moment as its threshold closes without a Done nobody saw', async ({ page }) => {
  const form = await atBilling(page);
  // The main thread is stalled past the threshold while the answer arrives, so the show timer and
  // the answer are both due when it frees: the message may never be drawn, and then no 'Done' is.
  await page.route('**/data/determine-gateway/', async (route) => {
    void page.evaluate(() => {
      const end = performance.now() + 900;
      while (performance.now() < end) {
        // stalled, as a busy phone would be
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await expect(page.locator('.waiting-overlay')).toHaveAttribute('data-state', 'idle');
  const changes = await overlayChanges(page);
  const states = changes.map((change) => change.state);
  for (let i = 0; i < changes.length; i += 1) {
    if (changes[i].state === 'closing') expect(states.slice(0, i)).toContain('visible');
  }
});
