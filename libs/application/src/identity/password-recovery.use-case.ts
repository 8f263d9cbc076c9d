import {
  differsFrom,
  DomainError,
  err,
  firstError,
  normaliseEmail,
  ok,
  PASSWORD_MIN,
  passwordRulesFor,
  RECOVERY_ADDRESS_RATE_LIMIT,
  RECOVERY_RATE_LIMIT,
  RECOVERY_TOKEN_LIFETIME_SECONDS,
  validationFailure,
  type Result,
} from '@store/domain';
import type { Clock } from '../shared/ports';
import type { CustomerRepository, PasswordHasher, PasswordPolicy, PasswordScreen, SecretGenerator, SessionRepository } from './identity.ports';
import { issueMailedLink } from './mailed-link';
import type { MailOutbox, OneTimeTokenRepository, RateLimiter } from './sign-in.ports';

/** Where the mailed link points: the store's public address and the shopper's locale. */
export interface RecoveryLinkSettings {
  readonly publicUrl: string;
  /** The store's password minimum; the spec's six when not given. */
  readonly passwordMinLength?: number;
}

/** Checks a new password by the same rules as account creation, and refuses popular ones. */
export async function checkNewPassword(password: string, screen: PasswordScreen, policy: PasswordPolicy = { minLength: PASSWORD_MIN }): Promise<DomainError | null> {
  const message = firstError(password, passwordRulesFor(policy.minLength));
  if (message) return validationFailure({ new_password: [message] });
  if (await screen.isCompromised(password)) return new DomainError('PASSWORD_COMPROMISED');
  return null;
}

/**
 * Password recovery (spec 2 §7): a single-use link, valid for an hour, is mailed through the outbox;
 * following it sets a new password, unlocks the account and ends every other session.
 */
export class PasswordRecovery {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly tokens: OneTimeTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly hasher: PasswordHasher,
    private readonly screen: PasswordScreen,
    private readonly sessions: SessionRepository,
    private readonly outbox: MailOutbox,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly settings: RecoveryLinkSettings,
  ) {}

  async start(email: string, locale: string, clientAddress: string): Promise<Result<Record<string, never>, DomainError>> {
    const normalised = normaliseEmail(email);
    const now = this.clock.now();
    const accountAllowed = await this.limiter.attempt([`recovery:account:${normalised}`], RECOVERY_RATE_LIMIT, now);
    const addressAllowed = await this.limiter.attempt([`recovery:address:${clientAddress}`], RECOVERY_ADDRESS_RATE_LIMIT, now);
    if (!accountAllowed || !addressAllowed) return err(new DomainError('TOO_MANY_REQUESTS'));
    const customer = await this.customers.findByEmail(normalised);
    if (!customer) return err(new DomainError('ACCOUNT_NOT_FOUND'));
    if (customer.status === 'suspended') return err(new DomainError('ACCOUNT_SUSPENDED'));
    await this.tokens.revokeAll(customer.id, 'recovery');
    const link = await issueMailedLink(
      { tokens: this.tokens, secrets: this.secrets, publicUrl: this.settings.publicUrl },
      { purpose: 'recovery', customer, lifetimeSeconds: RECOVERY_TOKEN_LIFETIME_SECONDS, now, locale, page: 'reset-password' },
    );
    await this.outbox.enqueue({
      to: customer.email,
      subject: 'Reset your Affinity Store password',
      text: [
        `Hello ${customer.firstName},`,
        '',
        'Someone, hopefully you, asked to reset the password of your Affinity Store account.',
        'Follow this link within an hour to choose a new password:',
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this email: your password has not changed.',
      ].join('\n'),
    });
    return ok({});
  }

  async verify(email: string, token: string): Promise<Result<{ valid: true }, DomainError>> {
    const customerId = await this.tokens.peek(this.secrets.digest(token), 'recovery', this.clock.now());
    const customer = customerId ? await this.customers.findById(customerId) : null;
    if (!customer || normaliseEmail(customer.email) !== normaliseEmail(email)) return err(new DomainError('RECOVERY_LINK_INVALID'));
    return ok({ valid: true });
  }

  async complete(email: string, token: string, newPassword: string): Promise<Result<{ email: string }, DomainError>> {
    const verified = await this.verify(email, token);
    if (!verified.ok) return verified;
    const problem = await checkNewPassword(newPassword, this.screen, { minLength: this.settings.passwordMinLength ?? PASSWORD_MIN });
    if (problem) return err(problem);
    const customerId = await this.tokens.consume(this.secrets.digest(token), 'recovery', this.clock.now());
    const customer = customerId ? await this.customers.findById(customerId) : null;
    if (!customer) return err(new DomainError('RECOVERY_LINK_INVALID'));
    await this.customers.setPassword(customer.id, await this.hasher.hash(newPassword));
    await this.sessions.deleteAllFor(customer.id);
    return ok({ email: customer.email });
  }
}

/** /update-password: the current password (and code, with MFA) proves it is the customer. */
export async function validateChangedPassword(
  current: string,
  next: string,
  screen: PasswordScreen,
  policy: PasswordPolicy = { minLength: PASSWORD_MIN },
): Promise<DomainError | null> {
  const same = differsFrom<{ current: string }>((form) => form.current)(next, { current });
  if (same) return new DomainError('VALIDATION_FAILED', { fields: { new_password: [same] } });
  return checkNewPassword(next, screen, policy);
}
