import type { CookieOptions, Request, Response } from 'express';

/**
 * The staff session cookie: a name of its own and sent only to the back office's data calls
 * (/data/admin), SameSite=Strict, HttpOnly. A shopper's session cookie is never read there, and
 * this one is never sent to, or read by, the shopper's routes.
 */
export const OPERATOR_COOKIE = 'afs_operator';
export const OPERATOR_COOKIE_PATH = '/data/admin';

const options = (secure: boolean, expires?: Date): CookieOptions => ({ httpOnly: true, sameSite: 'strict', secure, path: OPERATOR_COOKIE_PATH, ...(expires ? { expires } : {}) });

export function readOperatorCookie(request: Request): string | null {
  const value: unknown = request.cookies?.[OPERATOR_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(value) ? value : null;
}

export function writeOperatorCookie(response: Response, id: string, expires: Date, secure: boolean): void {
  response.cookie(OPERATOR_COOKIE, id, options(secure, expires));
}

export function clearOperatorCookie(response: Response, secure: boolean): void {
  response.clearCookie(OPERATOR_COOKIE, options(secure));
}
