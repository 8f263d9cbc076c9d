import type { TrustedDevice } from '@store/application';
import type { CookieOptions, Request, Response } from 'express';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The device cookie of OWASP's 'Slow Down Online Guessing Attacks with Device Cookies': issued on a
 * successful sign-in, it names the account and one random device id, signed with the server's key,
 * so only a browser that really signed in to that account can present it. It holds no secret of
 * the account: it only decides which lockout counter a sign-in attempt falls under.
 */
export const DEVICE_COOKIE = 'afs_device';
/** Half a year: a browser in regular use renews it at each sign-in. */
export const DEVICE_COOKIE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;
// Only the sign-in calls need it, so no other request carries it.
const PATH = '/auth/';
const FORMAT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const signature = (secret: string, customerId: string, deviceId: string) =>
  createHmac('sha256', secret).update(`afs-device-cookie-v1:${customerId}:${deviceId}`).digest('base64url');

export function deviceCookieOptions(secure: boolean, expires?: Date): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: PATH, ...(expires ? { expires } : {}) };
}

/** The claim of a well-formed cookie whose signature matches; anything else is no device cookie. */
export function readDeviceCookie(request: Request, secret: string): TrustedDevice | null {
  const value: unknown = request.cookies?.[DEVICE_COOKIE];
  const parts = typeof value === 'string' ? FORMAT.exec(value) : null;
  if (!parts) return null;
  const [, customerId, deviceId, given] = parts;
  const expected = Buffer.from(signature(secret, customerId, deviceId));
  return timingSafeEqual(expected, Buffer.from(given)) ? { customerId, deviceId } : null;
}

/** Issues (or renews, keeping its device id) the cookie for the account just signed in to. */
export function writeDeviceCookie(response: Response, customerId: string, device: TrustedDevice | null, secret: string, secure: boolean, now: Date): void {
  const deviceId = device?.customerId === customerId ? device.deviceId : randomBytes(16).toString('base64url');
  const value = `${customerId}.${deviceId}.${signature(secret, customerId, deviceId)}`;
  response.cookie(DEVICE_COOKIE, value, deviceCookieOptions(secure, new Date(now.getTime() + DEVICE_COOKIE_LIFETIME_SECONDS * 1000)));
}
