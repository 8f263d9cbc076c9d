/**
 * The API's settings for the local payment sandboxes in tests: the card gateway (Braintree's
 * protocol) at `url` and the merchant of record (Digital River's REST API). `overrides` change or
 * add any setting (a timeout, 3-D Secure on, the gateway rules).
 */
export const cardSandboxEnv = (url: string, overrides: Record<string, string> = {}): Record<string, string> => ({
  BRAINTREE_ENVIRONMENT: 'local',
  BRAINTREE_GATEWAY_URL: url,
  BRAINTREE_MERCHANT_ID: 'sandbox_merchant',
  BRAINTREE_PUBLIC_KEY: 'sandbox_public_key',
  BRAINTREE_PRIVATE_KEY: 'sandbox_private_key',
  BRAINTREE_MERCHANT_ACCOUNTS: 'GBP=store_GBP,USD=store_USD,EUR=store_EUR,PLN=store_PLN',
  BRAINTREE_THREE_D_SECURE: 'false',
  BRAINTREE_TIMEOUT_MS: '1500',
  ...overrides,
});

/** `sandbox` is the running Digital River sandbox; `apiUrl` where the adapter calls it (a fault proxy, say). */
export const merchantOfRecordSandboxEnv = (
  sandbox: { url: string; config: { secretKey: string; publicKey: string } },
  overrides: Record<string, string> = {},
  apiUrl = sandbox.url,
): Record<string, string> => ({
  DIGITAL_RIVER_API_URL: apiUrl,
  DIGITAL_RIVER_SECRET_KEY: sandbox.config.secretKey,
  DIGITAL_RIVER_PUBLIC_KEY: sandbox.config.publicKey,
  DIGITAL_RIVER_JS_URL: `${sandbox.url}/v1/DigitalRiver.js`,
  DIGITAL_RIVER_TIMEOUT_MS: '1500',
  ...overrides,
});
