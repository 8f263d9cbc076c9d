import { DEFAULT_LOCALE } from '../reference/locales';

/** The locale of store links when none is given (spec 1 §2). */
export const DEFAULT_LINK_LOCALE = DEFAULT_LOCALE.urlFriendly;

// Our choice: the query parameter that carries the address to come back to.
const REDIRECT_PARAMETER = 'redirect';

function storeLink(storeBase: string, locale: string, path: string, redirect?: string): string {
  const base = storeBase.replace(/\/+$/, '');
  const href = `${base}/${locale}/${path}`;
  return redirect ? `${href}?${REDIRECT_PARAMETER}=${encodeURIComponent(redirect)}` : href;
}

export type AccountMenuKey = 'account' | 'orders' | 'licences' | 'downloads' | 'details' | 'help' | 'sign-out';

export interface AccountMenuLink {
  readonly key: AccountMenuKey;
  readonly label: string;
  readonly href: string;
}

// Our choice: the labels; spec 1 §2 names the pages, not the words.
const ACCOUNT_MENU: readonly { readonly key: AccountMenuKey; readonly label: string; readonly path: string }[] = [
  { key: 'account', label: 'Account', path: 'account/' },
  { key: 'orders', label: 'Order history', path: 'account/orders/' },
  { key: 'licences', label: 'Licences and downloads', path: 'account/licences/' },
  { key: 'downloads', label: 'Downloads and product keys', path: 'account/downloads/' },
  { key: 'details', label: 'Account details', path: 'account/details/' },
  { key: 'help', label: 'Help', path: 'help/' },
  { key: 'sign-out', label: 'Sign out', path: 'sign-out/' },
];

/**
 * The header account menu of a signed-in customer, built from the store base address and locale
 * (spec 1 §2). Only sign-out carries the redirect, the page to return to after signing out.
 */
export function accountMenuLinks(storeBase: string, locale: string = DEFAULT_LINK_LOCALE, redirect?: string): readonly AccountMenuLink[] {
  return ACCOUNT_MENU.map(({ key, label, path }) => ({
    key,
    label,
    href: storeLink(storeBase, locale, path, key === 'sign-out' ? redirect : undefined),
  }));
}

/** Where the account button sends a visitor: sign-in, with the page to come back to (spec 1 §2). */
export function signInLink(storeBase: string, locale: string = DEFAULT_LINK_LOCALE, redirect?: string): string {
  return storeLink(storeBase, locale, 'sign-in/', redirect);
}
