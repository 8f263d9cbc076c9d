import { normaliseEmail, type Customer } from '@store/domain';
import type { EmailVerificationStore } from '../identity/email-verification.use-case';
import type { CustomerRepository } from '../identity/identity.ports';
import type { SignInLockouts, TrustedDevice } from '../identity/sign-in-lockouts';
import type { MailOutbox, OneTimeTokenPurpose, OneTimeTokenRepository, OutgoingMail, RateLimit, RateLimiter, SecondFactor } from '../identity/sign-in.ports';

interface StoredToken {
  readonly purpose: OneTimeTokenPurpose;
  readonly customerId: string;
  readonly expiresAt: Date;
  used: boolean;
}

/** Tokens as the database keeps them: by digest, live until expiry, used at most once. */
export class InMemoryOneTimeTokens implements OneTimeTokenRepository {
  readonly tokens = new Map<string, StoredToken>();

  async issue(token: { digest: string; purpose: OneTimeTokenPurpose; customerId: string; expiresAt: Date }) {
    this.tokens.set(token.digest, { purpose: token.purpose, customerId: token.customerId, expiresAt: token.expiresAt, used: false });
  }
  async consume(digest: string, purpose: OneTimeTokenPurpose, now: Date) {
    const owner = await this.peek(digest, purpose, now);
    if (owner) (this.tokens.get(digest) as StoredToken).used = true;
    return owner;
  }
  async peek(digest: string, purpose: OneTimeTokenPurpose, now: Date) {
    const token = this.tokens.get(digest);
    return token && token.purpose === purpose && !token.used && token.expiresAt > now ? token.customerId : null;
  }
  async revokeAll(customerId: string, purpose: OneTimeTokenPurpose) {
    for (const token of this.tokens.values()) if (token.customerId === customerId && token.purpose === purpose) token.used = true;
  }
}

/** Fixed windows per key, like the shared counters: each call counts, and a spent key refuses until its window ends. */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  /** Every key asked about, in order, so tests can see what was limited. */
  readonly keys: string[] = [];

  async attempt(keys: readonly string[], limit: RateLimit, now: Date) {
    let allowed = true;
    for (const key of keys) {
      this.keys.push(key);
      const current = this.windows.get(key);
      const window = current && now.getTime() - current.startedAt < limit.windowSeconds * 1000 ? current : { startedAt: now.getTime(), count: 0 };
      window.count += 1;
      this.windows.set(key, window);
      if (window.count > limit.attempts) allowed = false;
    }
    return allowed;
  }
}

/**
 * A second factor whose current code is `code-<customerId>` and whose backup codes are spent once
 * used; enrolment stays pending until activated with the current code.
 */
export class FakeSecondFactor implements SecondFactor {
  readonly enabled = new Set<string>();
  readonly pending = new Set<string>();
  readonly backupCodes = new Map<string, string[]>();
  private generated = 0;

  static codeFor(customerId: string) {
    return `code-${customerId}`;
  }
  async isEnabled(customerId: string) {
    return this.enabled.has(customerId);
  }
  async verify(customerId: string, code: string) {
    if (!this.enabled.has(customerId)) return false;
    if (code === FakeSecondFactor.codeFor(customerId)) return true;
    const backups = this.backupCodes.get(customerId) ?? [];
    if (!backups.includes(code)) return false;
    this.backupCodes.set(customerId, backups.filter((backup) => backup !== code));
    return true;
  }
  async beginEnrolment(customerId: string, accountLabel: string) {
    this.pending.add(customerId);
    return { secret: `secret-of-${customerId}`, uri: `otpauth://totp/Affinity%20Store:${encodeURIComponent(accountLabel)}?secret=secret-of-${customerId}` };
  }
  async activate(customerId: string, code: string) {
    if (!this.pending.has(customerId) || code !== FakeSecondFactor.codeFor(customerId)) return false;
    this.pending.delete(customerId);
    this.enabled.add(customerId);
    return true;
  }
  async disable(customerId: string) {
    this.enabled.delete(customerId);
    this.backupCodes.delete(customerId);
  }
  async generateBackupCodes(customerId: string) {
    const codes = [1, 2, 3].map(() => `backup-${(this.generated += 1)}`);
    this.backupCodes.set(customerId, codes);
    return codes;
  }
}

export class InMemoryOutbox implements MailOutbox {
  readonly mails: OutgoingMail[] = [];
  async enqueue(mail: OutgoingMail) {
    this.mails.push(mail);
  }
  /** The token of the link in the latest mail, as the shopper following it would send it. */
  lastLinkToken(): string {
    const token = /https?:\/\/\S+[?&]token=([^&\s]+)/.exec(this.mails.at(-1)?.text ?? '')?.[1];
    return token ? decodeURIComponent(token) : '';
  }
}

/**
 * The two lockouts: the account's is the customer's status (as in the database), a device's is its
 * own counter and flag. Each lock answers true only to the call that set it.
 */
export class InMemorySignInLockouts implements SignInLockouts {
  readonly deviceFailures = new Map<string, number>();
  readonly lockedDevices = new Set<string>();

  constructor(private readonly customers: Pick<CustomerRepository, 'findById' | 'setStatus'>) {}

  private static key(device: TrustedDevice) {
    return `${device.customerId}/${device.deviceId}`;
  }
  async lockAccount(customerId: string) {
    const customer = await this.customers.findById(customerId);
    if (!customer || customer.status !== 'active') return false;
    await this.customers.setStatus(customerId, 'locked');
    return true;
  }
  async recordDeviceFailure(device: TrustedDevice) {
    const count = (this.deviceFailures.get(InMemorySignInLockouts.key(device)) ?? 0) + 1;
    this.deviceFailures.set(InMemorySignInLockouts.key(device), count);
    return count;
  }
  async lockDevice(device: TrustedDevice) {
    if (this.lockedDevices.has(InMemorySignInLockouts.key(device))) return false;
    this.lockedDevices.add(InMemorySignInLockouts.key(device));
    return true;
  }
  async isDeviceLocked(device: TrustedDevice) {
    return this.lockedDevices.has(InMemorySignInLockouts.key(device));
  }
  async clearDeviceFailures(device: TrustedDevice) {
    this.deviceFailures.set(InMemorySignInLockouts.key(device), 0);
  }
}

/** Marks the address verified only while it is still the account's address, as the conditional update does. */
export class InMemoryEmailVerifications implements EmailVerificationStore {
  constructor(private readonly customers: { readonly customers: Map<string, Customer> }) {}

  async markVerified(customerId: string, normalisedEmail: string) {
    const customer = this.customers.customers.get(customerId);
    if (!customer || normaliseEmail(customer.email) !== normalisedEmail) return false;
    this.customers.customers.set(customerId, { ...customer, emailVerified: true });
    return true;
  }
}
