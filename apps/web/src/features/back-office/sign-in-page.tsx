import { useQueryClient } from '@tanstack/react-query';
import { Button, TextField } from '@store/ui';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { AdminPage, AlertRegion, useFailure } from './admin-page';
import { sessionQuery, signIn } from './api/session';
import { afterSignIn } from './navigation';

interface SignInValues {
  email: string;
  password: string;
  otp: string;
}

/** /admin/ signed out: email, password and the authenticator's code, all at once (one refusal for any wrong one). */
export function SignInPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const alert = useRef<HTMLDivElement>(null);
  const failure = useFailure();
  const { register, handleSubmit, formState, resetField } = useForm<SignInValues>({ defaultValues: { email: '', password: '', otp: '' } });
  const { errors } = formState;

  const onValid = async (values: SignInValues) => {
    failure.clear();
    try {
      const session = await signIn({ email: values.email.trim(), password: values.password, otp: values.otp.replace(/\s/g, '') });
      queryClient.setQueryData(sessionQuery().queryKey, session);
      if (!session.operator) await queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
      navigate(afterSignIn(new URLSearchParams(search).get('next')), { replace: true });
    } catch (error) {
      failure.report(error);
      // A code is good for one try; the password is kept so a mistyped code costs one field.
      resetField('otp');
      alert.current?.focus();
    }
  };

  return (
    <AdminPage title="Sign in to the back office">
      <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate className="stack" aria-label="Sign in">
        <AlertRegion ref={alert} message={failure.message} />
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...register('email', { validate: (value) => (value.trim() ? true : 'Enter your email.') })}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { validate: (value) => (value ? true : 'Enter your password.') })}
        />
        <TextField
          label="Authenticator code"
          hint="The six digits your authenticator app shows for the store's back office."
          autoComplete="one-time-code"
          inputMode="numeric"
          error={errors.otp?.message}
          {...register('otp', { validate: (value) => (/^\d{6}$/.test(value.replace(/\s/g, '')) ? true : 'Enter the six digits of your authenticator code.') })}
        />
        <Button type="submit" busy={formState.isSubmitting}>
          Sign in
        </Button>
      </form>
    </AdminPage>
  );
}
