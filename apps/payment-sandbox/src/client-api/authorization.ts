import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import type { ClientTokenRecord, SandboxStore } from '../store';
import { answerPreflight, readJson, sendJson, type JsonObject } from './http';

/**
 * The client token record behind the fingerprint braintree-web sends back: in the query string
 * for GET, in the JSON body otherwise. The fingerprint may carry `?customer_id=…` like the
 * provider's; the record, not that suffix, says which customer it is for.
 */
export function clientTokenOf(store: SandboxStore, request: SandboxRequest, body: JsonObject | null): ClientTokenRecord | null {
  const sent = request.method === 'GET' ? request.url.searchParams.get('authorizationFingerprint') : body?.authorizationFingerprint;
  return clientTokenByFingerprint(store, sent);
}

/** The client token record behind a fingerprint as sent (with or without its `?customer_id=…`). */
export function clientTokenByFingerprint(store: SandboxStore, sent: unknown): ClientTokenRecord | null {
  if (typeof sent !== 'string' || sent === '') return null;
  const fingerprint = sent.split('?')[0];
  return Object.hasOwn(store.state.clientTokens, fingerprint) ? store.state.clientTokens[fingerprint] : null;
}

/** A client API call a method's own routes answer, once its merchant, verb and client token are checked. */
export interface ClientApiCall {
  /** The endpoint under client_api/v1/, as the route's pattern captured it. */
  readonly endpoint: string;
  readonly token: ClientTokenRecord;
  /** The JSON body of a POST (empty when unreadable); null for a GET. */
  readonly body: JsonObject | null;
}

/**
 * Serves a client API endpoint that lives beside the main client API (a method's own module):
 * answers the browser's preflight, leaves calls for another merchant or with another verb to the
 * other routes (false), and refuses a missing or unknown client token as the provider does (401).
 */
export function answerClientApiCall(
  request: SandboxRequest,
  response: ServerResponse,
  context: SandboxContext,
  path: RegExp,
  verbOf: (endpoint: string) => 'GET' | 'POST',
  handle: (call: ClientApiCall) => void,
): boolean {
  const match = path.exec(request.url.pathname);
  if (!match) return false;
  if (request.method === 'OPTIONS') {
    answerPreflight(request, response);
    return true;
  }
  const [, merchantId, endpoint] = match;
  const verb = verbOf(endpoint);
  if (merchantId !== context.config.merchantId || request.method !== verb) return false;
  const body = verb === 'GET' ? null : (readJson(request) ?? {});
  const token = clientTokenOf(context.store, request, body);
  if (!token) sendJson(request, response, 401, { error: { message: 'Authorization fingerprint is invalid.' } });
  else handle({ endpoint, token, body });
  return true;
}
