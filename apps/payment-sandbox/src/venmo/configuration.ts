import type { SandboxContext } from '../context';
import type { ClientTokenRecord } from '../store';

/**
 * The gateway configuration's `payWithVenmo` block, which braintree-web's venmo module needs
 * (without it, VENMO_NOT_ENABLED). Venmo pays in US dollars only, so, as the provider's, it is
 * there only for a client token of a US dollar merchant account (or the default account, if that
 * is in dollars).
 */
export function venmoConfiguration(context: SandboxContext, token: ClientTokenRecord) {
  const accounts = context.config.merchantAccounts;
  const account = token.merchantAccountId && Object.hasOwn(accounts, token.merchantAccountId) ? token.merchantAccountId : Object.keys(accounts)[0];
  if (accounts[account] !== 'USD') return {};
  return {
    payWithVenmo: {
      merchantId: `${context.config.merchantId}-venmo-profile`,
      // Ours: an opaque access token; the app (the sandbox's page) never checks it.
      accessToken: `access_token$sandbox$${context.config.merchantId}$venmo`,
      environment: 'sandbox',
      enrichedCustomerDataEnabled: false,
    },
  };
}
