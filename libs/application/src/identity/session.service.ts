import { SESSION_LIFETIME_SECONDS, type Customer } from '@store/domain';
import type { Clock } from '../shared/ports';
import type { SecretGenerator, SessionRepository } from './identity.ports';

export interface IssuedSession {
  /** The secret for the cookie; only its digest is stored. */
  readonly id: string;
  readonly expiresAt: Date;
}

/** Sessions live in the database so that any API instance can serve any shopper. */
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly secrets: SecretGenerator,
    private readonly clock: Clock,
  ) {}

  /** A new session id on every sign-in, so a fixed or leaked earlier id is worthless. */
  async start(customerId: string): Promise<IssuedSession> {
    const id = this.secrets.secret();
    const expiresAt = new Date(this.clock.now().getTime() + SESSION_LIFETIME_SECONDS * 1000);
    await this.sessions.create({ idDigest: this.secrets.digest(id), customerId, expiresAt });
    return { id, expiresAt };
  }

  async customerOf(sessionId: string | null): Promise<Customer | null> {
    if (!sessionId) return null;
    const customer = await this.sessions.customerOf(this.secrets.digest(sessionId), this.clock.now());
    return customer && customer.status !== 'suspended' ? customer : null;
  }

  async end(sessionId: string | null): Promise<void> {
    if (sessionId) await this.sessions.delete(this.secrets.digest(sessionId));
  }
}
