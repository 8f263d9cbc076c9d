import { securityCodeRules, signInEmailRules, signInPasswordRules } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import { useAppUi } from '../../../lib/app-ui';
import { signIn } from '../api/auth';
import { useConsent } from '../../consent';

interface SignInValues {
  email: string;
  password: string;
  otp: string;
}

export interface SignInFormProps {
  readonly locale: string;
  readonly initialEmail?: string;
  /** Where to go afterwards (a path of this site). */
  readonly redirectTo: string;
  readonly onSignedIn: (redirectTo: string) => void;
  /** Focus the password field (arriving from 'Already registered?' with the email filled in). */
  readonly focusPassword?: boolean;
}

/**
 * Sign-in (spec 1 §2, §4): email and password, replaced by a security-code field when the account
 * uses two-step verification; 'Back to sign-in' clears the password and the code.
 */
export function SignInForm({ locale, initialEmail = '', redirectTo, onSignedIn, focusPassword = false }: SignInFormProps) {
  const { track } = useConsent();
  const { wait, notifyError } = useAppUi();
  const queryClient = useQueryClient();
  const [codeRequired, setCodeRequired] = useState(false);
  const { register, handleSubmit, setFocus, setValue, setError, getValues, formState } = useForm<SignInValues>({
    defaultValues: { email: initialEmail, password: '', otp: '' },
  });

  useEffect(() => {
    if (initialEmail) setValue('email', initialEmail);
    if (focusPassword) setFocus('password');
  }, [initialEmail, focusPassword, setFocus, setValue]);
  useEffect(() => {
    if (codeRequired) setFocus('otp');
  }, [codeRequired, setFocus]);

  const submit = handleSubmit(async (values) => {
    try {
      const next = await wait('signing-in', () =>
        signIn({ username: values.email, password: values.password, ...(codeRequired ? { otp: values.otp } : {}) }, redirectTo),
      );
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      track('login');
      onSignedIn(next);
    } catch (error) {
      if (error instanceof ApiError && error.code === 100114) {
        setCodeRequired(true);
        return;
      }
      if (error instanceof ApiError && error.code === 100104) setError('otp', { message: error.message }, { shouldFocus: true });
      else if (error instanceof ApiError && error.fields?.username) setError('email', { message: error.fields.username[0] });
      notifyError(error);
    }
  });

  const backToSignIn = () => {
    setCodeRequired(false);
    setValue('password', '');
    setValue('otp', '');
    setFocus('password');
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in" className="stack">
      {codeRequired ? (
        <>
          <p>
            Enter the security code from your authenticator app for <strong>{getValues('email')}</strong>, or one of your backup codes.
          </p>
          <TextField
            label="Security code"
            inputMode="text"
            autoComplete="one-time-code"
            error={formState.errors.otp?.message}
            {...register('otp', { validate: validateWith(...securityCodeRules) })}
          />
          <Button type="submit" busy={formState.isSubmitting}>
            Sign in
          </Button>
          <button type="button" className="button button--link" onClick={backToSignIn}>
            Back to sign-in
          </button>
        </>
      ) : (
        <>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            error={formState.errors.email?.message}
            {...register('email', { validate: validateWith(...signInEmailRules) })}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={formState.errors.password?.message}
            {...register('password', { validate: validateWith(...signInPasswordRules) })}
          />
          <Button type="submit" busy={formState.isSubmitting}>
            Sign in
          </Button>
          <Link to={`/${locale}/reset-password/`}>Forgot password?</Link>
        </>
      )}
    </form>
  );
}
