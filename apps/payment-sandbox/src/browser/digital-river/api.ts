/*
 * Ours: how the DigitalRiver.js stand-in reaches the payment sandbox. The sandbox's origin is the
 * origin this script was loaded from (so the page decides, by the script URL it is configured
 * with); the calls carry the public key as the real library's do.
 */

export type Json = Record<string, unknown>;

export interface DrError {
  readonly code: string;
  readonly parameter?: string;
  readonly message: string;
}

export interface ApiAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly body: Json;
}

const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;

/** The sandbox's origin: where `/v1/DigitalRiver.js` came from. */
export const sandboxOrigin = new URL(scriptUrl).origin;

export async function callSandbox(publicKey: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiAnswer> {
  try {
    const response = await fetch(`${sandboxOrigin}/__drjs/${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: `Bearer ${publicKey}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    const body = text ? (JSON.parse(text) as Json) : {};
    return { ok: response.ok, status: response.status, body };
  } catch (error) {
    return { ok: false, status: 0, body: { type: 'request_timeout', errors: [{ code: 'unknown_error', message: error instanceof Error ? error.message : 'The request failed.' }] } };
  }
}

/** The `errors` of a provider error body (or one `unknown_error`). */
export function errorsOf(answer: ApiAnswer): DrError[] {
  const errors = answer.body.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((error: Json) => ({ code: String(error.code ?? 'unknown_error'), ...(error.parameter ? { parameter: String(error.parameter) } : {}), message: String(error.message ?? '') }));
  }
  return [{ code: 'unknown_error', message: `The payment service answered ${answer.status}.` }];
}

let ids = 0;
/** A unique element id for labels and descriptions. */
export const nextId = (prefix: string) => `${prefix}-${++ids}`;

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function containerById(id: string): HTMLElement {
  const container = document.getElementById(id.replace(/^#/, ''));
  if (!container) throw new Error(`DigitalRiver.js (sandbox stand-in): no element with id "${id}" to mount into.`);
  return container;
}
