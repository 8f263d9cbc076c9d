import { securityCodeRules, signInEmailRules, signInPasswordRules } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { toDataURL } from 'qrcode';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { validateWith } from '../../../lib/form-rules';
import { useAppUi } from '../../../lib/app-ui';
import { mfaActivate, mfaBackupCodes, mfaDisable, mfaEnable, mfaStatus, type AccountCredentials } from '../api/auth';

type Stage =
  | { kind: 'prove' }
  | { kind: 'status'; enabled: boolean }
  | { kind: 'enrol'; secret: string; qr: string }
  | { kind: 'codes'; codes: string[] };

/**
 * /{locale}/account/security/: two-step verification. Each auth call takes the email and password
 * (spec 2 §7), asked for once here and kept only in this page's memory.
 */
export function AccountSecurityPage() {
  const { wait, notifyError } = useAppUi();
  const [credentials, setCredentials] = useState<AccountCredentials | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'prove' });
  const proveForm = useForm<{ email: string; password: string; otp: string }>({ defaultValues: { email: '', password: '', otp: '' } });
  const codeForm = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const run = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await wait('please-wait', work);
    } catch (error) {
      notifyError(error);
      return undefined;
    }
  };

  const prove = proveForm.handleSubmit(async ({ email, password, otp }) => {
    const given: AccountCredentials = { username: email, password, ...(otp ? { otp } : {}) };
    const status = await run(() => mfaStatus(given));
    if (status) {
      setCredentials(given);
      setStage({ kind: 'status', enabled: status.enabled });
    }
  });

  const enable = async () => {
    if (!credentials) return;
    const enrolment = await run(() => mfaEnable(credentials));
    if (enrolment) setStage({ kind: 'enrol', secret: enrolment.secret, qr: await toDataURL(enrolment.uri, { margin: 1, width: 200 }) });
  };

  const activate = codeForm.handleSubmit(async ({ code }) => {
    if (!credentials) return;
    const activated = await run(() => mfaActivate(credentials, code));
    if (activated) {
      // From now on every call needs a current code, so the next change starts by proving again.
      setCredentials(null);
      setStage({ kind: 'codes', codes: activated.backupCodes });
    }
  });

  const disable = async () => {
    if (!credentials) return;
    const disabled = await run(() => mfaDisable(credentials));
    if (disabled) setStage({ kind: 'status', enabled: false });
  };

  const newCodes = async () => {
    if (!credentials) return;
    const result = await run(() => mfaBackupCodes(credentials));
    if (result) setStage({ kind: 'codes', codes: result.backupCodes });
  };

  return (
    <div className="page narrow">
      <h1>Two-step verification</h1>
      {stage.kind === 'prove' && (
        <form onSubmit={prove} noValidate aria-label="Confirm it is you" className="stack">
          <p>Confirm your email and password to manage two-step verification.</p>
          <TextField label="Email address" type="email" autoComplete="email" error={proveForm.formState.errors.email?.message} {...proveForm.register('email', { validate: validateWith(...signInEmailRules) })} />
          <TextField label="Password" type="password" autoComplete="current-password" error={proveForm.formState.errors.password?.message} {...proveForm.register('password', { validate: validateWith(...signInPasswordRules) })} />
          <TextField label="Security code (optional)" hint="Only when two-step verification is already on." autoComplete="one-time-code" {...proveForm.register('otp')} />
          <Button type="submit">Continue</Button>
        </form>
      )}
      {stage.kind === 'status' && (
        <div className="stack" role="status">
          <p>Two-step verification is {stage.enabled ? 'on' : 'off'} for this account.</p>
          {stage.enabled ? (
            <div className="button-row">
              <Button variant="secondary" onClick={() => void newCodes()}>
                Make new backup codes
              </Button>
              <Button variant="secondary" onClick={() => void disable()}>
                Turn off two-step verification
              </Button>
            </div>
          ) : (
            <Button onClick={() => void enable()}>Turn on two-step verification</Button>
          )}
        </div>
      )}
      {stage.kind === 'enrol' && (
        <form onSubmit={activate} noValidate aria-label="Activate two-step verification" className="stack">
          <p>Scan this code with your authenticator app, or type the key in by hand, then enter the code it shows.</p>
          <img src={stage.qr} alt="QR code for your authenticator app" width={200} height={200} />
          <p>
            Key: <code data-testid="totp-secret">{stage.secret}</code>
          </p>
          <TextField label="Security code" autoComplete="one-time-code" inputMode="numeric" error={codeForm.formState.errors.code?.message} {...codeForm.register('code', { validate: validateWith(...securityCodeRules) })} />
          <Button type="submit">Activate</Button>
        </form>
      )}
      {stage.kind === 'codes' && (
        <div className="stack">
          <p role="status">Two-step verification is on. Keep these backup codes somewhere safe: each works once if you lose your phone.</p>
          <ul className="backup-codes" aria-label="Backup codes">
            {stage.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            onClick={() => {
              setCredentials(null);
              proveForm.reset();
              setStage({ kind: 'prove' });
            }}
          >
            Done
          </Button>
        </div>
      )}
    </div>
  );
}
