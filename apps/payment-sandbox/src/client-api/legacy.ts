import type { SandboxRequest } from '../context';
import { isObject, readJson, type JsonObject } from './http';

/**
 * The client API's older dialect, which the provider still accepts from braintree.js, braintree-web
 * before version 3, the first mobile SDKs and the server SDKs' own integration tests: `.json` paths
 * (`v1/payment_methods/credit_cards.json`, `v1/payment_methods.json`), snake_case fields
 * (`credit_card[number]`, `expiration_date`, `billing_address[postal_code]`), form-encoded or JSON
 * bodies, and the authorization fingerprint as `authorization_fingerprint` or `authorizationFingerprint`,
 * in the body or in the query string. Such a request is read into braintree-web 3's shape and then
 * served by the same routes, with the same outcomes and errors.
 */

export interface LegacyRequest {
  /** The endpoint without its `.json`. */
  readonly endpoint: string;
  /** The body in braintree-web 3's shape (camelCase, `authorizationFingerprint`); null for a GET. */
  readonly body: JsonObject | null;
  /** The fingerprint, wherever it was sent. */
  readonly fingerprint: string | null;
}

const FORM = 'application/x-www-form-urlencoded';

/** `credit_card[billing_address][postal_code]=…` pairs as nested objects. */
function formBody(text: string): JsonObject {
  const body: JsonObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[').filter(Boolean);
    let node = body;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) node[part] = value;
      else {
        if (!isObject(node[part])) node[part] = {};
        node = node[part] as JsonObject;
      }
    }
  }
  return body;
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** snake_case keys at every depth as camelCase; `_meta` and the like keep their leading underscore. */
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.startsWith('_') ? key : camel(key), camelKeys(item)]));
}

const isForm = (request: SandboxRequest) => String(request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);

function rawBody(request: SandboxRequest): JsonObject | null {
  if (request.method === 'GET') return null;
  return isForm(request) ? formBody(request.body.toString('utf8')) : readJson(request);
}

/**
 * The older dialect's request read into braintree-web 3's shape, or null when the request is in
 * braintree-web 3's own dialect (left exactly as it is). It is the older one when the path ends in
 * `.json`, the body is form-encoded, or the body or query string uses the snake_case fingerprint
 * or card (`authorization_fingerprint`, `credit_card`).
 */
export function legacyRequest(request: SandboxRequest, endpoint: string): LegacyRequest | null {
  const dotJson = endpoint.endsWith('.json');
  const body = rawBody(request);
  const query = request.url.searchParams;
  const snake = query.has('authorization_fingerprint') || (body !== null && ('authorization_fingerprint' in body || 'credit_card' in body));
  if (!dotJson && !snake && !(request.method !== 'GET' && isForm(request))) return null;
  const converted = body === null ? null : (camelKeys(body) as JsonObject);
  const fromBody = converted?.authorizationFingerprint;
  const fingerprint = typeof fromBody === 'string' && fromBody !== '' ? fromBody : (query.get('authorizationFingerprint') ?? query.get('authorization_fingerprint'));
  return {
    endpoint: dotJson ? endpoint.slice(0, -'.json'.length) : endpoint,
    body: converted === null ? null : { ...converted, ...(fingerprint ? { authorizationFingerprint: fingerprint } : {}) },
    fingerprint: fingerprint || null,
  };
}
