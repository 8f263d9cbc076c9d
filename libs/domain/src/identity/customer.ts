import type { AccountType } from '../accounts/account-types';

/** Emails are compared without case or surrounding spaces; the address as typed is kept for mail. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type CustomerStatus = 'active' | 'locked' | 'suspended';

export interface Customer {
  readonly id: string;
  /** The identifier shown to the browser and sent with orders (never the database id). */
  readonly publicId: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly firstName: string;
  readonly lastName: string;
  readonly country: string | null;
  readonly accountType: AccountType;
  /** The category's fully qualified name: 'personal', 'business.*' or 'education.*'. */
  readonly customerCategory: string;
  /** Company or institution name; null for personal accounts. */
  readonly accountName: string | null;
  readonly hasConfirmedAccountType: boolean;
  readonly status: CustomerStatus;
}

export function fullName(customer: Pick<Customer, 'firstName' | 'lastName'>): string {
  return `${customer.firstName} ${customer.lastName}`.trim();
}

/** The account type a category belongs to, from its fully qualified name; null when it is none of ours. */
export function accountTypeOfCategory(fqn: string): AccountType | null {
  if (fqn === 'personal') return 'personal';
  if (/^business\.[a-z0-9-]+$/.test(fqn)) return 'business';
  if (/^education\.[a-z0-9-]+$/.test(fqn)) return 'education';
  return null;
}

/** Consecutive wrong passwords that lock an account (it is then unlocked by resetting the password). */
export const LOCK_AFTER_FAILED_SIGN_INS = 10;

/**
 * Attempts allowed per window before answering 429, counted in shared storage so that every API
 * instance enforces the same limit: per account, and more loosely per client address (one office
 * or school network can hold many shoppers).
 */
export const SIGN_IN_RATE_LIMIT = { attempts: 20, windowSeconds: 15 * 60 } as const;
export const SIGN_IN_ADDRESS_RATE_LIMIT = { attempts: 100, windowSeconds: 15 * 60 } as const;
export const RECOVERY_RATE_LIMIT = { attempts: 5, windowSeconds: 60 * 60 } as const;
export const RECOVERY_ADDRESS_RATE_LIMIT = { attempts: 30, windowSeconds: 60 * 60 } as const;

/** How long a signed-in session lasts without a new sign-in. */
export const SESSION_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
/** A sign-in token is exchanged for a session at once; it is single use and short-lived. */
export const LOGIN_TOKEN_LIFETIME_SECONDS = 120;

/** A password reset link works once, for an hour. */
export const RECOVERY_TOKEN_LIFETIME_SECONDS = 60 * 60;

/** An email verification link works once, for a day: it may be read later than a reset link. */
export const EMAIL_VERIFICATION_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
/** Verification mails a customer can cause in an hour (each refused code and each resend asks for one). */
export const EMAIL_VERIFICATION_RATE_LIMIT = { attempts: 5, windowSeconds: 60 * 60 } as const;
