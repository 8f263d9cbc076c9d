import fc from 'fast-check';
import {
  CONSENT_CALLS,
  consentCookieNames,
  consentEffectsOnLoad,
  cookieConsentReducer,
  initialCookieConsent,
  readConsentCookies,
  type ConsentEffect,
  type CookieConsentEvent,
  type CookieConsentState,
} from './cookie-consent.machine';

const ALLOW = '/cookie-allow-analytics/';
const DISALLOW = '/cookie-disallow-analytics/';
const VIEWED = '/cookie-settings-viewed/';
const SCRIPTS = '/cookie-analytics-scripts/';

const fresh = initialCookieConsent({ analytics: null, viewed: false });
const allowed = initialCookieConsent({ analytics: true, viewed: true });
const refused = initialCookieConsent({ analytics: false, viewed: true });
const managingFresh: CookieConsentState = { ...fresh, manageOpen: true };
const managingFreshOn: CookieConsentState = { ...fresh, manageOpen: true, analyticsSwitch: true };
const managingAllowedOff: CookieConsentState = { ...allowed, manageOpen: true, analyticsSwitch: false };

const paths = (effects: readonly ConsentEffect[]) => effects.map((effect) => `${effect.type === 'PUT' ? 'PUT' : 'GET'} ${effect.path}`);

describe('cookie names and cookies', () => {
  it('carry the store prefix', () => {
    expect(consentCookieNames('afs_')).toEqual({ allow: 'afs_allow_analytics', viewed: 'afs_manage_cookies_viewed' });
    expect(consentCookieNames('shop_')).toEqual({ allow: 'shop_allow_analytics', viewed: 'shop_manage_cookies_viewed' });
  });

  it('are the calls of spec 1 §7, and ours for the saved choice', () => {
    expect(CONSENT_CALLS).toEqual({ savedChoice: '/cookie-consent/', allowAnalytics: ALLOW, disallowAnalytics: DISALLOW, settingsViewed: VIEWED, analyticsScripts: SCRIPTS });
  });

  it.each<[Record<string, string | undefined>, { analytics: boolean | null; viewed: boolean }]>([
    [{}, { analytics: null, viewed: false }],
    [{ afs_allow_analytics: 'true', afs_manage_cookies_viewed: 'true' }, { analytics: true, viewed: true }],
    [{ afs_allow_analytics: 'false', afs_manage_cookies_viewed: 'true' }, { analytics: false, viewed: true }],
    [{ afs_allow_analytics: 'yes', afs_manage_cookies_viewed: '1' }, { analytics: null, viewed: false }],
    [{ allow_analytics: 'true' }, { analytics: null, viewed: false }],
    // Another store's prefix is not ours.
    [{ shop_allow_analytics: 'true', shop_manage_cookies_viewed: 'true' }, { analytics: null, viewed: false }],
  ])('reads %j as %j', (cookies, read) => {
    expect(readConsentCookies(cookies, 'afs_')).toEqual(read);
  });

  it('reads the cookies of the configured prefix', () => {
    expect(readConsentCookies({ shop_allow_analytics: 'false', shop_manage_cookies_viewed: 'true' }, 'shop_')).toEqual({ analytics: false, viewed: true });
  });

  it('starts with the notice shown until a choice was made, the switch off without consent', () => {
    expect(fresh).toEqual({ analytics: null, viewed: false, noticeVisible: true, manageOpen: false, analyticsSwitch: false });
    expect(allowed).toEqual({ analytics: true, viewed: true, noticeVisible: false, manageOpen: false, analyticsSwitch: true });
    expect(refused).toEqual({ analytics: false, viewed: true, noticeVisible: false, manageOpen: false, analyticsSwitch: false });
  });

  it('loads the analytics scripts on a page load only with consent', () => {
    expect(paths(consentEffectsOnLoad(allowed))).toEqual([`GET ${SCRIPTS}`]);
    expect(consentEffectsOnLoad(refused)).toEqual([]);
    expect(consentEffectsOnLoad(fresh)).toEqual([]);
  });
});

