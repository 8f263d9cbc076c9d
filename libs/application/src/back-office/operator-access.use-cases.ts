import { DomainError, OPERATOR_LOCKOUT, roleCan, type OperatorAbility, type OperatorRole } from '@store/domain';
import type { PasswordHasher, SecretGenerator } from '../identity/identity.ports';
import type { Clock } from '../shared/ports';
import type { AuditLog, Operator, OperatorAuthenticator, OperatorDirectory, OperatorSessions } from './back-office.ports';

export interface OperatorSignIn {
  readonly sessionId: string;
  readonly expiresAt: Date;
  readonly operator: Operator;
}

/**
 * Staff sign in with all three at once (email, password and the authenticator's code) and learn
 * only that one was wrong: which one is not said. Five failures lock the account for 15 minutes.
 * A code is good once: its time step is kept.
 */
export class OperatorAccess {
  /** Compared against when no account matches, so a wrong email takes as long as a wrong password. */
  private noAccountHash: Promise<string> | null = null;

  constructor(
    private readonly directory: OperatorDirectory,
    private readonly sessions: OperatorSessions,
    private readonly authenticator: OperatorAuthenticator,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretGenerator,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async signIn(input: { readonly email: string; readonly password: string; readonly otp: string }, requestId: string | null): Promise<OperatorSignIn> {
    const now = this.clock.now();
    const email = input.email.trim().toLowerCase();
    const credentials = await this.directory.credentialsFor(email);
    if (!credentials || credentials.operator.disabled) {
      this.noAccountHash ??= this.hasher.hash(this.secrets.secret());
      await this.hasher.verify(await this.noAccountHash, input.password);
      throw new DomainError('OPERATOR_SIGN_IN_FAILED');
    }
    const { operator } = credentials;
    if (credentials.lockedUntil && credentials.lockedUntil > now) {
      await this.audit.append({ operatorId: operator.id, action: 'operator.sign-in-refused', subjectType: 'operator', subjectId: operator.id, after: { reason: 'locked' }, requestId });
      throw new DomainError('OPERATOR_LOCKED');
    }
    const passwordRight = await this.hasher.verify(credentials.passwordHash, input.password);
    const step = passwordRight ? await this.authenticator.matchingStep(credentials.totpSecret, input.otp, now) : null;
    if (step === null || !(await this.directory.signedIn(operator.id, step))) {
      await this.directory.signInFailed(operator.id, now, OPERATOR_LOCKOUT);
      await this.audit.append({ operatorId: operator.id, action: 'operator.sign-in-failed', subjectType: 'operator', subjectId: operator.id, after: { reason: passwordRight ? 'code' : 'password' }, requestId });
      throw new DomainError('OPERATOR_SIGN_IN_FAILED');
    }
    const sessionId = this.secrets.secret();
    const { expiresAt } = await this.sessions.open(operator.id, this.secrets.digest(sessionId), now);
    await this.audit.append({ operatorId: operator.id, action: 'operator.sign-in', subjectType: 'operator', subjectId: operator.id, requestId });
    return { sessionId, expiresAt, operator };
  }

  /** The operator of this session, or null (no session, ended, idle too long, or the operator disabled). */
  async current(sessionId: string | null): Promise<{ readonly operator: Operator; readonly expiresAt: Date } | null> {
    if (!sessionId) return null;
    return this.sessions.read(this.secrets.digest(sessionId), this.clock.now());
  }

  /** The operator of this session when their role has the ability; otherwise the catalogued 403. */
  async authorise(sessionId: string | null, ability: OperatorAbility): Promise<Operator> {
    const session = await this.current(sessionId);
    if (!session) throw new DomainError('OPERATOR_SIGN_IN_REQUIRED');
    if (!roleCan(session.operator.role, ability)) throw new DomainError('OPERATOR_ROLE_FORBIDDEN');
    return session.operator;
  }

  async signOut(sessionId: string | null, requestId: string | null): Promise<void> {
    const session = await this.current(sessionId);
    if (!sessionId || !session) return;
    await this.sessions.close(this.secrets.digest(sessionId));
    await this.audit.append({ operatorId: session.operator.id, action: 'operator.sign-out', subjectType: 'operator', subjectId: session.operator.id, requestId });
  }
}

export interface CreatedOperator {
  readonly operator: Operator;
  readonly password: string;
  readonly totpSecret: string;
  readonly totpUri: string;
}

/** Creates and changes staff accounts: the first by the command line, the others by an administrator. */
export class ManageOperators {
  constructor(
    private readonly directory: OperatorDirectory,
    private readonly authenticator: OperatorAuthenticator,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretGenerator,
    private readonly audit: AuditLog,
  ) {}

  /**
   * A new member of staff with a password (given, or made here: 24 random characters) and an
   * authenticator secret, both shown once to whoever hands them over. `by` is null for the command line.
   */
  async create(
    input: { readonly email: string; readonly firstName: string; readonly lastName: string; readonly role: OperatorRole; readonly password?: string },
    by: Operator | null,
    requestId: string | null,
  ): Promise<CreatedOperator> {
    const email = input.email.trim().toLowerCase();
    const password = input.password ?? this.secrets.secret().slice(0, 24);
    if (password.length < 12) throw new DomainError('VALIDATION_FAILED', { fields: { password: ['A staff password has at least 12 characters'] } });
    const { secret, uri } = this.authenticator.newSecret(email);
    const operator = await this.directory.create({
      email,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: input.role,
      passwordHash: await this.hasher.hash(password),
      totpSecret: secret,
      createdBy: by?.id ?? null,
    });
    await this.audit.append({ operatorId: by?.id ?? null, action: 'operator.create', subjectType: 'operator', subjectId: operator.id, after: describe(operator), requestId });
    return { operator, password, totpSecret: secret, totpUri: uri };
  }

  async update(by: Operator, id: string, change: { readonly role?: OperatorRole; readonly disabled?: boolean }, requestId: string | null): Promise<Operator> {
    const updated = await this.directory.update(id, change);
    if (!updated) throw new DomainError('OPERATOR_NOT_FOUND');
    await this.audit.append({ operatorId: by.id, action: 'operator.update', subjectType: 'operator', subjectId: id, before: describe(updated.before), after: describe(updated.after), requestId });
    return updated.after;
  }
}

const describe = (operator: Operator) => ({ email: operator.email, badge_number: operator.badgeNumber, role: operator.role, disabled: operator.disabled });
