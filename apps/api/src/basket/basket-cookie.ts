import type { CookieOptions, Request, Response } from 'express';

/** Cookies carry the store's own short prefix (spec 1 §9). */
export const BASKET_COOKIE = 'afs_basket';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export function basketCookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: THIRTY_DAYS_MS };
}

export function readBasketCookie(request: Request): string | null {
  const value: unknown = request.cookies?.[BASKET_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

export function writeBasketCookie(response: Response, reference: string, secure: boolean): void {
  response.cookie(BASKET_COOKIE, reference, basketCookieOptions(secure));
}

/** Signing out forgets the basket too: the next person at the browser must not read or edit it. */
export function clearBasketCookie(response: Response, secure: boolean): void {
  // Express 5 drops maxAge when clearing, so the same options name the same cookie.
  response.clearCookie(BASKET_COOKIE, basketCookieOptions(secure));
}
