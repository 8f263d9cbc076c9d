import { loadConfig } from '../config/app-config';
import { contentSecurityDirectives } from './content-security';

const GATEWAY = {
  DATABASE_URL: 'postgres://store@127.0.0.1/store',
  BRAINTREE_ENVIRONMENT: 'sandbox',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
};

describe('contentSecurityDirectives: Visa Checkout', () => {
  it("allows Visa's sdk.js and lightbox only where Visa Checkout is switched on", () => {
    const on = contentSecurityDirectives(loadConfig({ ...GATEWAY, BRAINTREE_VISA_CHECKOUT: 'true' }));
    expect(on['script-src']).toEqual(expect.arrayContaining(['https://sandbox-assets.secure.checkout.visa.com', 'https://js.braintreegateway.com']));
    expect(on['frame-src']).toEqual(expect.arrayContaining(['https://sandbox.secure.checkout.visa.com', 'https://assets.braintreegateway.com']));

    const off = contentSecurityDirectives(loadConfig(GATEWAY));
    expect(off['script-src']?.some((source) => source.includes('checkout.visa.com'))).toBe(false);
    expect(off['frame-src']?.some((source) => source.includes('checkout.visa.com'))).toBe(false);
    expect(off['script-src']).toContain('https://js.braintreegateway.com');
  });
});
