import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';
import { contentSecurityDirectives } from './content-security';

const CSP = 'Content-Security-Policy';
/** HSTS for two years with subdomains: above the half year ASVS V14.4.5 asks, and what the preload list wants. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * The security headers of every response (ASVS V14.4): one fixed content security policy (the page's
 * own copy adds a per-response nonce, see withScriptNonce), framing refused (frame-ancestors 'none'
 * and X-Frame-Options DENY), nosniff, no referrer, an opener policy that lets the page's own popups
 * report back, and HSTS wherever the store is served over HTTPS
 * (COOKIE_SECURE, on by default in production), never on a plain-http development run.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: true, directives: contentSecurityDirectives(config) },
    strictTransportSecurity: config.COOKIE_SECURE ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    // The provider's windows (a local payment's bank page, opened by braintree-web) must keep their
    // opener to hand the payment back; the store itself stays apart from any window that opens it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}

/**
 * The headers securityHeaders sets, worked out once: the policy is the same for every response (a
 * page adds its nonce afterwards), so the edge sets this list itself instead of running helmet's
 * dozen middlewares on each request. Helmet still decides every value.
 */
export function securityHeaderList(config: AppConfig): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  let finished = false;
  const probe = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  securityHeaders(config)({ method: 'GET', url: '/', headers: {} } as Request, probe as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // A policy made per request (a function among the directives) would not be the same twice.
  if (!finished) throw new Error('The security headers could not be worked out once for every response');
  return [...headers];
}

/** 128 random bits for one page's scripts. */
export function newScriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The policy already on a response with the nonce added to its script-src (every other source kept). */
export function withScriptNonce(policy: string, nonce: string): string {
  return policy.replace(/(^|;)(\s*script-src\b[^;]*)/, `$1$2 'nonce-${nonce}'`);
}

/** Sets the response's policy to admit the scripts carrying this nonce (the page's own tags). */
export function admitScriptNonce(response: Response, nonce: string): void {
  const policy = response.getHeader(CSP);
  if (typeof policy === 'string') response.setHeader(CSP, withScriptNonce(policy, nonce));
}

const PRIVATE_PREFIXES = ['/data/', '/auth/', '/cookie-'];

/**
 * Data and auth answers carry customers' details, tokens and baskets: no cache may keep them
 * (ASVS V8.2.1). A handler that knows better (a download, the consent calls) sets its own.
 */
export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix));
}
