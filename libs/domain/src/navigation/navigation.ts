import { DEFAULT_LOCALE } from '../reference/locales';

/** The full-screen menu (spec 1 §4): opening and closing are animated states of their own. */
export type MenuState = 'opening' | 'open' | 'closing' | 'closed';
export type MenuEvent =
  | { readonly type: 'OPEN' }
  | { readonly type: 'OPENED' }
  | { readonly type: 'CLOSE' }
  | { readonly type: 'CLOSED' }
  | { readonly type: 'ESCAPE' }
  | { readonly type: 'LINK'; readonly current: boolean; readonly external: boolean };

export type MenuAction = 'none' | 'navigate' | 'open-in-new-tab';

/**
 * Escape closes the menu; a link to the current page closes it; other links navigate (external
 * ones in a new tab, leaving the menu as it is). Events that make no sense in a state are ignored.
 */
export function menuTransition(state: MenuState, event: MenuEvent): { state: MenuState; action: MenuAction } {
  const isOpen = state === 'open' || state === 'opening';
  switch (event.type) {
    case 'OPEN':
      return { state: isOpen ? state : 'opening', action: 'none' };
    case 'OPENED':
      return { state: state === 'opening' ? 'open' : state, action: 'none' };
    case 'CLOSE':
    case 'ESCAPE':
      return { state: isOpen ? 'closing' : state, action: 'none' };
    case 'CLOSED':
      return { state: state === 'closing' ? 'closed' : state, action: 'none' };
    case 'LINK':
      if (event.external) return { state, action: 'open-in-new-tab' };
      if (event.current) return { state: isOpen ? 'closing' : state, action: 'none' };
      return { state: isOpen ? 'closing' : state, action: 'navigate' };
  }
}

/** External links open in a new tab with no opener and no referrer (spec 1 §2). */
export function linkAttributes(external: boolean): { target?: '_blank'; rel?: 'noopener noreferrer' } {
  return external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

function storeUrl(storeBase: string, locale: string, path: string, redirect?: string): string {
  const base = storeBase.endsWith('/') ? storeBase : `${storeBase}/`;
  const url = `${base}${locale}/${path}`;
  return redirect ? `${url}?redirect=${encodeURIComponent(redirect)}` : url;
}

export interface AccountMenuLink {
  readonly key: 'account' | 'orders' | 'licences' | 'downloads' | 'details' | 'help' | 'sign-out';
  readonly label: string;
  readonly href: string;
}

// Our choice: the menu labels (spec 1 §2 names the pages, not the words).
const ACCOUNT_LINKS: readonly [AccountMenuLink['key'], string, string][] = [
  ['account', 'Account', 'account/'],
  ['orders', 'Order history', 'account/orders/'],
  ['licences', 'Licences and downloads', 'account/licences/'],
  ['downloads', 'Downloads and product keys', 'account/downloads/'],
  ['details', 'Account details', 'account/details/'],
  ['help', 'Help', 'help/'],
  ['sign-out', 'Sign out', 'sign-out/'],
];

/** The account menu of a signed-in customer, from the store base address and locale (spec 1 §2). */
export function accountMenuLinks(storeBase: string, locale: string = DEFAULT_LOCALE.urlFriendly, signOutRedirect?: string): AccountMenuLink[] {
  return ACCOUNT_LINKS.map(([key, label, path]) => ({
    key,
    label,
    href: storeUrl(storeBase, locale, path, key === 'sign-out' ? signOutRedirect : undefined),
  }));
}

/** Where the account button sends a visitor: sign-in, coming back afterwards (spec 1 §2). */
export function signInLink(storeBase: string, locale: string = DEFAULT_LOCALE.urlFriendly, redirect?: string): string {
  return storeUrl(storeBase, locale, 'sign-in/', redirect);
}
