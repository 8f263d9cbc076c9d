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
import type { OneTimeTokenRepository, RateLimiter, SecondFactor } from './sign-in.ports';

export interface Credentials {
  readonly email: string;
  readonly password: string;
  readonly otp?: string;
  /** The client's address, for the per-address rate limit. */
  readonly clientAddress: string;
}

/**
 * Checks credentials the way the auth service of spec 2 §7 answers them: rate limits first (per
 * account and per address, shared across instances), then the account's state, the password (ten
 * wrong in a row lock the account) and the second factor.
 */
export class CredentialCheck {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly hasher: PasswordHasher,
    private readonly secondFactor: SecondFactor,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async check(credentials: Credentials, options: { requireSecondFactor: boolean }): Promise<Result<Customer, DomainError>> {
    const email = normaliseEmail(credentials.email);
    const now = this.clock.now();
    const accountAllowed = await this.limiter.attempt([`sign-in:account:${email}`], SIGN_IN_RATE_LIMIT, now);
    const addressAllowed = await this.limiter.attempt([`sign-in:address:${credentials.clientAddress}`], SIGN_IN_ADDRESS_RATE_LIMIT, now);
    if (!accountAllowed || !addressAllowed) return err(new DomainError('TOO_MANY_REQUESTS'));

    const customer = await this.customers.findByEmail(email);
    if (!customer) return err(new DomainError('ACCOUNT_NOT_FOUND'));
    if (customer.status === 'suspended') return err(new DomainError('ACCOUNT_SUSPENDED'));
    if (customer.status === 'locked') return err(new DomainError('ACCOUNT_LOCKED'));

    const hash = await this.customers.passwordHashOf(customer.id);
    if (!hash || !(await this.hasher.verify(hash, credentials.password))) {
      const failures = await this.customers.recordFailedSignIn(customer.id);
      if (failures >= LOCK_AFTER_FAILED_SIGN_INS) {
        await this.customers.setStatus(customer.id, 'locked');
        return err(new DomainError('ACCOUNT_LOCKED'));
      }
      return err(new DomainError('PASSWORD_INCORRECT'));
    }

    if (options.requireSecondFactor && (await this.secondFactor.isEnabled(customer.id))) {
      if (!credentials.otp) return err(new DomainError('SECURITY_CODE_REQUIRED'));
      if (!(await this.secondFactor.verify(customer.id, credentials.otp, now))) {
        await this.customers.recordFailedSignIn(customer.id);
        return err(new DomainError('SECURITY_CODE_INVALID'));
      }
    }
    await this.customers.resetFailedSignIns(customer.id);
    return ok(customer);
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

  async execute(credentials: Credentials): Promise<Result<{ token: string }, DomainError>> {
    const checked = await this.credentials.check(credentials, { requireSecondFactor: true });
    if (!checked.ok) return checked;
    const token = this.secrets.secret();
    await this.tokens.issue({
      digest: this.secrets.digest(token),
      purpose: 'login',
      customerId: checked.value.id,
      expiresAt: new Date(this.clock.now().getTime() + LOGIN_TOKEN_LIFETIME_SECONDS * 1000),
    });
    return ok({ token });
  }
}
