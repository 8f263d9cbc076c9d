import type { AppConfig } from '../config/app-config';

/**
 * The card gateway's hosts, as its documentation lists them for a content security policy: its
 * browser library calls the client API, loads the card fields' frames, the 3-D Secure script
 * (Cardinal's Songbird), the fraud data collector, and the wallets' own scripts (PayPal's JS SDK, Google Pay). Only allowed when a card gateway is set up.
 */
const CARD_GATEWAY_SOURCES = {
  script: [
    'https://js.braintreegateway.com',
    'https://assets.braintreegateway.com',
    'https://c.paypal.com',
    'https://www.paypal.com',
    'https://www.sandbox.paypal.com',
    'https://songbird.cardinalcommerce.com',
    'https://songbirdstag.cardinalcommerce.com',
    'https://pay.google.com',
  ],
  frame: ['https://assets.braintreegateway.com', 'https://c.paypal.com', 'https://*.paypal.com', 'https://*.cardinalcommerce.com', 'https://pay.google.com'],
  connect: [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://client-analytics.sandbox.braintreegateway.com',
    'https://*.braintree-api.com',
    'https://*.paypal.com',
    'https://*.cardinalcommerce.com',
    'https://pay.google.com',
    'https://google.com',
  ],
  img: ['https://assets.braintreegateway.com', 'https://checkout.paypal.com', 'https://b.stats.paypal.com', 'https://*.paypalobjects.com', 'https://www.gstatic.com'],
} as const;

/**
 * DigitalRiver.js and what it reaches: its own origin (the provider's, or the sandbox's stand-in
 * at DIGITAL_RIVER_JS_URL) for the script, its styles, its calls and the drop-in's frames.
 */
function merchantOfRecordSources(config: AppConfig) {
  if (!config.DIGITAL_RIVER_PUBLIC_KEY) return { script: [], style: [], connect: [], frame: [] };
  const origin = new URL(config.DIGITAL_RIVER_JS_URL).origin;
  const provider = ['https://js.digitalriverws.com', 'https://api.digitalriverws.com'];
  return { script: [origin], style: [origin], connect: [origin, ...provider], frame: [origin, 'https://*.digitalriverws.com'] };
}

/**
 * Visa Checkout's own hosts (its sdk.js, and the lightbox it frames), only where the store switches
 * Visa Checkout on: Visa retired it for Click to Pay, so no other store needs them.
 */
const VISA_CHECKOUT_SOURCES = {
  script: ['https://sandbox-assets.secure.checkout.visa.com', 'https://assets.secure.checkout.visa.com'],
  frame: ['https://sandbox.secure.checkout.visa.com', 'https://secure.checkout.visa.com'],
} as const;

export function contentSecurityDirectives(config: AppConfig): Record<string, string[] | null> {
  const analytics = config.ANALYTICS_SCRIPT_ORIGINS.split(' ').filter(Boolean);
  const gateway = config.BRAINTREE_ENVIRONMENT ? CARD_GATEWAY_SOURCES : { script: [], frame: [], connect: [], img: [] };
  const visa = config.BRAINTREE_ENVIRONMENT && config.BRAINTREE_VISA_CHECKOUT ? VISA_CHECKOUT_SOURCES : { script: [], frame: [] };
  const card = { ...gateway, script: [...gateway.script, ...visa.script], frame: [...gateway.frame, ...visa.frame] };
  const merchant = merchantOfRecordSources(config);
  const unique = (sources: string[]) => [...new Set(sources)];
  return {
    'img-src': ["'self'", 'data:', ...card.img],
    // Analytics tags load only from the origins configured for them, and only after consent. The
    // page's own tags also carry a per-response nonce (security-headers.ts withScriptNonce).
    'script-src': unique(["'self'", ...analytics, ...card.script, ...merchant.script]),
    // Helmet's default, plus the merchant of record's stylesheet origin (plain http for the local sandbox).
    'style-src': unique(["'self'", 'https:', "'unsafe-inline'", ...merchant.style]),
    'connect-src': unique(["'self'", ...analytics, ...card.connect, ...merchant.connect]),
    'frame-src': unique(["'self'", ...card.frame, ...merchant.frame]),
    // No page may frame ours (clickjacking): the providers' frames sit in our page, never the reverse.
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': config.COOKIE_SECURE ? [] : null,
  };
}
