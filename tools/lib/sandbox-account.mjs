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