describe('cookieConsentReducer: every transition', () => {
  it.each<[string, CookieConsentState, CookieConsentEvent, CookieConsentState, string[]]>([
    // Accept all
    ['notice: Accept all', fresh, { type: 'ACCEPT_ALL' }, allowed, [`PUT ${ALLOW}`, `GET ${SCRIPTS}`]],
    ['modal: Accept all closes it', managingFresh, { type: 'ACCEPT_ALL' }, allowed, [`PUT ${ALLOW}`, `GET ${SCRIPTS}`]],
    ['Accept all after refusing', { ...refused, manageOpen: true }, { type: 'ACCEPT_ALL' }, allowed, [`PUT ${ALLOW}`, `GET ${SCRIPTS}`]],
    ['Accept all when already allowed: scripts not loaded twice', allowed, { type: 'ACCEPT_ALL' }, allowed, [`PUT ${ALLOW}`]],
    // Reject non-essential
    ['notice: Reject non-essential', fresh, { type: 'REJECT_NON_ESSENTIAL' }, refused, [`PUT ${DISALLOW}`]],
    ['modal: Reject non-essential turns analytics off', { ...allowed, manageOpen: true }, { type: 'REJECT_NON_ESSENTIAL' }, refused, [`PUT ${DISALLOW}`]],
    ['Reject again still pings disallow', refused, { type: 'REJECT_NON_ESSENTIAL' }, refused, [`PUT ${DISALLOW}`]],
    // Open and close the modal
    ['Manage cookies opens the modal, switch off', fresh, { type: 'OPEN_MANAGE' }, managingFresh, []],
    ['the switch opens showing the saved consent', allowed, { type: 'OPEN_MANAGE' }, { ...allowed, manageOpen: true }, []],
    ['closing drops an unsaved switch', managingAllowedOff, { type: 'CLOSE_MANAGE' }, allowed, []],
    ['closing before any choice keeps the notice', managingFreshOn, { type: 'CLOSE_MANAGE' }, fresh, []],
    // The switch
    ['the switch changes only the switch', managingFresh, { type: 'SET_ANALYTICS', on: true }, managingFreshOn, []],
    ['the switch is ignored while the modal is closed', fresh, { type: 'SET_ANALYTICS', on: true }, fresh, []],
    // Save preference
    ['first save with the switch on', managingFreshOn, { type: 'SAVE_PREFERENCE' }, allowed, [`PUT ${ALLOW}`, `GET ${SCRIPTS}`]],
    ['first save with the switch off', managingFresh, { type: 'SAVE_PREFERENCE' }, refused, [`PUT ${DISALLOW}`]],
    ['a later save turning analytics off', managingAllowedOff, { type: 'SAVE_PREFERENCE' }, refused, [`PUT ${DISALLOW}`]],
    ['save is ignored while the modal is closed', fresh, { type: 'SAVE_PREFERENCE' }, fresh, []],
  ])('%s', (_name, state, event, next, effects) => {
    const transition = cookieConsentReducer(state, event);
    expect(transition.state).toEqual(next);
    expect(paths(transition.effects)).toEqual(effects);
  });
});

describe('cookieConsentReducer: properties', () => {
  const events = fc.constantFrom<CookieConsentEvent>(
    { type: 'ACCEPT_ALL' },
    { type: 'REJECT_NON_ESSENTIAL' },
    { type: 'OPEN_MANAGE' },
    { type: 'CLOSE_MANAGE' },
    { type: 'SET_ANALYTICS', on: true },
    { type: 'SET_ANALYTICS', on: false },
    { type: 'SAVE_PREFERENCE' },
  );
  const starts = fc.constantFrom(fresh, allowed, refused, initialCookieConsent({ analytics: true, viewed: false }));

  it('hides the notice exactly when the choice was viewed, after any sequence', () => {
    fc.assert(
      fc.property(starts, fc.array(events, { maxLength: 25 }), (start, sequence) => {
        let state = start;
        for (const event of sequence) {
          state = cookieConsentReducer(state, event).state;
          expect(state.noticeVisible).toBe(!state.viewed);
        }
      }),
    );
  });

  it('stores every choice with one call, which also marks it viewed, and never unmarks it', () => {
    fc.assert(
      fc.property(starts, fc.array(events, { maxLength: 25 }), (start, sequence) => {
        let state = start;
        for (const event of sequence) {
          const { state: next, effects } = cookieConsentReducer(state, event);
          const puts = effects.filter((effect) => effect.type === 'PUT');
          expect(puts.length).toBeLessThanOrEqual(1);
          expect(effects.some((effect) => effect.path === VIEWED)).toBe(false);
          if (puts.length === 1) expect(next.viewed).toBe(true);
          if (state.viewed) expect(next.viewed).toBe(true);
          state = next;
        }
      }),
    );
  });

  it('holds analytics as the last allow or disallow call said, and calls only on a choice', () => {
    fc.assert(
      fc.property(starts, fc.array(events, { maxLength: 25 }), (start, sequence) => {
        let state = start;
        for (const event of sequence) {
          const { state: next, effects } = cookieConsentReducer(state, event);
          const last = [...effects].reverse().find((effect) => effect.path === ALLOW || effect.path === DISALLOW);
          if (last) expect(next.analytics).toBe(last.path === ALLOW);
          else {
            expect(next.analytics).toBe(state.analytics);
            expect(effects).toEqual([]);
          }
          state = next;
        }
      }),
    );
  });
});
