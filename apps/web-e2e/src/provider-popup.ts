import { expect, type Locator, type Page } from '@playwright/test';

/** What opening a braintree-web module's own popup waits for. */
export interface ProviderPopup {
  /** The client API call the module makes while the window opens, whose answer points the window at the provider. */
  readonly setUpCall: string;
  /** The button that opens it. */
  readonly opener: Locator;
  /** The module's landing frame's words, shown while the window waits for the provider. */
  readonly loading: string;
  /** The provider's page's heading, once the window has reached it. */
  readonly heading: string;
}

/**
 * Opens a provider's window from the page (Masterpass, classic PayPal, vault-initiated checkout):
 * braintree-web asks for its set-up while the window is still opening and then points the window at
 * the provider. In Chromium that navigation is lost if the window's first page has not started
 * loading (the routed test hosts are slower than a CDN), so the set-up's answer waits for that page.
 */
export async function openProviderPopup(page: Page, popup: ProviderPopup): Promise<Page> {
  const pattern = `**/client_api/v1/${popup.setUpCall}`;
  let windowOpen = () => {};
  const opening = new Promise<void>((resolve) => (windowOpen = resolve));
  await page.route(pattern, async (route) => {
    await opening;
    await route.fallback();
  });
  const opened = page.waitForEvent('popup');
  await popup.opener.click();
  const window = await opened;
  // The window's first page (the module's landing frame) has loaded: now the provider can replace it.
  await expect(window.getByText(popup.loading)).toBeVisible({ timeout: 15_000 });
  windowOpen();
  await expect(window.getByRole('heading', { name: popup.heading })).toBeVisible({ timeout: 15_000 });
  await page.unroute(pattern);
  return window;
}
