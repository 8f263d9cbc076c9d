import {
  DomainError,
  EMAIL_VERIFICATION_RATE_LIMIT,
  EMAIL_VERIFICATION_TOKEN_LIFETIME_SECONDS,
  err,
  normaliseEmail,
  ok,
  type Customer,
  type Result,
} from '@store/domain';
import type { Clock } from '../shared/ports';
import type { CustomerRepository, SecretGenerator } from './identity.ports';
import { issueMailedLink } from './mailed-link';
import type { MailOutbox, OneTimeTokenRepository, RateLimiter } from './sign-in.ports';

/** Records that a customer proved an address: only while it is still the account's address. */
export interface EmailVerificationStore {
  markVerified(customerId: string, normalisedEmail: string): Promise<boolean>;
}
export const EMAIL_VERIFICATION_STORE = Symbol('EmailVerificationStore');

export interface EmailVerificationSettings {
  readonly publicUrl: string;
}

/**
 * Proving an email address (spec 1's page state `email_verified`): a single-use link, valid for a
 * day and stored only as a digest, is mailed through the outbox; confirming it marks the address
 * verified. The link's page asks before confirming, so a mail scanner opening it changes nothing.
 */
export class EmailVerification {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly tokens: OneTimeTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly outbox: MailOutbox,
    private readonly limiter: RateLimiter,
    private readonly store: EmailVerificationStore,
    private readonly clock: Clock,
    private readonly settings: EmailVerificationSettings,
  ) {}

  /**
   * Mails a new link; a verified customer gets nothing. Earlier links keep working until used or
   * expired (the shopper may open any of the mails), and the rate limit bounds how many there are.
   */
  async send(customer: Customer | null, locale: string): Promise<Result<{ email_verified: boolean }, DomainError>> {
    if (!customer) return err(new DomainError('SESSION_EXPIRED'));
    if (customer.emailVerified) return ok({ email_verified: true });
    const now = this.clock.now();
    if (!(await this.limiter.attempt([`verify-email:account:${customer.id}`], EMAIL_VERIFICATION_RATE_LIMIT, now))) {
      return err(new DomainError('TOO_MANY_REQUESTS'));
    }
    const link = await issueMailedLink(
      { tokens: this.tokens, secrets: this.secrets, publicUrl: this.settings.publicUrl },
      { purpose: 'verify-email', customer, lifetimeSeconds: EMAIL_VERIFICATION_TOKEN_LIFETIME_SECONDS, now, locale, page: 'verify-email' },
    );
    await this.outbox.enqueue({
      to: customer.email,
      subject: 'Verify your Affinity Store email address',
      text: [
        `Hello ${customer.firstName},`,
        '',
        'Please confirm that this email address belongs to you. Follow this link within a day and',
        'press the button on the page:',
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this email.',
      ].join('\n'),
    });
    return ok({ email_verified: false });
  }

  /** Confirms a link: the token must be live and unused and belong to the account of `email`. */
  async confirm(email: string, token: string): Promise<Result<{ email_verified: true }, DomainError>> {
    const invalid = err(new DomainError('EMAIL_VERIFICATION_LINK_INVALID'));
    const digest = this.secrets.digest(token);
    const now = this.clock.now();
    const owner = await this.tokens.peek(digest, 'verify-email', now);
    const customer = owner ? await this.customers.findById(owner) : null;
    if (!customer || normaliseEmail(customer.email) !== normaliseEmail(email)) return invalid;
    if ((await this.tokens.consume(digest, 'verify-email', now)) !== customer.id) return invalid;
    if (!(await this.store.markVerified(customer.id, normaliseEmail(customer.email)))) return invalid;
    await this.tokens.revokeAll(customer.id, 'verify-email');
    return ok({ email_verified: true });
  }
}
