import { emailCaptureRules, sameAs } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import { useLocale } from '../../../lib/locale';
import { useAppUi } from '../../../lib/app-ui';
import { completePasswordRecovery, startPasswordRecovery, verifyRecoveryToken } from '../api/auth';
import { usePasswordPolicy } from '../password-policy';

/** /{locale}/reset-password/: ask for a link, or (arriving from the mailed link) choose a new password. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const email = search.get('email');
  const token = search.get('token');
  return <div className="page narrow">{email && token ? <ChooseNewPassword email={email} token={token} /> : <RequestLink />}</div>;
}

function RequestLink() {
  const locale = useLocale();
  const { notifyError } = useAppUi();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const submit = handleSubmit(async ({ email }) => {
    try {
      await startPasswordRecovery(email, locale.urlFriendly);
      setSentTo(email.trim());
    } catch (error) {
      notifyError(error);
    }
  });
  if (sentTo) {
    return (
      <>
        <h1>Check your email</h1>
        <p role="status">
          We have sent a link to reset your password to <strong>{sentTo}</strong>. It works once, for an hour.
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Reset your password</h1>
      <form onSubmit={submit} noValidate aria-label="Reset your password" className="stack">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email', { validate: validateWith(...emailCaptureRules) })}
        />
        <Button type="submit" busy={formState.isSubmitting}>
          Send me a link
        </Button>
      </form>
    </>
  );
}

function ChooseNewPassword({ email, token }: { readonly email: string; readonly token: string }) {
  const locale = useLocale();
  const { wait, notifyError } = useAppUi();
  const [done, setDone] = useState(false);
  const passwordPolicy = usePasswordPolicy();
  const link = useQuery({ queryKey: ['recovery', email, token], queryFn: () => verifyRecoveryToken(email, token), retry: false });
  const { register, handleSubmit, setError, formState } = useForm<{ password: string; confirm: string }>({
    defaultValues: { password: '', confirm: '' },
  });
  const submit = handleSubmit(async ({ password }) => {
    try {
      await wait('please-wait', () => completePasswordRecovery(email, token, password));
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 700001 || error.fields?.new_password)) {
        setError('password', { message: error.fields?.new_password?.[0] ?? error.message }, { shouldFocus: true });
      } else notifyError(error);
    }
  });

  if (done) {
    return (
      <>
        <h1>Your password has been changed</h1>
        <p role="status">
          You can now <Link to={`/${locale.urlFriendly}/sign-in/`}>sign in</Link> with your new password.
        </p>
      </>
    );
  }
  if (link.isPending) return <p role="status">Checking your link…</p>;
  if (link.isError) {
    return (
      <>
        <h1>This link cannot be used</h1>
        <p role="alert">{link.error.message}</p>
        <p>
          <Link to={`/${locale.urlFriendly}/reset-password/`}>Ask for a new link</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <p>For {email}</p>
      <form onSubmit={submit} noValidate aria-label="Choose a new password" className="stack">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password', { validate: validateWith(...passwordPolicy.rules) })}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirm?.message}
          {...register('confirm', { validate: validateWith(sameAs<{ password: string }>((form) => form.password)) })}
        />
        <Button type="submit" busy={formState.isSubmitting}>
          Change password
        </Button>
      </form>
    </>
  );
}
