// Consent's public face: the shopper's cookie choices, read by every feature that may store or send
// something optional, and the notice the store's layout shows.
export { ConsentProvider, useConsent } from './consent-provider';
export { CookieNotice } from './cookie-notice';
