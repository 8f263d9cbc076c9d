import fc from 'fast-check';
import {
  ALLOW_ANALYTICS_COOKIE,
  consentReducer,
  initialConsent,
  MANAGE_COOKIES_VIEWED_COOKIE,
  noticeVisible,
  shouldSendAnalyticsEvent,
  type ConsentEvent,
  type ConsentState,
} from './cookie-consent.machine';

const fresh = initialConsent({ allowAnalytics: false, viewed: false });
const urls = (effects: { url: string }[]) => effects.map((effect) => effect.url);

describe('cookie consent', () => {
  it('shows the notice until a choice is made', () => {
    expect(noticeVisible(fresh)).toBe(true);
    expect(noticeVisible(initialConsent({ allowAnalytics: false, viewed: true }))).toBe(false);
    expect(ALLOW_ANALYTICS_COOKIE).toBe('afs_allow_analytics');
    expect(MANAGE_COOKIES_VIEWED_COOKIE).toBe('afs_manage_cookies_viewed');
  });

  it('Accept all allows analytics, marks the choice and loads the scripts', () => {
    const { state, effects } = consentReducer(fresh, { type: 'ACCEPT_ALL' });
    expect(state).toMatchObject({ analytics: true, viewed: true });
    expect(urls(effects)).toEqual(['/cookie-allow-analytics/', '/cookie-settings-viewed/', '/cookie-analytics-scripts/']);
    expect(noticeVisible(state)).toBe(false);
  });

  it('Reject non-essential pings disallow and marks the choice only if unmarked', () => {
    const first = consentReducer(fresh, { type: 'REJECT_NON_ESSENTIAL' });
    expect(urls(first.effects)).toEqual(['/cookie-disallow-analytics/', '/cookie-settings-viewed/']);
    expect(first.state).toMatchObject({ analytics: false, viewed: true });
    const again = consentReducer(first.state, { type: 'REJECT_NON_ESSENTIAL' });
    expect(urls(again.effects)).toEqual(['/cookie-disallow-analytics/']);
  });

  it('saves the switch from the manage modal, the first save marking the choice', () => {
    let step = consentReducer(fresh, { type: 'OPEN_MANAGE' });
    expect(step.state.manageOpen).toBe(true);
    step = consentReducer(step.state, { type: 'SET_ANALYTICS_SWITCH', on: true });
    expect(step.state.analytics).toBe(false);
    step = consentReducer(step.state, { type: 'SAVE_PREFERENCE' });
    expect(step.state).toMatchObject({ analytics: true, viewed: true, manageOpen: false });
    expect(urls(step.effects)).toEqual(['/cookie-allow-analytics/', '/cookie-settings-viewed/', '/cookie-analytics-scripts/']);
    step = consentReducer(consentReducer(step.state, { type: 'OPEN_MANAGE' }).state, { type: 'SET_ANALYTICS_SWITCH', on: false });
    step = consentReducer(step.state, { type: 'SAVE_PREFERENCE' });
    expect(step.state.analytics).toBe(false);
    expect(urls(step.effects)).toEqual(['/cookie-disallow-analytics/']);
  });

  it('closing the modal drops an unsaved switch', () => {
    const opened = consentReducer(fresh, { type: 'OPEN_MANAGE' }).state;
    const switched = consentReducer(opened, { type: 'SET_ANALYTICS_SWITCH', on: true }).state;
    const closed = consentReducer(switched, { type: 'CLOSE_MANAGE' });
    expect(closed.state).toEqual(fresh);
    expect(closed.effects).toEqual([]);
  });

  it('after any sequence: the notice is hidden iff a choice was made, and analytics only with a put to allow', () => {
    const events = fc.constantFrom<ConsentEvent>(
      { type: 'ACCEPT_ALL' },
      { type: 'REJECT_NON_ESSENTIAL' },
      { type: 'OPEN_MANAGE' },
      { type: 'CLOSE_MANAGE' },
      { type: 'SET_ANALYTICS_SWITCH', on: true },
      { type: 'SET_ANALYTICS_SWITCH', on: false },
      { type: 'SAVE_PREFERENCE' },
    );
    fc.assert(
      fc.property(fc.array(events, { maxLength: 20 }), (sequence) => {
        let state: ConsentState = fresh;
        let chose = false;
        let lastPut: string | null = null;
        for (const event of sequence) {
          const next = consentReducer(state, event);
          if (['ACCEPT_ALL', 'REJECT_NON_ESSENTIAL', 'SAVE_PREFERENCE'].includes(event.type)) chose = true;
          for (const effect of next.effects) if (effect.url !== '/cookie-settings-viewed/' && effect.type === 'put') lastPut = effect.url;
          state = next.state;
        }
        expect(noticeVisible(state)).toBe(!chose);
        expect(state.analytics).toBe(lastPut === '/cookie-allow-analytics/');
      }),
    );
  });

  it('sends only whitelisted analytics events, only with consent', () => {
    for (const name of ['view_cart', 'login', 'begin_checkout', 'add_shipping_info', 'add_payment_info']) {
      expect(shouldSendAnalyticsEvent(name, true)).toBe(true);
      expect(shouldSendAnalyticsEvent(name, false)).toBe(false);
    }
    expect(shouldSendAnalyticsEvent('purchase', true)).toBe(false);
  });
});
