import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxStore } from '../store';

/**
 * HS256 tokens standing in for the 3-D Secure provider's signed JWTs. The secret is made per
 * running sandbox and never leaves it, so a token the browser hands back is one the sandbox
 * minted (a page cannot forge a successful challenge).
 */
const secrets = new WeakMap<SandboxStore, Buffer>();

function secretOf(store: SandboxStore): Buffer {
  let secret = secrets.get(store);
  if (!secret) {
    secret = randomBytes(32);
    secrets.set(store, secret);
  }
  return secret;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (store: SandboxStore, content: string) => createHmac('sha256', secretOf(store)).update(content).digest();

export function signJwt(store: SandboxStore, claims: Record<string, unknown>): string {
  const content = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: Math.floor(Date.now() / 1000), ...claims })}`;
  return `${content}.${sign(store, content).toString('base64url')}`;
}

/** The claims of a token this sandbox signed, or null for anything else. */
export function verifyJwt(store: SandboxStore, token: unknown): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  const expected = sign(store, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const decodedHeader: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if ((decodedHeader as { alg?: unknown }).alg !== 'HS256' || typeof claims !== 'object' || claims === null) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}
