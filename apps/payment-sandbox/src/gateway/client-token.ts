import { randomBytes } from 'node:crypto';
import type { GatewayCall } from './call';
import { paramsXml } from './params';
import { fieldError, validationReply, xmlReply, type FieldError, type Reply } from './reply';

/** The versions the provider generates: 1 is plain JSON, 2 (the SDK's default) and 3 base64 JSON. */
export const CLIENT_TOKEN_VERSIONS = [1, 2, 3] as const;

const MAX_DOMAINS = 5;
/** A domain name as RFC 1035 has it, with at least two labels (`example` alone is refused). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A card option that only means something for a customer's token, with the provider's code for it without one. */
const CUSTOMER_OPTIONS = [
  ['make_default', '92801', 'Cannot specify make_default without a customer_id'],
  ['verify_card', '92802', 'Cannot specify verify_card without a customer_id'],
  ['fail_on_duplicate_payment_method', '92803', 'Cannot specify fail_on_duplicate_payment_method without a customer_id'],
  // The SDKs name this code; the provider's reference table lists no text for it, so the text is ours.
  ['fail_on_duplicate_payment_method_for_customer', '92805', 'Cannot specify fail_on_duplicate_payment_method_for_customer without a customer_id'],
] as const;

/**
 * A client token for braintree-web and the older client SDKs, shaped like the provider's: version 2
 * (the default) and 3 are base64 JSON, version 1 the JSON itself. The fingerprint is an opaque value
 * the sandbox looks up (the provider's is a signed JWT); the client API finds the token by the part
 * before `?`. The token's options (verify the card, make it the default, refuse a duplicate) are kept
 * with it and applied when the browser saves a card with it.
 */
export function generateClientToken(call: GatewayCall): Reply {
  const { store, config } = call.context;
  const params = call.params.object('client_token');
  const options = params.object('options');
  const customerId = params.string('customer_id');
  const merchantAccountId = params.string('merchant_account_id');
  const errors: FieldError[] = [];
  if (customerId !== null && !Object.hasOwn(store.state.customers, customerId)) {
    errors.push(fieldError(['clientToken'], 'customer_id', '92804', 'Customer specified by customer_id does not exist'));
  }
  if (customerId === null) {
    for (const [option, code, message] of CUSTOMER_OPTIONS) {
      if (options.boolean(option)) errors.push(fieldError(['clientToken', 'options'], option, code, message));
    }
  }
  if (merchantAccountId !== null && !Object.hasOwn(config.merchantAccounts, merchantAccountId)) {
    errors.push(fieldError(['clientToken'], 'merchant_account_id', '92807', 'Merchant Account specified by merchant_account_id does not exist'));
  }
  // Domains the token may be used from (some services need them); the messages are the SDK's integration spec's.
  const domains = params.strings('domains') ?? [];
  if (domains.length > MAX_DOMAINS) {
    errors.push(fieldError(['clientToken'], 'domains', '92810', `Cannot specify more than ${MAX_DOMAINS} client token domains`));
  } else if (domains.some((domain) => !DOMAIN.test(domain))) {
    errors.push(fieldError(['clientToken'], 'domains', '92011', 'Client token domains must be valid domain names (RFC 1035), e.g. example.com'));
  }
  const version = Number(params.string('version') ?? '2');
  if (!(CLIENT_TOKEN_VERSIONS as readonly number[]).includes(version)) {
    errors.push(fieldError(['clientToken'], 'version', '92806', 'Unsupported client token version'));
  }
  if (errors.length > 0) return validationReply(errors, paramsXml(call.params));

  const fingerprint = randomBytes(24).toString('hex');
  const paymentMethodId = params.string('payment_method_id');
  store.state.clientTokens[fingerprint] = {
    fingerprint,
    customerId,
    merchantAccountId,
    createdAt: new Date().toISOString(),
    version,
    ...(options.boolean('verify_card') ? { verifyCard: true } : {}),
    ...(options.boolean('make_default') ? { makeDefault: true } : {}),
    ...(options.boolean('fail_on_duplicate_payment_method') ? { failOnDuplicatePaymentMethod: true } : {}),
    ...(options.boolean('fail_on_duplicate_payment_method_for_customer') ? { failOnDuplicatePaymentMethodForCustomer: true } : {}),
    ...(paymentMethodId !== null ? { paymentMethodId } : {}),
  };
  store.save();

  const merchantId = config.merchantId;
  const token = {
    version,
    authorizationFingerprint: customerId === null ? fingerprint : `${fingerprint}?customer_id=${customerId}`,
    configUrl: `${config.clientApiOrigin}/merchants/${merchantId}/client_api/v1/configuration`,
    clientApiUrl: `${config.clientApiOrigin}/merchants/${merchantId}/client_api`,
    assetsUrl: config.assetsOrigin,
    authUrl: 'https://auth.venmo.sandbox.braintreegateway.com',
    analytics: { url: `https://origin-analytics-sand.sandbox.braintree-api.com/${merchantId}` },
    challenges: ['cvv', 'postal_code'],
    environment: 'sandbox',
    threeDSecureEnabled: true,
    paypalEnabled: true,
    merchantId,
    // The provider names the merchant account the token was made for (the SDKs' own specs read it back).
    ...(merchantAccountId !== null ? { merchantAccountId } : {}),
    // No graphQL entry: with one, braintree-web would fetch its configuration through GraphQL.
  };
  const json = JSON.stringify(token);
  return xmlReply(201, 'clientToken', { value: version === 1 ? json : Buffer.from(json).toString('base64') });
}
