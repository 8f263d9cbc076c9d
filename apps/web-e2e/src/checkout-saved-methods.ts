import type { Locator, Page } from '@playwright/test';
import type { SavedMethodJson } from '@store/domain';
import { XHR } from './support';

/** The card gateway's option holding every saved payment method (the spec's saved card among them). */
export const SAVED_METHODS_OPTION = 'Saved payment methods';

/** The list of saved methods inside that option: one radio each, named by the method's description. */
export const savedMethodList = (section: Locator): Locator => section.getByRole('group', { name: 'Choose a saved payment method' });

/** One saved method's radio, by its description (with ' (default)' on the default, and a reason on one that cannot pay). */
export const savedMethod = (section: Locator, name: string | RegExp): Locator =>
  savedMethodList(section).getByRole('radio', typeof name === 'string' ? { name, exact: true } : { name });

/** The saved methods the card gateway's set-up offers for the shopper's current basket, as the page reads them. */
export async function checkoutSavedMethods(page: Page): Promise<SavedMethodJson[]> {
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const checkout = await (await page.request.get(`/data/braintree-checkout/?basket_ref=${session.data.basket?.reference ?? ''}`, { headers: XHR })).json();
  return checkout.data.saved_methods ?? [];
}
