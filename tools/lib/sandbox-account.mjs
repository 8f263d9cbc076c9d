// The card gateway sandbox's account as the store reads it: tools/start.mjs and the bench hand the
// store the keys the sandbox says (over IPC, when listening) it started with, so the two never differ.

/**
 * The store's BRAINTREE_* keys for the sandbox's account. The store takes one merchant account per
 * currency (CURRENCY=account); where the sandbox has several in a currency, its default one or else
 * the first is used, and the default account's currency comes first.
 */
export function storeAccountEnv(account) {
  if (!account) throw new Error('The card gateway sandbox did not say which account it started with (an older build? run node tools/build.mjs)');
  const byCurrency = new Map();
  const ids = Object.keys(account.merchantAccounts);
  const first = account.defaultMerchantAccountId ?? ids[0];
  for (const id of [first, ...ids.filter((id) => id !== first)]) {
    const currency = account.merchantAccounts[id];
    if (!byCurrency.has(currency)) byCurrency.set(currency, id);
  }
  return {
    BRAINTREE_MERCHANT_ID: account.merchantId,
    BRAINTREE_PUBLIC_KEY: account.publicKey,
    BRAINTREE_PRIVATE_KEY: account.privateKey,
    BRAINTREE_MERCHANT_ACCOUNTS: [...byCurrency].map(([currency, id]) => `${currency}=${id}`).join(','),
  };
}

/**
 * Everything the store needs to pay through the local card sandbox listening at `url` with
 * `account`: the gateway's address and keys, and the methods the sandbox stands in for (PayPal,
 * Apple Pay, Google Pay and the rest), each on unless `env` turns it off.
 */
export function cardSandboxStoreEnv(url, account, env = process.env) {
  return {
    BRAINTREE_ENVIRONMENT: 'local',
    BRAINTREE_GATEWAY_URL: url,
    ...storeAccountEnv(account),
    BRAINTREE_PAYPAL: env.BRAINTREE_PAYPAL ?? 'true',
    BRAINTREE_LOCAL_PAYMENTS: env.BRAINTREE_LOCAL_PAYMENTS ?? 'true',
    BRAINTREE_SEPA: env.BRAINTREE_SEPA ?? 'true',
    BRAINTREE_US_BANK_ACCOUNT: env.BRAINTREE_US_BANK_ACCOUNT ?? 'true',
    // Offered only where the browser's Payment Request API says it can pay (Chromium here cannot: docs/decisions.md).
    BRAINTREE_PAYMENT_REQUEST: env.BRAINTREE_PAYMENT_REQUEST ?? 'true',
    BRAINTREE_VENMO: env.BRAINTREE_VENMO ?? 'true',
    BRAINTREE_APPLE_PAY: env.BRAINTREE_APPLE_PAY ?? 'true',
    BRAINTREE_GOOGLE_PAY: env.BRAINTREE_GOOGLE_PAY ?? 'true',
    GOOGLE_MERCHANT_ID: env.GOOGLE_MERCHANT_ID ?? 'BCR2DN4TSANDBOX',
  };
}

/** The store's settings for the local Digital River sandbox at `url`, with the sandbox's default keys (apps/payment-sandbox/src/digital-river/context.ts). */
export function digitalRiverSandboxStoreEnv(url) {
  return {
    DIGITAL_RIVER_API_URL: url,
    DIGITAL_RIVER_SECRET_KEY: 'sk_test_sandbox_secret',
    DIGITAL_RIVER_PUBLIC_KEY: 'pk_test_sandbox_public',
    DIGITAL_RIVER_JS_URL: `${url}/v1/DigitalRiver.js`,
  };
}
