import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { isObject, readJson, sendJson, stringOf } from '../client-api/http';
import { verifyJwt } from '../client-api/jwt';
import { androidPayCardJson, createWalletNonce, walletCard } from '../client-api/wallet-nonces';

/**
 * Ours: the gateway tokenization Google does between the shopper's Pay and the merchant's
 * paymentData. Google sends the card to the gateway named in the request's tokenization parameters
 * (`gateway: braintree`, `braintree:merchantId`, `braintree:authorizationFingerprint`) and hands the
 * gateway's answer to the page as `tokenizationData.token`; the Google Pay stand-in
 * (src/browser/google-pay.ts) asks this endpoint instead.
 */
export const GOOGLE_PAY_TOKENIZE_PATH = '/__sandbox/google-pay/tokenize';

export function tokenizeGooglePay(request: SandboxRequest, response: ServerResponse, context: SandboxContext): void {
  const body = readJson(request) ?? {};
  const parameters = isObject(body.parameters) ? body.parameters : {};
  const refuse = (message: string) => sendJson(request, response, 422, { error: { message } });
  if (parameters.gateway !== 'braintree') return refuse('The tokenization gateway must be braintree.');
  if (parameters['braintree:merchantId'] !== context.config.merchantId) return refuse('Unknown braintree:merchantId.');
  const claims = verifyJwt(context.store, parameters['braintree:authorizationFingerprint']);
  const fingerprint = typeof claims?.fingerprint === 'string' ? claims.fingerprint : '';
  const token = claims?.purpose === 'google-pay' && Object.hasOwn(context.store.state.clientTokens, fingerprint) ? context.store.state.clientTokens[fingerprint] : null;
  if (!token) return refuse('braintree:authorizationFingerprint is not a Google Pay authorization of this gateway.');
  const card = walletCard(stringOf(body.cardNetwork) ?? '');
  if (!card) return refuse('The card network must be VISA, MASTERCARD, AMEX or DISCOVER.');
  const record = createWalletNonce(context.store, 'AndroidPayCard', card, { customerId: token.customerId });
  context.store.save();
  sendJson(request, response, 200, {
    token: JSON.stringify({ androidPayCards: [androidPayCardJson(record)] }),
    cardNetwork: String(body.cardNetwork).toUpperCase(),
    cardDetails: card.last4,
  });
}
