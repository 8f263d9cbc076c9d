import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { attachVerification, runVerification, verificationPassed } from '../gateway/verifications';
import { isCard, methodsOf, vaultCard } from '../gateway/vault';
import type { CardRecord, ClientTokenRecord, SandboxStore } from '../store';
import { CVV_RESPONSES, POSTAL_CODE_RESPONSES } from '../test-values';
import { parseCard, validationErrorBody, type FieldError } from './card-input';
import { cvvOnlyCard, cvvOnlyProblem, isCvvOnlyRequest } from './cvv-only';
import { isObject, sendJson, type JsonObject } from './http';
import { createNonce, paymentMethodJson } from './payment-methods';
import { unionPayEnrollmentProblem } from '../unionpay/unionpay';

/**
 * `options.validate` is what Hosted Fields sends for `tokenize({vault: true})`: with a customer's
 * client token the card is verified and saved to that customer, so the documented CVV and postal
 * code test values fail here like a real verification would.
 */
function verificationErrors(card: CardRecord, token: ClientTokenRecord, store: SandboxStore): FieldError[] {
  if (token.failOnDuplicatePaymentMethod && Object.values(store.state.paymentMethods).some((saved) => isCard(saved) && saved.card.uniqueNumberIdentifier === card.uniqueNumberIdentifier)) {
    return [{ field: 'number', code: '81724', message: 'Duplicate card exists in the vault.' }];
  }
  if (token.failOnDuplicatePaymentMethodForCustomer && token.customerId && methodsOf(store, token.customerId).some((saved) => isCard(saved) && saved.card.uniqueNumberIdentifier === card.uniqueNumberIdentifier)) {
    return [{ field: 'number', code: '81763', message: 'Duplicate card exists in the vault for the customer.' }];
  }
  const cvvFails = card.cvv !== null && CVV_RESPONSES[card.cvv] === 'N';
  const postalCodeFails = card.postalCode !== null && POSTAL_CODE_RESPONSES[card.postalCode] === 'N';
  if (cvvFails || postalCodeFails) return [{ field: cvvFails ? 'cvv' : 'postalCode', code: '81736', message: 'CVV verification failed.' }];
  return [];
}

/**
 * A CVV-only tokenization: a nonce carrying the code alone, for a sale of a saved card. Ours: it is
 * never saved, whatever `options.validate` says (there is no card to verify or vault).
 */
function tokenizeCvvOnly(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, cvv: string): void {
  const problem = cvvOnlyProblem(cvv);
  if (problem) {
    sendJson(request, response, 422, validationErrorBody([problem]));
    return;
  }
  const nonce = createNonce(context.store, cvvOnlyCard(cvv), { customerId: token.customerId, cvvOnly: true });
  context.store.save();
  sendJson(request, response, 201, { creditCards: [paymentMethodJson(nonce)] });
}

/**
 * Whether a tokenization saves the card to the client token's customer. braintree-web 3 says so
 * itself (`options.validate`, true for `vault: true`); the older clients send no such option, and
 * the provider saves a card tokenized with a customer's token unless `validate` is false.
 */
function savesCard(options: JsonObject, dialect: 'current' | 'legacy'): boolean {
  return dialect === 'legacy' ? options.validate !== false && options.validate !== 'false' : options.validate === true;
}

/** POST payment_methods/credit_cards: tokenizes a card (client.request and the card frames), or a security code alone. */
export function tokenizeCard(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject, dialect: 'current' | 'legacy' = 'current'): void {
  if (isCvvOnlyRequest(body.creditCard)) {
    tokenizeCvvOnly(request, response, context, token, String((body.creditCard as JsonObject).cvv).trim());
    return;
  }
  const card = parseCard(body.creditCard);
  if (Array.isArray(card)) {
    sendJson(request, response, 422, validationErrorBody(card));
    return;
  }
  const creditCard = isObject(body.creditCard) ? body.creditCard : {};
  const options = isObject(creditCard.options) ? creditCard.options : {};
  // A UnionPay card that UnionPay's own rails take needs its SMS enrollment (the unionpay module sends it).
  const enrollmentProblem = unionPayEnrollmentProblem(card.number, options);
  if (enrollmentProblem) {
    sendJson(request, response, 422, validationErrorBody([enrollmentProblem]));
    return;
  }
  let paymentMethodToken: string | null = null;
  if (savesCard(options, dialect) && token.customerId) {
    const failures = verificationErrors(card, token, context.store);
    if (failures.length > 0) {
      sendJson(request, response, 422, validationErrorBody(failures));
      return;
    }
    // The token's verifyCard: the gateway's verification, kept as any other; a declined one saves nothing.
    const verification = token.verifyCard
      ? runVerification(context, { card, billing: null, merchantAccountId: token.merchantAccountId, amount: null, customerId: token.customerId, paymentMethodToken: null, threeDSecureInfo: null })
      : null;
    if (verification && !verificationPassed(verification)) {
      context.store.save();
      sendJson(request, response, 422, {
        error: { message: 'Credit card verification failed' },
        fieldErrors: [],
        verification: { id: verification.id, status: verification.status, processorResponseCode: verification.processorResponseCode, processorResponseText: verification.processorResponseText, gatewayRejectionReason: verification.gatewayRejectionReason },
      });
      return;
    }
    paymentMethodToken = vaultCard(context.store, token.customerId, card, { makeDefault: token.makeDefault === true }).token;
    if (verification) attachVerification(context.store, verification.id, token.customerId, paymentMethodToken);
  }
  const nonce = createNonce(context.store, card, { customerId: token.customerId, paymentMethodToken });
  context.store.save();
  sendJson(request, response, 201, { creditCards: [paymentMethodJson(nonce)] });
}
