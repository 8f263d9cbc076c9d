import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import type { SavedMethodJson } from '@store/domain';
import { expect, paymentSection } from './card-gateway';
import { savedMethodsOf, savedMethodsSection } from './saved-methods';
import { ariaNodes, ariaNodesOf, XHR } from './support';

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

/** The vault token the sandbox charged for an order: the sale that saved a method names the token it saved. */
export async function vaultTokenCharged(request: APIRequestContext, sandboxUrl: string, orderNumber: string): Promise<string> {
  const sales = (await (await request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as Array<{ orderId: string | null; paymentMethodToken: string | null }>;
  const own = sales.filter((sale) => sale.orderId?.startsWith(orderNumber));
  expect(own).toHaveLength(1);
  expect(own[0].paymentMethodToken).toEqual(expect.any(String));
  return own[0].paymentMethodToken as string;
}

/** The PLACE_ORDER call's body, as the page sends it (a form with the payload as JSON under `body`); null for any other call. */
export function placeOrderPayload(request: Request): Record<string, unknown> | null {
  if (!request.url().includes('/data/checkout/') || request.method() !== 'POST') return null;
  const form = new URLSearchParams(request.postData() ?? '');
  return form.get('action') === 'PLACE_ORDER' ? (JSON.parse(form.get('body') ?? '{}') as Record<string, unknown>) : null;
}

// Our words beside a method the checkout lists but cannot offer.
const REASONS: Readonly<Record<SavedMethodJson['state'], string>> = { usable: '', expired: ' – Expired', invalid: ' – No longer available' };

/** A saved method's radio at the checkout, as a screen reader names it: its description, the default marked, the reason it cannot pay. */
export const checkoutRadioName = (method: SavedMethodJson): string => `${method.description}${method.is_default ? ' (default)' : ''}${REASONS[method.state]}`;

/**
 * Opens the checkout on the saved methods (the option the section opens on while one can pay) and
 * returns the payment section, without waiting for the card form's frames: a step that only reads
 * the list needs none of them, and typing into a frame waits for it anyway.
 */
export async function openSavedMethods(page: Page): Promise<Locator> {
  await page.goto('/en-gb/checkout/');
  const payment = paymentSection(page);
  await expect(payment.getByRole('radio', { name: SAVED_METHODS_OPTION })).toBeChecked({ timeout: 15_000 });
  return payment;
}

/** What both pages must agree on for each method: which one, in what order, the default, and whether it can pay. */
const agreed = ({ reference, description, is_default, state }: SavedMethodJson) => ({ reference, description, is_default, state });

/** Account details' saved methods as a screen reader meets them: each item's name, whether it is marked the default, and its buttons. */
async function accountPageEntries(account: Page) {
  return ariaNodesOf(await ariaNodes(savedMethodsSection(account).getByRole('list')), 'listitem').map((item) => ({
    name: item.name,
    isDefault: ariaNodesOf(item.children, 'paragraph').some((paragraph) => paragraph.text.endsWith(' Default')),
    buttons: ariaNodesOf(item.children, 'button').map((button) => button.name),
  }));
}

/** The checkout's saved methods as a screen reader meets them: each radio's name, and whether it is chosen or disabled. */
async function checkoutEntries(payment: Locator) {
  return ariaNodesOf(await ariaNodes(savedMethodList(payment)), 'radio').map((radio) => ({
    name: radio.name,
    checked: radio.states.includes('checked'),
    disabled: radio.states.includes('disabled'),
  }));
}

/** Account details lists these methods in this order by their descriptions: the default marked, 'Make default' only on a usable other one. */
async function expectAccountPageLists(account: Page, listed: readonly SavedMethodJson[], reload: boolean): Promise<void> {
  if (reload) await account.goto('/en-gb/account/details/');
  const expected = listed.map((method) => ({
    name: method.description,
    isDefault: method.is_default,
    buttons: [...(!method.is_default && method.state === 'usable' ? [`Make default ${method.description}`] : []), `Remove ${method.description}`],
  }));
  await expect.poll(() => accountPageEntries(account)).toEqual(expected);
}

/** The checkout, loaded afresh, lists these methods in this order: one that cannot pay disabled with its reason, the default chosen (else the first that can pay). */
async function expectCheckoutLists(checkout: Page, listed: readonly SavedMethodJson[]): Promise<void> {
  const payment = await openSavedMethods(checkout);
  const chosen = listed.find((method) => method.is_default && method.state === 'usable') ?? listed.find((method) => method.state === 'usable');
  const expected = listed.map((method) => ({ name: checkoutRadioName(method), checked: method === chosen, disabled: method.state !== 'usable' }));
  await expect.poll(() => checkoutEntries(payment)).toEqual(expected);
}

/**
 * The account page and the checkout (two tabs of one shopper, the checkout at a basket every method
 * fits) show the same saved methods in the same order with the same default: the two JSON answers
 * are compared, then each page against them by accessible names. The checkout is loaded afresh (and
 * left on the saved methods); so is the account page, unless the step was taken there
 * (`accountAsShown`): it then shows the server's answer to that step, and is read as it is.
 * Returns the list.
 */
export async function expectPagesAgree(account: Page, checkout: Page, options: { accountAsShown?: boolean } = {}): Promise<readonly SavedMethodJson[]> {
  const listed = (await savedMethodsOf(account)).saved_methods;
  expect((await checkoutSavedMethods(checkout)).map(agreed)).toEqual(listed.map(agreed));
  expect(listed.length).toBeGreaterThan(0);
  // The two tabs are independent: each is read while the other loads.
  await Promise.all([expectAccountPageLists(account, listed, !options.accountAsShown), expectCheckoutLists(checkout, listed)]);
  return listed;
}
