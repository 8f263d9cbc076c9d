import type { ConsentJson } from '../contracts/consent.contract';

// Our choice: the two names (spec 1 §9 says only that both carry the store's short prefix, which the
// API's configuration holds).
/** The consent cookies' names for a store's cookie prefix. */
export const consentCookieNames = (prefix: string) => ({ allow: `${prefix}allow_analytics`, viewed: `${prefix}manage_cookies_viewed` }) as const;

/**
 * The consent calls of spec 1 §7; their payloads are not shown, so none is sent. savedChoice is ours:
 * the cookies are HttpOnly, so the page asks the server for the choice they hold.
 */
export const CONSENT_CALLS = {
  savedChoice: '/cookie-consent/',
  allowAnalytics: '/cookie-allow-analytics/',
  disallowAnalytics: '/cookie-disallow-analytics/',
  settingsViewed: '/cookie-settings-viewed/',
  analyticsScripts: '/cookie-analytics-scripts/',
} as const;

/** A call the web app makes for a transition; the machine itself does no I/O. */
export type ConsentEffect =
  | {
      readonly type: 'PUT';
      readonly path: (typeof CONSENT_CALLS)['allowAnalytics' | 'disallowAnalytics' | 'settingsViewed'];
    }
  /** GET the analytics markup and append it to the page head (spec 1 §7). */
  | { readonly type: 'LOAD_ANALYTICS_SCRIPTS'; readonly path: (typeof CONSENT_CALLS)['analyticsScripts'] };

export interface CookieConsentState {
  /** The saved analytics choice: null until the shopper has made one. */
  readonly analytics: boolean | null;
  /** The manage-cookies-viewed marker: a choice was made. */
  readonly viewed: boolean;
  /** The cookie notice bar; it shows until a choice is made (spec 1 §4). */
  readonly noticeVisible: boolean;
  /** The manage-cookies modal. */
  readonly manageOpen: boolean;
  /** The analytics switch in the modal, not saved until Save preference. */
  readonly analyticsSwitch: boolean;
}

export type CookieConsentEvent =
  | { readonly type: 'ACCEPT_ALL' }
  | { readonly type: 'REJECT_NON_ESSENTIAL' }
  | { readonly type: 'OPEN_MANAGE' }
  | { readonly type: 'CLOSE_MANAGE' }
  | { readonly type: 'SET_ANALYTICS'; readonly on: boolean }
  | { readonly type: 'SAVE_PREFERENCE' };

export interface CookieConsentTransition {
  readonly state: CookieConsentState;
  readonly effects: readonly ConsentEffect[];
}

const put = (path: Extract<ConsentEffect, { type: 'PUT' }>['path']): ConsentEffect => ({ type: 'PUT', path });
const loadScripts: ConsentEffect = { type: 'LOAD_ANALYTICS_SCRIPTS', path: CONSENT_CALLS.analyticsScripts };

/** The consent a visit starts with, from the saved choice as the server read it. */
export function initialCookieConsent(saved: ConsentJson): CookieConsentState {
  return {
    analytics: saved.analytics,
    viewed: saved.viewed,
    noticeVisible: !saved.viewed,
    manageOpen: false,
    // Our choice: with no saved choice the switch starts off, so nothing non-essential is on by default.
    analyticsSwitch: saved.analytics === true,
  };
}

// Our choice: the cookie values 'true' and 'false'; any other value counts as no choice.
/** Reads the two consent cookies of a request (the API is their only reader: they are HttpOnly). */
export function readConsentCookies(cookies: Readonly<Record<string, unknown>>, prefix: string): ConsentJson {
  const names = consentCookieNames(prefix);
  const allow = cookies[names.allow];
  return { analytics: allow === 'true' ? true : allow === 'false' ? false : null, viewed: cookies[names.viewed] === 'true' };
}

/** The calls a page load needs: analytics scripts are loaded only when analytics was allowed before. */
export function consentEffectsOnLoad(state: CookieConsentState): readonly ConsentEffect[] {
  return state.analytics === true ? [loadScripts] : [];
}

/**
 * Stores a choice: the allow or disallow call alone, whose answer also sets the viewed marker (one
 * request stores the whole choice, so no page load can fall between its halves), and the scripts
 * when analytics has just been switched on. Any choice hides the notice.
 */
// Our choice: a choice also closes the modal, since the modal's job is done.
function choose(state: CookieConsentState, analytics: boolean): CookieConsentTransition {
  const effects: ConsentEffect[] = [put(analytics ? CONSENT_CALLS.allowAnalytics : CONSENT_CALLS.disallowAnalytics)];
  if (analytics && state.analytics !== true) effects.push(loadScripts);
  return {
    state: { analytics, viewed: true, noticeVisible: false, manageOpen: false, analyticsSwitch: analytics },
    effects,
  };
}

const unchanged = (state: CookieConsentState): CookieConsentTransition => ({ state, effects: [] });

/**
 * Cookie consent as a pure state machine (spec 1 §4): the next state and the calls the web app
 * must make. Accept all allows analytics; Reject non-essential pings the disallow call; Save
 * preference stores the modal's switch. Each marks the choice as viewed the first time, which
 * hides the notice.
 */
export function cookieConsentReducer(state: CookieConsentState, event: CookieConsentEvent): CookieConsentTransition {
  switch (event.type) {
    case 'ACCEPT_ALL':
      return choose(state, true);
    case 'REJECT_NON_ESSENTIAL':
      return choose(state, false);
    case 'OPEN_MANAGE':
      return { state: { ...state, manageOpen: true, analyticsSwitch: state.analytics === true }, effects: [] };
    case 'CLOSE_MANAGE':
      // Our choice: closing without saving drops the switch, as a cancelled dialog does.
      return { state: { ...state, manageOpen: false, analyticsSwitch: state.analytics === true }, effects: [] };
    case 'SET_ANALYTICS':
      // Our choice: the switch exists only in the open modal; elsewhere the event is ignored.
      return state.manageOpen ? { state: { ...state, analyticsSwitch: event.on }, effects: [] } : unchanged(state);
    case 'SAVE_PREFERENCE':
      return state.manageOpen ? choose(state, state.analyticsSwitch) : unchanged(state);
  }
}
