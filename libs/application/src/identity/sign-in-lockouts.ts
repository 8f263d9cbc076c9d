import type { OutgoingMail } from './sign-in.ports';

/**
 * A device cookie's claim, after its signature was checked: the browser signed in to this account
 * before. `deviceId` tells one such browser from another.
 */
export interface TrustedDevice {
  readonly customerId: string;
  readonly deviceId: string;
}

/**
 * The two lockouts of the device-cookie pattern: the account's, which stops clients without a
 * device cookie, and one per device cookie, which stops only that browser. Each lock is claimed by
 * a conditional update, so exactly one caller learns that it locked (and mails the owner once).
 */
export interface SignInLockouts {
  /** Locks the account for clients without a device cookie; true only for the call that locked it. */
  lockAccount(customerId: string): Promise<boolean>;
  /** Counts one failed attempt from a device cookie; returns that device's count. */
  recordDeviceFailure(device: TrustedDevice): Promise<number>;
  /** Locks one device cookie; true only for the call that locked it. */
  lockDevice(device: TrustedDevice): Promise<boolean>;
  isDeviceLocked(device: TrustedDevice): Promise<boolean>;
  clearDeviceFailures(device: TrustedDevice): Promise<void>;
}
export const SIGN_IN_LOCKOUTS = Symbol('SignInLockouts');

/** Where the lockout mail's reset link points. */
export interface LockoutMailSettings {
  readonly publicUrl: string;
  readonly locale: string;
}

/** 2026-11-25 01:23 UTC: unambiguous for a reader anywhere. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The mail telling the account holder what was locked, when, and how to get back in. */
export function lockoutMail(
  customer: { email: string; firstName: string },
  scope: 'account' | 'device',
  at: Date,
  settings: LockoutMailSettings,
): OutgoingMail {
  const reset = `${settings.publicUrl.replace(/\/$/, '')}/${settings.locale}/reset-password/`;
  const what =
    scope === 'account'
      ? [
          `Ten wrong passwords in a row were entered for your Affinity Store account, most recently at ${utc(at)}.`,
          'To protect it, we have locked sign-in from browsers and devices you have not signed in from before.',
          'Browsers and devices where you signed in successfully before can still sign in with your password.',
        ]
      : [
          `Ten wrong passwords in a row were entered for your Affinity Store account on a browser or device you had signed in from before, most recently at ${utc(at)}.`,
          'To protect your account, we have locked sign-in from that device. Your other devices are not affected.',
        ];
  return {
    to: customer.email,
    subject: scope === 'account' ? 'Your Affinity Store account has been locked' : 'Sign-in from one of your devices has been locked',
    text: [
      `Hello ${customer.firstName},`,
      '',
      ...what,
      '',
      'To unlock it, reset your password here:',
      '',
      reset,
      '',
      'If these attempts were not yours, someone may be guessing your password: choose a new one that you use nowhere else.',
    ].join('\n'),
  };
}
