import type { RunningDigitalRiverSandbox } from './server';

/** Ours: a tiny HTTP client for the sandbox's own tests (and anyone's), speaking as the server or as DigitalRiver.js. */
export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
}

// Test helpers read deep into answers; `any` keeps the assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export function clientFor(sandbox: RunningDigitalRiverSandbox) {
  const request = async (path: string, init: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> } = {}): Promise<Answer<Loose>> => {
    const headers: Record<string, string> = { ...init.headers };
    const key = init.key === undefined ? sandbox.config.secretKey : init.key;
    if (key) headers.Authorization = `Bearer ${key}`;
    if (init.body !== undefined && typeof init.body !== 'string') headers['Content-Type'] = 'application/json';
    const response = await fetch(`${sandbox.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Loose) : undefined };
  };
  return {
    request,
    /** As the server adapter: the confidential key. */
    api: (path: string, body?: unknown, method?: string) => request(path, { body, method }),
    /** As DigitalRiver.js: the public key, to /__drjs/…. */
    drjs: (path: string, body?: unknown) => request(`/__drjs/${path}`, { body, key: sandbox.config.publicKey }),
    control: (path: string, body?: unknown, method?: string) => request(`/__sandbox/${path}`, { body, method, key: null }),
  };
}
