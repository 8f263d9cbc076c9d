import type { SandboxRequest } from '../context';
import type { ClientTokenRecord, SandboxStore } from '../store';
import type { JsonObject } from './http';

/**
 * The client token record behind the fingerprint braintree-web sends back: in the query string
 * for GET, in the JSON body otherwise. The fingerprint may carry `?customer_id=…` like the
 * provider's; the record, not that suffix, says which customer it is for.
 */
export function clientTokenOf(store: SandboxStore, request: SandboxRequest, body: JsonObject | null): ClientTokenRecord | null {
  const sent = request.method === 'GET' ? request.url.searchParams.get('authorizationFingerprint') : body?.authorizationFingerprint;
  if (typeof sent !== 'string' || sent === '') return null;
  const fingerprint = sent.split('?')[0];
  return Object.hasOwn(store.state.clientTokens, fingerprint) ? store.state.clientTokens[fingerprint] : null;
}
