import type { ServerResponse } from 'node:http';
import type { DigitalRiverConfig, DrReply, DrRequest } from './context';

/**
 * Digital River's error body: `{type, errors: [{code, parameter?, message}]}` with the HTTP
 * status's type (`bad_request` 400, `unauthorized` 401, `not_found` 404, `conflict` 409).
 */
export interface DrError {
  readonly code: string;
  readonly parameter?: string;
  readonly message: string;
}

const TYPES: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  500: 'internal_server_error',
  // Ours: the provider documents no body for 503; the type follows its naming.
  503: 'service_unavailable',
};

export const errorReply = (status: number, ...errors: DrError[]): DrReply => ({ status, body: { type: TYPES[status] ?? 'bad_request', errors } });

export const badRequest = (code: string, parameter: string | undefined, message: string) => errorReply(400, { code, parameter, message });
export const missing = (parameter: string) => badRequest('missing_parameter', parameter, `${parameter} is required.`);
export const invalid = (parameter: string, message: string) => badRequest('invalid_parameter', parameter, message);
export const notFound = (what: string, id: string, parameter = 'id') => errorReply(404, { code: 'not_found', parameter, message: `${what} '${id}' not found.` });
export const conflict = (code: string, message: string, parameter?: string) => errorReply(409, { code, parameter, message });

export const ok = (body: unknown, status = 200): DrReply => ({ status, body });
export const noContent: DrReply = { status: 204 };

/** Strips undefined members, so answers read like the provider's (absent rather than null). */
export function clean<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's JSON object, or the error reply to send. */
export function jsonBody(request: DrRequest): { readonly body: Json } | { readonly error: DrReply } {
  const text = request.body.toString('utf8').trim();
  if (text === '') return { body: {} };
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? { body: parsed } : { error: badRequest('invalid_format', undefined, 'The request body must be a JSON object.') };
  } catch {
    return { error: badRequest('invalid_format', undefined, 'The request body is not valid JSON.') };
  }
}

/** Answers CORS for the browser script's calls (any origin: the sandbox is for tests). */
export function corsHeaders(request: DrRequest): Record<string, string> {
  const origin = request.headers.origin;
  return origin
    ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Headers': 'Authorization, Content-Type', 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS', Vary: 'Origin' }
    : {};
}

export function send(response: ServerResponse, reply: DrReply, headers: Record<string, string> = {}): void {
  if (reply.body === undefined) {
    response.writeHead(reply.status, headers).end();
    return;
  }
  const text = JSON.stringify(reply.body);
  response.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)), ...headers }).end(text);
}

/** The key a request carries: `Authorization: Bearer KEY`, or Basic with the key as the user name (`curl -u sk_…:`). */
export function presentedKey(request: DrRequest): string | null {
  const header = request.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

const UNAUTHORIZED = errorReply(401, { code: 'unauthorized', message: 'Unauthorized: a valid API key is required.' });

/** Null when the request carries the confidential key, else the 401 to send. */
export const requireSecretKey = (request: DrRequest, config: DigitalRiverConfig): DrReply | null => (presentedKey(request) === config.secretKey ? null : UNAUTHORIZED);

/** Null when the request carries the public (or the confidential) key, else the 401 to send. */
export function requirePublicKey(request: DrRequest, config: DigitalRiverConfig): DrReply | null {
  const key = presentedKey(request);
  return key === config.publicKey || key === config.secretKey ? null : UNAUTHORIZED;
}

/** Path segments, decoded. */
export const segmentsOf = (url: URL) => url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
