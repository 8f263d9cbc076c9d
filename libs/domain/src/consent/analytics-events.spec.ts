import fc from 'fast-check';
import { ANALYTICS_EVENTS, isAnalyticsEventName, shouldSendAnalyticsEvent } from './analytics-events';

describe('analytics events', () => {
  it('whitelists the five names of spec 1 §7', () => {
    expect(ANALYTICS_EVENTS).toEqual(['view_cart', 'login', 'begin_checkout', 'add_shipping_info', 'add_payment_info']);
  });

  it.each<[string, boolean | null, boolean]>([
    ['view_cart', true, true],
    ['login', true, true],
    ['begin_checkout', true, true],
    ['add_shipping_info', true, true],
    ['add_payment_info', true, true],
    ['begin_checkout', false, false],
    ['begin_checkout', null, false],
    ['purchase', true, false],
    ['BEGIN_CHECKOUT', true, false],
    ['', true, false],
  ])('%s with consent %p is sent: %s', (name, consent, sent) => {
    expect(shouldSendAnalyticsEvent(name, consent)).toBe(sent);
    expect(isAnalyticsEventName(name)).toBe((ANALYTICS_EVENTS as readonly string[]).includes(name));
  });

  it('never sends without consent or outside the whitelist', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...ANALYTICS_EVENTS)), fc.constantFrom(true, false, null), (name, consent) => {
        expect(shouldSendAnalyticsEvent(name, consent)).toBe(consent === true && (ANALYTICS_EVENTS as readonly string[]).includes(name));
      }),
    );
  });
});
