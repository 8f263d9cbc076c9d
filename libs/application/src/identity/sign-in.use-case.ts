import {
  DomainError,
  err,
  LOCK_AFTER_FAILED_SIGN_INS,
  LOGIN_TOKEN_LIFETIME_SECONDS,
  normaliseEmail,
  ok,
  SIGN_IN_ADDRESS_RATE_LIMIT,
  SIGN_IN_RATE_LIMIT,
  type Customer,
  type Result,
} from '@store/domain';
import type { Clock } from '../shared/ports';
import type { CustomerRepository, PasswordHasher, SecretGenerator } from './identity.ports';
import { lockoutMail, type LockoutMailSettings, type SignInLockouts, type TrustedDevice } from './sign-in-lockouts';
import type { MailOutbox, OneTimeTokenRepository, RateLimiter, SecondFactor } from './sign-in.ports';

export interface Credentials {
  readonly email: string;
  readonly password: string;
  readonly otp?: string;
  /** The client's address, for the per-address rate limit. */
  readonly clientAddress: string;
  /** The device cookie's claim, already checked by its signature; it counts only for the account it names. */
  readonly device?: TrustedDevice | null;
}

/** Any password checked against this hash is wrong; it makes an unknown email cost one real Argon2id check. */
const UNKNOWN_ACCOUNT_PASSWORD = 'no account has this password: it only keeps the timing even';

/**
 * Checks credentials the way the auth service of spec 2 §7 answers them: rate limits first (per
 * account and per address, shared across instances), then the account's state, the password and
 * the second factor.
 *
 * Lockout follows OWASP's device-cookie pattern: ten wrong passwords in a row lock the account for
 * clients without a device cookie for it, while each browser that signed in before has its own
 * counter and lock, and its own per-account rate limit. A stranger's guesses therefore cannot lock
 * the owner out of the devices they use. An unknown email is answered like a wrong password, after
 * the same single Argon2id check, so neither the answer nor its time tells whether an account exists.
 */
export class CredentialCheck {
  private unknownAccountHash: Promise<string> | null = null;

  constructor(
    private readonly customers: CustomerRepository,
    private readonly hasher: PasswordHasher,
    private readonly secondFactor: SecondFactor,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly lockouts: SignInLockouts,
    private readonly outbox: MailOutbox,
    private readonly mailSettings: LockoutMailSettings,
  ) {}

  async check(credentials: Credentials, options: { requireSecondFactor: boolean }): Promise<Result<{ customer: Customer; device: TrustedDevice | null }, DomainError>> {
    const email = normaliseEmail(credentials.email);
    const now = this.clock.now();
    const customer = await this.customers.findByEmail(email);
    const device = customer && credentials.device?.customerId === customer.id ? credentials.device : null;
    const accountKey = device ? `sign-in:account:${email}:device:${device.deviceId}` : `sign-in:account:${email}`;
    const accountAllowed = await this.limiter.attempt([accountKey], SIGN_IN_RATE_LIMIT, now);
    const addressAllowed = await this.limiter.attempt([`sign-in:address:${credentials.clientAddress}`], SIGN_IN_ADDRESS_RATE_LIMIT, now);
    if (!accountAllowed || !addressAllowed) return err(new DomainError('TOO_MANY_REQUESTS'));

    if (!customer) {
      await this.hasher.verify(await this.unknownHash(), credentials.password);
      return err(new DomainError('SIGN_IN_DETAILS_INCORRECT'));
    }
    if (customer.status === 'suspended') return err(new DomainError('ACCOUNT_SUSPENDED'));
    const locked = device ? await this.lockouts.isDeviceLocked(device) : customer.status === 'locked';
    if (locked) return err(new DomainError('ACCOUNT_LOCKED'));

    const hash = await this.customers.passwordHashOf(customer.id);
    const passwordMatches = await this.hasher.verify(hash ?? (await this.unknownHash()), credentials.password);
    if (!hash || !passwordMatches) {
      return (await this.recordWrongPassword(customer, device, now)) ? err(new DomainError('ACCOUNT_LOCKED')) : err(new DomainError('SIGN_IN_DETAILS_INCORRECT'));
    }

    if (options.requireSecondFactor && (await this.secondFactor.isEnabled(customer.id))) {
      if (!credentials.otp) return err(new DomainError('SECURITY_CODE_REQUIRED'));
      if (!(await this.secondFactor.verify(customer.id, credentials.otp, now))) {
        if (device) await this.lockouts.recordDeviceFailure(device);
        else await this.customers.recordFailedSignIn(customer.id);
        return err(new DomainError('SECURITY_CODE_INVALID'));
      }
    }
    // A trusted device's success clears its own counter only: it must not hand strangers new guesses.
    if (device) await this.lockouts.clearDeviceFailures(device);
    else await this.customers.resetFailedSignIns(customer.id);
    return ok({ customer, device });
  }

  /** Counts a wrong password against the device or the account; true when that lockout now holds. */
  private async recordWrongPassword(customer: Customer, device: TrustedDevice | null, now: Date): Promise<boolean> {
    const failures = device ? await this.lockouts.recordDeviceFailure(device) : await this.customers.recordFailedSignIn(customer.id);
    if (failures < LOCK_AFTER_FAILED_SIGN_INS) return false;
    const lockedNow = device ? await this.lockouts.lockDevice(device) : await this.lockouts.lockAccount(customer.id);
    if (lockedNow) await this.outbox.enqueue(lockoutMail(customer, device ? 'device' : 'account', now, this.mailSettings));
    return true;
  }

  private unknownHash(): Promise<string> {
    this.unknownAccountHash ??= this.hasher.hash(UNKNOWN_ACCOUNT_PASSWORD);
    return this.unknownAccountHash;
  }
}

/** /login: good credentials earn a single-use token, valid for two minutes, to open a session with. */
export class SignIn {
  constructor(
    private readonly credentials: CredentialCheck,
    private readonly tokens: OneTimeTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly clock: Clock,
  ) {}

  /** Also names the customer and the trusted device used, so the caller can issue the device cookie. */
  async execute(credentials: Credentials): Promise<Result<{ token: string; customerId: string; device: TrustedDevice | null }, DomainError>> {
    const checked = await this.credentials.check(credentials, { requireSecondFactor: true });
    if (!checked.ok) return checked;
    const token = this.secrets.secret();
    await this.tokens.issue({
      digest: this.secrets.digest(token),
      purpose: 'login',
      customerId: checked.value.customer.id,
      expiresAt: new Date(this.clock.now().getTime() + LOGIN_TOKEN_LIFETIME_SECONDS * 1000),
    });
    return ok({ token, customerId: checked.value.customer.id, device: checked.value.device });
  }
}
