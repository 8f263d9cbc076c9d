import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { cardRecord } from '../gateway/cards';
import type { ClientTokenRecord } from '../store';
import { luhnValid } from '../test-values';
import { isObject, sendJson, stringOf, type JsonObject } from './http';
import { signJwt } from './jwt';
import { applePayCardJson, createWalletNonce } from './wallet-nonces';

/**
 * Apple Pay through the client API, as braintree-web's apple-pay calls it: merchant validation
 * (apple_pay_web/sessions) and tokenization (payment_methods/apple_payment_tokens).
 */

const invalid = (request: SandboxRequest, response: ServerResponse, message: string) => sendJson(request, response, 422, { error: { message } });

/** Apple's merchant validation URLs are on apple.com (apple-pay-gateway*.apple.com). */
function isAppleValidationUrl(value: string | null): boolean {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' && (url.hostname === 'apple.com' || url.hostname.endsWith('.apple.com'));
  } catch {
    return false;
  }
}

/**
 * POST apple_pay_web/sessions: the opaque merchant session the page hands to
 * ApplePaySession.completeMerchantValidation. Ours: the signature is the sandbox's, not Apple's.
 */
export function createApplePaySession(request: SandboxRequest, response: ServerResponse, context: SandboxContext, body: JsonObject): void {
  const session = isObject(body.applePayWebSession) ? body.applePayWebSession : {};
  const validationUrl = stringOf(session.validationUrl);
  const domainName = stringOf(session.domainName)?.trim() ?? '';
  const merchantIdentifier = stringOf(session.merchantIdentifier);
  if (!isAppleValidationUrl(validationUrl)) return invalid(request, response, 'Validation URL must be an Apple Pay https URL.');
  if (domainName === '') return invalid(request, response, 'Domain name is required.');
  if (merchantIdentifier !== context.config.applePayMerchantIdentifier) return invalid(request, response, 'Merchant identifier is not registered for Apple Pay.');
  const now = Date.now();
  const displayName = stringOf(session.displayName) ?? context.config.displayName;
  const hashedMerchant = createHash('sha256').update(merchantIdentifier).digest('hex').toUpperCase();
  sendJson(request, response, 201, {
    epochTimestamp: now,
    expiresAt: now + 60 * 60 * 1000,
    merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
    nonce: randomBytes(4).toString('hex'),
    merchantIdentifier: hashedMerchant,
    domainName,
    displayName,
    signature: Buffer.from(signJwt(context.store, { iss: 'payment-sandbox', purpose: 'apple-pay-session', domainName })).toString('base64'),
    operationalAnalyticsIdentifier: `${displayName}:${hashedMerchant}`,
    retries: 0,
    pspId: hashedMerchant,
  });
}

/** Decodes base64 JSON, or null. */
function base64Json(value: unknown): JsonObject | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The card inside an Apple Pay token. Apple encrypts `paymentData.data` for the merchant; ours
 * (the ApplePaySession stand-in's) is the decrypted payload Apple documents, base64 JSON:
 * applicationPrimaryAccountNumber (the device account number) and applicationExpirationDate (YYMMDD).
 */
function tokenCard(paymentData: JsonObject | null) {
  if (!paymentData || paymentData.version !== 'EC_v1' || !isObject(paymentData.header)) return null;
  const payload = base64Json(paymentData.data);
  const number = stringOf(payload?.applicationPrimaryAccountNumber) ?? '';
  const expiry = /^(\d{2})(\d{2})\d{2}$/.exec(stringOf(payload?.applicationExpirationDate) ?? '');
  if (!luhnValid(number) || !expiry || Number(expiry[2]) < 1 || Number(expiry[2]) > 12) return null;
  return cardRecord({ number, expirationMonth: expiry[2], expirationYear: `20${expiry[1]}`, cardholderName: null });
}

/** POST payment_methods/apple_payment_tokens: braintree-web sends the token with paymentData as base64 JSON. */
export function tokenizeApplePayToken(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const applePaymentToken = isObject(body.applePaymentToken) ? body.applePaymentToken : {};
  const card = tokenCard(base64Json(applePaymentToken.paymentData));
  if (!card) return invalid(request, response, 'Apple Pay payment data could not be decrypted.');
  const record = createWalletNonce(context.store, 'ApplePayCard', card, { customerId: token.customerId });
  context.store.save();
  sendJson(request, response, 201, { applePayCards: [applePayCardJson(record)] });
}
