import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { isObject, readJson, sendJson, stringOf } from '../client-api/http';
import { deletePaymentMethod } from '../gateway/vault';
import type { ClientTokenRecord } from '../store';
import { answerVenmoGraphQL } from '../venmo/graphql';
import { preferredFor } from '../venmo/preferred';
import { TOKENIZE_US_BANK_ACCOUNT, TOKENIZE_US_BANK_LOGIN, tokenizeUsBankAccount, tokenizeUsBankLogin } from '../bank-debits/us-bank-account';

/**
 * The provider's client GraphQL endpoint (payments.sandbox.braintree-api.com/graphql), for the
 * operations braintree-web sends there with this configuration: the PreferredPaymentMethods query,
 * the vault manager's DeletePaymentMethodFromSingleUseToken mutation, and the US bank account
 * module's TokenizeUsBankAccount (and refused TokenizeUsBankLogin) mutations. braintree-web
 * authenticates with `Authorization: Bearer <authorizationFingerprint>`.
 */
export const GRAPHQL_PATH = '/graphql';

const PREFERRED_PAYMENT_METHODS = /\bpreferredPaymentMethods\b/;
const DELETE_FROM_SINGLE_USE_TOKEN = /\bdeletePaymentMethodFromSingleUseToken\b/;

type Answer = { readonly data: unknown; readonly errors?: unknown[] };

/**
 * `vaultManager.deletePaymentMethod(nonce)`: removes the saved payment method (card or PayPal
 * account) a vault nonce stands for. braintree-web reads a NOT_FOUND error class as "no such
 * payment method". Ours: the error's message, and NOT_FOUND for a nonce of another customer's
 * payment method or of none.
 */
function deleteFromSingleUseToken(context: SandboxContext, token: ClientTokenRecord, variables: unknown): Answer {
  const input = isObject(variables) && isObject(variables.input) ? variables.input : {};
  const nonce = context.store.state.nonces[stringOf(input.singleUseTokenId) ?? ''];
  const method = nonce?.paymentMethodToken ? context.store.state.paymentMethods[nonce.paymentMethodToken] : undefined;
  if (!method || token.customerId === null || method.customerId !== token.customerId) {
    return {
      data: { deletePaymentMethodFromSingleUseToken: null },
      errors: [{ message: 'Single use token not found.', path: ['deletePaymentMethodFromSingleUseToken'], extensions: { errorClass: 'NOT_FOUND' } }],
    };
  }
  deletePaymentMethod(context.store, method.token);
  context.store.save();
  return { data: { deletePaymentMethodFromSingleUseToken: { clientMutationId: stringOf(input.clientMutationId) } } };
}

export function answerGraphQL(request: SandboxRequest, response: ServerResponse, context: SandboxContext): void {
  const extensions = { requestId: randomUUID() };
  const bearer = /^Bearer\s+(\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
  const fingerprint = bearer.split('?')[0];
  if (!Object.hasOwn(context.store.state.clientTokens, fingerprint)) {
    return sendJson(request, response, 401, { errors: [{ message: 'Authentication credentials are invalid.', extensions: { errorClass: 'AUTHENTICATION' } }], extensions });
  }
  const body = readJson(request);
  const query = body?.query;
  if (typeof query === 'string' && DELETE_FROM_SINGLE_USE_TOKEN.test(query)) {
    return sendJson(request, response, 200, { ...deleteFromSingleUseToken(context, context.store.state.clientTokens[fingerprint], body?.variables), extensions });
  }
  if (typeof query === 'string' && TOKENIZE_US_BANK_ACCOUNT.test(query)) {
    return sendJson(request, response, 200, { ...tokenizeUsBankAccount(context, context.store.state.clientTokens[fingerprint], body?.variables), extensions });
  }
  if (typeof query === 'string' && TOKENIZE_US_BANK_LOGIN.test(query)) return sendJson(request, response, 200, { ...tokenizeUsBankLogin(), extensions });
  const venmo = typeof query === 'string' ? answerVenmoGraphQL(context, context.store.state.clientTokens[fingerprint], query, body?.variables) : null;
  if (venmo) return sendJson(request, response, 200, { ...venmo, extensions });
  if (typeof query !== 'string' || !PREFERRED_PAYMENT_METHODS.test(query)) {
    // Ours: the sandbox serves no other GraphQL operation; the provider would answer most of them.
    return sendJson(request, response, 200, {
      data: null,
      errors: [{ message: 'The payment sandbox serves only the PreferredPaymentMethods query, the DeletePaymentMethodFromSingleUseToken, TokenizeUsBankAccount and TokenizeUsBankLogin mutations, and the Venmo payment context operations.', extensions: { errorClass: 'VALIDATION' } }],
      extensions,
    });
  }
  const { paypalPreferred, venmoPreferred } = preferredFor(request, context.store.state.preferred);
  sendJson(request, response, 200, { data: { preferredPaymentMethods: { paypalPreferred, venmoPreferred } }, extensions });
}
