import type { Page, Route } from '@playwright/test';
import { CONFIGURED_SCRIPT_LOAD_TIMEOUT_MS } from '../playwright.config';
import { expect } from './card-gateway';

// What the load-limit tests share: requests held as a stalled connection would hold them, and the
// payment section's give-up (spec 2 §9) against the 'configured' store's shortened limit.

const LIMIT = CONFIGURED_SCRIPT_LOAD_TIMEOUT_MS;
const payment = (page: Page) => page.locator('section[data-section="payment-details"]');
/** The payment section's problem notice, with its Retry. */
export const loadProblem = (page: Page) => payment(page).getByTestId('payment-methods-problem');
const snackbar = (page: Page) => page.locator('.snackbar__message');

/** Holds every request the pattern matches, unanswered, until released. */
export async function hold(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  const handler = (route: Route) => void held.push(route);
  await page.route(pattern, handler);
  return {
    held,
    /** The connection recovers: the held requests are answered and new ones go straight through. */
    release: async () => {
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(pattern, handler);
    },
  };
}

/** The failure, no sooner than the limit and not long after it; the waiting overlay is gone. */
export async function expectGivenUp(page: Page, since: number) {
  await expect(loadProblem(page)).toContainText('There was a problem obtaining payment methods', { timeout: LIMIT + 10_000 });
  expect(Date.now() - since).toBeGreaterThanOrEqual(LIMIT - 1_000);
  await expect(loadProblem(page)).toContainText('If you are browsing privately, please try again in a normal window.');
  await expect(snackbar(page)).toHaveAttribute('data-code', '310001');
  await expect(page.locator('.waiting-overlay')).toHaveAttribute('data-state', /idle|closing/);
  await expect(loadProblem(page).getByRole('button', { name: 'Retry' })).toBeVisible();
}
