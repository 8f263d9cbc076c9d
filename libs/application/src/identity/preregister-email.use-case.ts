import { DomainError, emailCaptureRules, err, firstError, normaliseEmail, ok, type Result } from '@store/domain';
import type { CustomerRepository, ReservedEmailRepository } from './identity.ports';

/**
 * Step 1's email capture: an email that already has an account answers 100200 (the 'Already
 * registered?' modal); otherwise it is reserved while the shopper creates the account.
 */
export class PreregisterEmail {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly reserved: ReservedEmailRepository,
  ) {}

  async execute(email: string): Promise<Result<{ email: string }, DomainError>> {
    const message = firstError(email, emailCaptureRules);
    if (message) return err(new DomainError('VALIDATION_FAILED', { fields: { email: [message] } }));
    const normalised = normaliseEmail(email);
    if (await this.customers.findByEmail(normalised)) return err(new DomainError('ACCOUNT_EXISTS'));
    await this.reserved.reserve(normalised);
    return ok({ email: email.trim() });
  }

  async release(email: string): Promise<void> {
    await this.reserved.release(normaliseEmail(email));
  }
}
