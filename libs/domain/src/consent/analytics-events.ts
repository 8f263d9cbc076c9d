/** The analytics events the store may send (spec 1 §7). */
export const ANALYTICS_EVENTS = ['view_cart', 'login', 'begin_checkout', 'add_shipping_info', 'add_payment_info'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Tells a whitelisted event name from any other, so typed code can build only known events. */
export function isAnalyticsEventName(name: string): name is AnalyticsEventName {
  return (ANALYTICS_EVENTS as readonly string[]).includes(name);
}

/**
 * Lets an analytics event out only if it is one of the known names and the shopper allowed
 * analytics cookies (spec 1 §7); no choice yet (null) is no consent.
 */
export function shouldSendAnalyticsEvent(name: string, analyticsAllowed: boolean | null): boolean {
  return analyticsAllowed === true && isAnalyticsEventName(name);
}
