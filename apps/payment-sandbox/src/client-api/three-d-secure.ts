import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { SandboxStore, type ChallengeRecord, type NonceRecord } from '../store';
import { DEFAULT_THREE_D_SECURE, THREE_D_SECURE_CARDS } from '../test-values';
import { sendJson, stringOf, type JsonObject } from './http';
import { verifyJwt } from './jwt';
import { createNonce, paymentMethodJson } from './payment-methods';
import { THREE_D_SECURE_VERSION, threeDSecureInfoFor } from './three-d-secure-outcomes';

const liability = (record: NonceRecord) => ({
  liabilityShifted: record.threeDSecureInfo?.liabilityShifted ?? false,
  liabilityShiftPossible: record.threeDSecureInfo?.liabilityShiftPossible ?? false,
});

const lookupAnswer = (record: NonceRecord, lookup: Record<string, unknown>) => ({
  paymentMethod: paymentMethodJson(record),
  lookup: { acsUrl: null, md: null, pareq: null, termUrl: null, transactionId: null, threeDSecureVersion: THREE_D_SECURE_VERSION, ...lookup },
  threeDSecureInfo: liability(record),
});

const invalid = (field: string, code: string, message: string) => ({ error: { message }, fieldErrors: [{ field, code, message }] });

/** A challenge card: the cardholder answers on the sandbox's challenge page, Songbird shows it. */
function startChallenge(context: SandboxContext, source: NonceRecord, amount: string, succeeds: boolean) {
  const { store, config } = context;
  const info = threeDSecureInfoFor(source.card, { status: 'challenge_required', liabilityShifted: false, liabilityShiftPossible: true, enrolled: 'Y' });
  const lookupNonce = createNonce(store, source.card, { customerId: source.customerId, paymentMethodToken: source.paymentMethodToken, threeDSecureInfo: info });
  const transactionId = SandboxStore.id(20);
  store.state.challenges[transactionId] = { transactionId, nonce: lookupNonce.nonce, amount, succeeds, result: null };
  // Songbird's continue() takes the challenge request as an opaque payload; ours names the transaction.
  const pareq = Buffer.from(JSON.stringify({ messageType: 'CReq', messageVersion: THREE_D_SECURE_VERSION, threeDSServerTransID: transactionId })).toString('base64url');
  return lookupAnswer(lookupNonce, { acsUrl: `${config.assetsOrigin}/__sandbox/3ds/challenge?transaction=${transactionId}`, pareq, transactionId });
}

/**
 * POST payment_methods/{nonce}/three_d_secure/lookup. The card number picks the documented 3DS2
 * scenario. Frictionless cards (and lookup errors, which the provider reports as the status
 * `lookup_error` with no liability shift, not as a failed call) answer at once with a new nonce;
 * challenge cards get an ACS URL on the sandbox's challenge page and a transaction id for Songbird.
 */
export function lookup(request: SandboxRequest, response: ServerResponse, context: SandboxContext, nonce: string, body: JsonObject): void {
  const { store } = context;
  const source = Object.hasOwn(store.state.nonces, nonce) ? store.state.nonces[nonce] : null;
  const amount = stringOf(body.amount)?.trim() ?? '';
  if (!source) return sendJson(request, response, 404, { error: { message: 'Payment method nonce is unknown.' } });
  if (source.consumed) return sendJson(request, response, 422, invalid('paymentMethodNonce', '91731', 'Cannot use a payment_method_nonce more than once.'));
  // Ours (by the provider's 81714): a CVV-only nonce has no card number for the issuer to look up.
  if (source.cvvOnly) return sendJson(request, response, 422, invalid('creditCard.number', '81714', 'Credit card number is required.'));
  if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return sendJson(request, response, 422, invalid('amount', '81503', 'Amount is an invalid format.'));

  const { card } = source;
  const scenario = THREE_D_SECURE_CARDS[card.number] ?? DEFAULT_THREE_D_SECURE;
  if (scenario.flow === 'challenge') {
    const answer = startChallenge(context, source, amount, scenario.succeeds);
    store.save();
    return sendJson(request, response, 201, answer);
  }
  const result = scenario.flow === 'frictionless' ? scenario : { status: scenario.status, liabilityShifted: false, liabilityShiftPossible: false, enrolled: 'U' };
  const lookupNonce = createNonce(store, card, { customerId: source.customerId, paymentMethodToken: source.paymentMethodToken, threeDSecureInfo: threeDSecureInfoFor(card, result) });
  store.save();
  sendJson(request, response, 201, lookupAnswer(lookupNonce, { transactionId: SandboxStore.id(20) }));
}

function challengeOfJwt(context: SandboxContext, jwt: unknown, nonce: string): ChallengeRecord | string {
  const claims = verifyJwt(context.store, jwt);
  if (!claims) return 'The authentication JWT is not one the 3-D Secure provider signed.';
  const transactionId = claims.transactionId;
  const challenge = typeof transactionId === 'string' && Object.hasOwn(context.store.state.challenges, transactionId) ? context.store.state.challenges[transactionId] : null;
  if (!challenge || challenge.nonce !== nonce) return 'The authentication JWT is for another payment method.';
  if (challenge.result === null) return 'The challenge has not been answered.';
  return challenge;
}

/**
 * POST payment_methods/{nonce}/three_d_secure/authenticate_from_jwt, after Songbird's
 * payments.validated. Success answers a new nonce with liability shifted. A failed or cancelled
 * challenge answers like the provider (braintree-web issue 713): error 81571 and no payment
 * method, so braintree-web resolves verifyCard with the lookup's nonce and liabilityShifted false.
 */
export function authenticateFromJwt(request: SandboxRequest, response: ServerResponse, context: SandboxContext, nonce: string, body: JsonObject): void {
  const { store } = context;
  const lookupNonce = Object.hasOwn(store.state.nonces, nonce) ? store.state.nonces[nonce] : null;
  if (!lookupNonce) return sendJson(request, response, 404, { error: { message: 'Payment method nonce is unknown.' } });
  const challenge = challengeOfJwt(context, body.jwt, nonce);
  if (typeof challenge === 'string') return sendJson(request, response, 422, { error: { message: challenge } });

  const { card } = lookupNonce;
  if (challenge.result === 'authenticated') {
    const info = threeDSecureInfoFor(card, { status: 'authenticate_successful', liabilityShifted: true, liabilityShiftPossible: true, enrolled: 'Y' });
    const authenticated = createNonce(store, card, { customerId: lookupNonce.customerId, paymentMethodToken: lookupNonce.paymentMethodToken, threeDSecureInfo: info });
    store.save();
    return sendJson(request, response, 201, { paymentMethod: paymentMethodJson(authenticated), threeDSecureInfo: liability(authenticated), success: true });
  }
  // The gateway keeps the failed authentication on the lookup nonce, which a sale then sees.
  lookupNonce.threeDSecureInfo = threeDSecureInfoFor(card, { status: 'authenticate_failed', liabilityShifted: false, liabilityShiftPossible: true, enrolled: 'Y' });
  store.save();
  sendJson(request, response, 201, {
    errors: [{ attribute: 'three_d_secure_token', message: 'Failed to authenticate, please try a different form of payment.', model: 'transaction', type: 'user', code: '81571' }],
    threeDSecureInfo: liability(lookupNonce),
  });
}
