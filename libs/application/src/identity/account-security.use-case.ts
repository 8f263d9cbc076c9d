import { DomainError, err, ok, PASSWORD_MIN, type Customer, type Result } from '@store/domain';
import type { Clock } from '../shared/ports';
import type { CustomerRepository, PasswordHasher, PasswordPolicy, PasswordScreen, SessionRepository } from './identity.ports';
import { validateChangedPassword } from './password-recovery.use-case';
import type { Credentials, CredentialCheck } from './sign-in.use-case';
import type { SecondFactor } from './sign-in.ports';

/**
 * The auth service's account calls (spec 2 §7): each proves the customer with username and password
 * (and the current code once MFA is on) before changing anything.
 */
export class AccountSecurity {
  constructor(
    private readonly credentials: CredentialCheck,
    private readonly customers: CustomerRepository,
    private readonly hasher: PasswordHasher,
    private readonly screen: PasswordScreen,
    private readonly sessions: SessionRepository,
    private readonly secondFactor: SecondFactor,
    private readonly clock: Clock,
    private readonly policy: PasswordPolicy = { minLength: PASSWORD_MIN },
  ) {}

  private async prove(
    credentials: Credentials,
    wrongPassword: 'SIGN_IN_DETAILS_INCORRECT' | 'CURRENT_PASSWORD_INCORRECT' = 'SIGN_IN_DETAILS_INCORRECT',
  ): Promise<Result<Customer, DomainError>> {
    const checked = await this.credentials.check(credentials, { requireSecondFactor: true });
    if (!checked.ok && checked.error.errorName === 'SIGN_IN_DETAILS_INCORRECT' && wrongPassword !== 'SIGN_IN_DETAILS_INCORRECT') {
      return err(new DomainError(wrongPassword));
    }
    return checked.ok ? ok(checked.value.customer) : checked;
  }

  async updatePassword(credentials: Credentials, newPassword: string): Promise<Result<Record<string, never>, DomainError>> {
    const proven = await this.prove(credentials, 'CURRENT_PASSWORD_INCORRECT');
    if (!proven.ok) return proven;
    const problem = await validateChangedPassword(credentials.password, newPassword, this.screen, this.policy);
    if (problem) return err(problem);
    await this.customers.setPassword(proven.value.id, await this.hasher.hash(newPassword));
    await this.sessions.deleteAllFor(proven.value.id);
    return ok({});
  }

  async mfaStatus(credentials: Credentials): Promise<Result<{ enabled: boolean }, DomainError>> {
    const proven = await this.prove(credentials);
    if (!proven.ok) return proven;
    return ok({ enabled: await this.secondFactor.isEnabled(proven.value.id) });
  }

  async mfaEnable(credentials: Credentials): Promise<Result<{ secret: string; uri: string }, DomainError>> {
    const proven = await this.prove(credentials);
    if (!proven.ok) return proven;
    return ok(await this.secondFactor.beginEnrolment(proven.value.id, proven.value.email));
  }

  async mfaActivate(credentials: Credentials, code: string): Promise<Result<{ enabled: true; backupCodes: string[] }, DomainError>> {
    const proven = await this.prove({ ...credentials, otp: undefined });
    if (!proven.ok) return proven;
    if (!(await this.secondFactor.activate(proven.value.id, code, this.clock.now()))) return err(new DomainError('SECURITY_CODE_INVALID'));
    return ok({ enabled: true, backupCodes: await this.secondFactor.generateBackupCodes(proven.value.id) });
  }

  async mfaDisable(credentials: Credentials): Promise<Result<{ enabled: false }, DomainError>> {
    const proven = await this.prove(credentials);
    if (!proven.ok) return proven;
    await this.secondFactor.disable(proven.value.id);
    return ok({ enabled: false });
  }

  async mfaBackupCodes(credentials: Credentials): Promise<Result<{ backupCodes: string[] }, DomainError>> {
    const proven = await this.prove(credentials);
    if (!proven.ok) return proven;
    if (!(await this.secondFactor.isEnabled(proven.value.id))) return err(new DomainError('VALIDATION_FAILED', { fields: { mfa: ['Turn on two-step verification first'] } }));
    return ok({ backupCodes: await this.secondFactor.generateBackupCodes(proven.value.id) });
  }
}
