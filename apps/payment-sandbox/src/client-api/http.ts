import type { ServerResponse } from 'node:http';
import type { SandboxRequest } from '../context';

/**
 * braintree-web calls the client API cross-origin (from the merchant's page and from the card
 * frames), with a JSON content type, so every answer needs CORS headers and every path a preflight.
 */
export function corsHeaders(request: SandboxRequest): Record<string, string> {
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : null;
  if (!origin) return { 'Access-Control-Allow-Origin': '*' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' };
}

export function answerPreflight(request: SandboxRequest, response: ServerResponse): void {
  const asked = request.headers['access-control-request-headers'];
  response
    .writeHead(204, {
      ...corsHeaders(request),
      'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'Access-Control-Allow-Headers': typeof asked === 'string' && asked ? asked : 'Content-Type, Authorization, Braintree-Version',
      'Access-Control-Max-Age': '600',
    })
    .end();
}

export function sendJson(request: SandboxRequest, response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...corsHeaders(request), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's JSON body, or null when it is missing or not a JSON object. */
export function readJson(request: SandboxRequest): JsonObject | null {
  if (request.body.length === 0) return null;
  try {
    const parsed: unknown = JSON.parse(request.body.toString('utf8'));
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const stringOf = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
