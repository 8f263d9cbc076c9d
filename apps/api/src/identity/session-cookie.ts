import type { CookieOptions, Request, Response } from 'express';

/** The session cookie, with the store's prefix; its value is a secret whose digest is stored. */
export const SESSION_COOKIE = 'afs_session';

export function sessionCookieOptions(secure: boolean, expires?: Date): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', ...(expires ? { expires } : {}) };
}

export function readSessionCookie(request: Request): string | null {
  const value: unknown = request.cookies?.[SESSION_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(value) ? value : null;
}

export function writeSessionCookie(response: Response, id: string, expires: Date, secure: boolean): void {
  response.cookie(SESSION_COOKIE, id, sessionCookieOptions(secure, expires));
}

export function clearSessionCookie(response: Response, secure: boolean): void {
  response.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
}
