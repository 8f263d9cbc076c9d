import {
  DomainError,
  emailCaptureRules,
  err,
  firstError,
  normaliseEmail,
  ok,
  SIGN_IN_ADDRESS_RATE_LIMIT,
  SIGN_IN_RATE_LIMIT,
  type Result,
  validationFailure,
} from '@store/domain';
import type { Clock } from '../shared/ports';
import type { CustomerRepository, ReservedEmailRepository } from './identity.ports';
import type { RateLimiter } from './sign-in.ports';

/**
 * Any answer that tells whether an account exists is a guess an attacker can make, so such lookups
 * are limited like sign-in attempts: per email and per client address, in the shared counters.
 */
export class ExistenceLookupThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async allow(email: string, clientAddress: string): Promise<boolean> {
    const now = this.clock.now();
    const emailAllowed = await this.limiter.attempt([`existence:account:${normaliseEmail(email)}`], SIGN_IN_RATE_LIMIT, now);
    const addressAllowed = await this.limiter.attempt([`existence:address:${clientAddress}`], SIGN_IN_ADDRESS_RATE_LIMIT, now);
    return emailAllowed && addressAllowed;
  }
}

/**
 * Step 1's email capture: an email that already has an account answers 100200 (the 'Already
 * registered?' modal); otherwise it is reserved while the shopper creates the account.
 */
export class PreregisterEmail {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly reserved: ReservedEmailRepository,
    private readonly throttle: ExistenceLookupThrottle | null = null,
  ) {}

  async execute(email: string, clientAddress = 'unknown'): Promise<Result<{ email: string }, DomainError>> {
    const message = firstError(email, emailCaptureRules);
    if (message) return err(validationFailure({ email: [message] }));
    if (this.throttle && !(await this.throttle.allow(email, clientAddress))) return err(new DomainError('TOO_MANY_REQUESTS'));
    const normalised = normaliseEmail(email);
    if (await this.customers.findByEmail(normalised)) return err(new DomainError('ACCOUNT_EXISTS'));
    await this.reserved.reserve(normalised);
    return ok({ email: email.trim() });
  }

  async release(email: string): Promise<void> {
    await this.reserved.release(normaliseEmail(email));
  }
}
