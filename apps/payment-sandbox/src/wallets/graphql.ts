import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { readJson, sendJson } from '../client-api/http';

/**
 * The provider's client GraphQL endpoint (payments.sandbox.braintree-api.com/graphql), for the one
 * operation braintree-web sends there with this configuration: the PreferredPaymentMethods query.
 * braintree-web authenticates with `Authorization: Bearer <authorizationFingerprint>`.
 */
export const GRAPHQL_PATH = '/graphql';

const PREFERRED_PAYMENT_METHODS = /\bpreferredPaymentMethods\b/;

export function answerGraphQL(request: SandboxRequest, response: ServerResponse, context: SandboxContext): void {
  const extensions = { requestId: randomUUID() };
  const bearer = /^Bearer\s+(\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
  const fingerprint = bearer.split('?')[0];
  if (!Object.hasOwn(context.store.state.clientTokens, fingerprint)) {
    return sendJson(request, response, 401, { errors: [{ message: 'Authentication credentials are invalid.', extensions: { errorClass: 'AUTHENTICATION' } }], extensions });
  }
  const query = readJson(request)?.query;
  if (typeof query !== 'string' || !PREFERRED_PAYMENT_METHODS.test(query)) {
    // Ours: the sandbox serves no other GraphQL operation; the provider would answer most of them.
    return sendJson(request, response, 200, {
      data: null,
      errors: [{ message: 'The payment sandbox serves only the PreferredPaymentMethods query.', extensions: { errorClass: 'VALIDATION' } }],
      extensions,
    });
  }
  const { paypalPreferred, venmoPreferred } = context.store.state.preferred;
  sendJson(request, response, 200, { data: { preferredPaymentMethods: { paypalPreferred, venmoPreferred } }, extensions });
}
