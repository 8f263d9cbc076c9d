export type OneTimeTokenPurpose = 'login' | 'recovery' | 'verify-email';

/** Short-lived single-use tokens, stored as digests. */
export interface OneTimeTokenRepository {
  issue(token: { digest: string; purpose: OneTimeTokenPurpose; customerId: string; expiresAt: Date }): Promise<void>;
  /** Marks a live, unused token used and returns its customer; exactly one caller can succeed. */
  consume(digest: string, purpose: OneTimeTokenPurpose, now: Date): Promise<string | null>;
  /** Whether a token is live and unused, without using it. */
  peek(digest: string, purpose: OneTimeTokenPurpose, now: Date): Promise<string | null>;
  revokeAll(customerId: string, purpose: OneTimeTokenPurpose): Promise<void>;
}
export const ONE_TIME_TOKEN_REPOSITORY = Symbol('OneTimeTokenRepository');

export interface RateLimit {
  readonly attempts: number;
  readonly windowSeconds: number;
}

/**
 * Counts attempts per key in storage shared by every API instance. Answers false once any key has
 * used up its attempts in the current window.
 */
export interface RateLimiter {
  attempt(keys: readonly string[], limit: RateLimit, now: Date): Promise<boolean>;
}
export const RATE_LIMITER = Symbol('RateLimiter');

/** The second factor: TOTP (RFC 6238) with single-use backup codes. */
export interface SecondFactor {
  isEnabled(customerId: string): Promise<boolean>;
  /** True for a current TOTP code not used before, or an unused backup code (which is then spent). */
  verify(customerId: string, code: string, now: Date): Promise<boolean>;
  /** Starts enrolment: a new secret kept pending until activated; returns the otpauth:// address. */
  beginEnrolment(customerId: string, accountLabel: string): Promise<{ secret: string; uri: string }>;
  /** Activates the pending secret when the code proves the app holds it. */
  activate(customerId: string, code: string, now: Date): Promise<boolean>;
  disable(customerId: string): Promise<void>;
  /** Replaces the backup codes with new ones, returned once in clear and stored as digests. */
  generateBackupCodes(customerId: string): Promise<string[]>;
}
export const SECOND_FACTOR = Symbol('SecondFactor');

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** Mail is written to an outbox in the same database, then delivered by a worker: never lost, never blocking. */
export interface MailOutbox {
  enqueue(mail: OutgoingMail): Promise<void>;
}
export const MAIL_OUTBOX = Symbol('MailOutbox');
