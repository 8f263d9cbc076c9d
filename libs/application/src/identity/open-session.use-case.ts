import { DomainError, err, ok, type Result } from '@store/domain';
import type { Clock } from '../shared/ports';
import type { SecretGenerator } from './identity.ports';
import type { IssuedSession, SessionService } from './session.service';
import type { OneTimeTokenRepository } from './sign-in.ports';

/**
 * The session call (spec 2 §7): a sign-in token is exchanged, once, for a new session. The address
 * to go to next is kept only when it is a path on our own site, so the call cannot be used to send
 * shoppers elsewhere.
 */
export class OpenSession {
  constructor(
    private readonly tokens: OneTimeTokenRepository,
    private readonly secrets: SecretGenerator,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
  ) {}

  async execute(token: string, redirectTo: string | null): Promise<Result<{ session: IssuedSession; redirectTo: string; customerId: string }, DomainError>> {
    const customerId = await this.tokens.consume(this.secrets.digest(token), 'login', this.clock.now());
    if (!customerId) return err(new DomainError('SESSION_EXPIRED'));
    return ok({ session: await this.sessions.start(customerId), redirectTo: safeRedirect(redirectTo), customerId });
  }
}

/** A same-origin path ('/en-gb/checkout/'), never '//host', a scheme, or a backslash trick. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || target.length > 512) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (/[\\\u0000-\u001f\s]/.test(target)) return fallback;
  return target;
}
