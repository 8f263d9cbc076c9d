import { randomBytes } from 'node:crypto';
import type { GatewayCall } from './call';
import { paramsXml } from './params';
import { fieldError, validationReply, xmlReply, type FieldError, type Reply } from './reply';

/**
 * A client token for braintree-web: base64 JSON, shaped like the provider's version 2 tokens. The
 * fingerprint is an opaque value the sandbox looks up (the provider's is a signed JWT); the client
 * API finds the token by the part before `?`.
 */
export function generateClientToken(call: GatewayCall): Reply {
  const { store, config } = call.context;
  const params = call.params.object('client_token');
  const customerId = params.string('customer_id');
  const merchantAccountId = params.string('merchant_account_id');
  const errors: FieldError[] = [];
  if (customerId !== null && !store.state.customers[customerId]) {
    errors.push(fieldError(['clientToken'], 'customer_id', '92804', 'Customer specified by customer_id does not exist'));
  }
  if (merchantAccountId !== null && !Object.hasOwn(config.merchantAccounts, merchantAccountId)) {
    errors.push(fieldError(['clientToken'], 'merchant_account_id', '92807', 'Merchant account specified by merchant_account_id does not exist'));
  }
  const version = params.string('version') ?? '2';
  if (!['1', '2', '3'].includes(version)) {
    errors.push(fieldError(['clientToken'], 'version', '92806', 'Unsupported client token version'));
  }
  if (errors.length > 0) return validationReply(errors, paramsXml(call.params));

  const fingerprint = randomBytes(24).toString('hex');
  store.state.clientTokens[fingerprint] = { fingerprint, customerId, merchantAccountId, createdAt: new Date().toISOString() };
  store.save();

  const merchantId = config.merchantId;
  const token = {
    version: 2,
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
    // No graphQL entry: with one, braintree-web would fetch its configuration through GraphQL.
  };
  return xmlReply(201, 'clientToken', { value: Buffer.from(JSON.stringify(token)).toString('base64') });
}
