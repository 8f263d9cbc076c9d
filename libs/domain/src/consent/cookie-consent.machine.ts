/** Cookies carry the store's short prefix (spec 1 §9). Our choice: the prefix and the names. */
export const COOKIE_PREFIX = 'afs_';
export const ALLOW_ANALYTICS_COOKIE = `${COOKIE_PREFIX}allow_analytics`;
export const MANAGE_COOKIES_VIEWED_COOKIE = `${COOKIE_PREFIX}manage_cookies_viewed`;

/** The calls the web app makes for a consent decision (spec 1 §7). */
export const CONSENT_CALLS = {
  allow: '/cookie-allow-analytics/',
  disallow: '/cookie-disallow-analytics/',
  viewed: '/cookie-settings-viewed/',
  scripts: '/cookie-analytics-scripts/',
} as const;

export type ConsentEffect =
  | { readonly type: 'put'; readonly url: (typeof CONSENT_CALLS)['allow' | 'disallow' | 'viewed'] }
  /** Fetch the analytics markup and append it to the page head. */
  | { readonly type: 'load-analytics-scripts'; readonly url: (typeof CONSENT_CALLS)['scripts'] };

export interface ConsentState {
  /** Analytics cookies allowed. */
  readonly analytics: boolean;
  /** The manage-cookies-viewed marker: a choice was made, so the notice stays hidden. */
  readonly viewed: boolean;
  readonly manageOpen: boolean;
  /** The analytics switch in the manage-cookies modal, before it is saved. */
  readonly analyticsSwitch: boolean;
}

export type ConsentEvent =
  | { readonly type: 'ACCEPT_ALL' }
  | { readonly type: 'REJECT_NON_ESSENTIAL' }
  | { readonly type: 'OPEN_MANAGE' }
  | { readonly type: 'CLOSE_MANAGE' }
  | { readonly type: 'SET_ANALYTICS_SWITCH'; readonly on: boolean }
  | { readonly type: 'SAVE_PREFERENCE' };

/** The state a visit starts in, from the two cookies. */
export function initialConsent(cookies: { readonly allowAnalytics: boolean; readonly viewed: boolean }): ConsentState {
  return { analytics: cookies.allowAnalytics, viewed: cookies.viewed, manageOpen: false, analyticsSwitch: cookies.allowAnalytics };
}

/** The notice shows until a choice has been made (spec 1 §4). */
export function noticeVisible(state: ConsentState): boolean {
  return !state.viewed;
}

const put = (url: (typeof CONSENT_CALLS)['allow' | 'disallow' | 'viewed']): ConsentEffect => ({ type: 'put', url });
const markViewed = (state: ConsentState): ConsentEffect[] => (state.viewed ? [] : [put(CONSENT_CALLS.viewed)]);

function allow(state: ConsentState): { state: ConsentState; effects: ConsentEffect[] } {
  return {
    state: { analytics: true, viewed: true, manageOpen: false, analyticsSwitch: true },
    effects: [put(CONSENT_CALLS.allow), ...markViewed(state), ...(state.analytics ? [] : [{ type: 'load-analytics-scripts', url: CONSENT_CALLS.scripts } as const])],
  };
}

function disallow(state: ConsentState): { state: ConsentState; effects: ConsentEffect[] } {
  return {
    state: { analytics: false, viewed: true, manageOpen: false, analyticsSwitch: false },
    effects: [put(CONSENT_CALLS.disallow), ...markViewed(state)],
  };
}

/**
 * Cookie consent as a pure state machine (spec 1 §4): the next state and the calls the browser
 * must make. Accepting allows analytics and marks the choice; rejecting pings the disallow call and
 * marks the choice if it was not; in the modal, Save stores the switch and the first save marks
 * the choice. Our choice: the modal's own Accept all and Reject non-essential also close it.
 */
export function consentReducer(state: ConsentState, event: ConsentEvent): { state: ConsentState; effects: ConsentEffect[] } {
  switch (event.type) {
    case 'ACCEPT_ALL':
      return allow(state);
    case 'REJECT_NON_ESSENTIAL':
      return disallow(state);
    case 'OPEN_MANAGE':
      return { state: { ...state, manageOpen: true, analyticsSwitch: state.analytics }, effects: [] };
    case 'CLOSE_MANAGE':
      return { state: { ...state, manageOpen: false, analyticsSwitch: state.analytics }, effects: [] };
    case 'SET_ANALYTICS_SWITCH':
      return { state: { ...state, analyticsSwitch: event.on }, effects: [] };
    case 'SAVE_PREFERENCE':
      return state.analyticsSwitch ? allow(state) : disallow(state);
  }
}

/** The analytics events the store may send (spec 1 §7). */
export const ANALYTICS_EVENTS = ['view_cart', 'login', 'begin_checkout', 'add_shipping_info', 'add_payment_info'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** Only whitelisted events, and only with consent. */
export function shouldSendAnalyticsEvent(name: string, analyticsAllowed: boolean): name is AnalyticsEvent {
  return analyticsAllowed && (ANALYTICS_EVENTS as readonly string[]).includes(name);
}
