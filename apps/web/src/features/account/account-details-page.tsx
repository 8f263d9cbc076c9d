import { differsFrom, sameAs, signInPasswordRules, type CustomerJson, type SessionJson } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { validateWith } from '../../lib/form-rules';
import { useLocale } from '../../lib/locale';
import { useAppUi } from '../../lib/app-ui';
import { updatePassword, usePasswordPolicy, leaveSignInNotice, setMarketing, AccountSummary } from '../identity';
import { SavedMethodsSettings } from '../payments';
import { AccountPage } from './account-pages';
import { CustomerOnly } from '../../lib/customer-only';

/** /{locale}/account/details/: who the customer is, their marketing choice, their saved payment methods, their password and two-step verification. */
export function AccountDetailsPage() {
  return (
    <CustomerOnly>
      {(customer, session) => (
        <AccountPage title="Account details">
          <dl className="summary">
            <div>
              <dt>Email</dt>
              <dd>{customer.email}</dd>
            </div>
          </dl>
          <AccountSummary customer={customer} categories={session.customer_categories} />
          <MarketingPreference session={session} />
          <SavedMethodsSettings />
          <PasswordChange customer={customer} />
        </AccountPage>
      )}
    </CustomerOnly>
  );
}

function MarketingPreference({ session }: { readonly session: SessionJson }) {
  const queryClient = useQueryClient();
  const { notifyError } = useAppUi();
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const preferences = session.contact_preferences;
  if (!preferences) return null;
  const change = async (optIn: boolean) => {
    setSaving(true);
    try {
      const saved = await setMarketing(preferences.hash, optIn);
      queryClient.setQueryData<SessionJson>(['session'], (current) =>
        current?.contact_preferences ? { ...current, contact_preferences: { ...current.contact_preferences, marketing_opt_in: saved.marketing_opt_in } } : current,
      );
      setAnnouncement(saved.marketing_opt_in ? 'You will receive news and offers by email.' : 'You will no longer receive news and offers by email.');
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="marketing-title" className="account-section">
      <h2 id="marketing-title">Emails</h2>
      <label className="choice">
        <input type="checkbox" checked={preferences.marketing_opt_in} disabled={saving} onChange={(event) => void change(event.target.checked)} /> Send me news
        and offers by email
      </label>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </section>
  );
}

interface PasswordValues {
  current: string;
  next: string;
  confirm: string;
  otp: string;
}

/** A password change through the auth service's update-password (spec 2 §7); it ends every session, so the shopper signs in again. */
function PasswordChange({ customer }: { readonly customer: CustomerJson }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { wait, notifyError } = useAppUi();
  const [needsCode, setNeedsCode] = useState(false);
  const passwordPolicy = usePasswordPolicy();
  const { register, handleSubmit, setError, formState } = useForm<PasswordValues>({ defaultValues: { current: '', next: '', confirm: '', otp: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await wait('please-wait', () =>
        updatePassword({ username: customer.email, password: values.current, ...(needsCode ? { otp: values.otp } : {}) }, values.next),
      );
      // The change ended every session, so the shopper signs in again; the notice waits for them on
      // the sign-in page however they get there (this page also sends visitors there by itself).
      leaveSignInNotice('Your password has been changed. Please sign in with your new password.');
      navigate(`/${locale.urlFriendly}/sign-in/?redirect=${encodeURIComponent(`/${locale.urlFriendly}/account/details/`)}`);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
    } catch (error) {
      if (error instanceof ApiError && error.code === 100114) setNeedsCode(true);
      else if (error instanceof ApiError && error.fields?.new_password) setError('next', { message: error.fields.new_password[0] }, { shouldFocus: true });
      else if (error instanceof ApiError && error.status === 401) setError('current', { message: error.message }, { shouldFocus: true });
      else if (error instanceof ApiError && error.status === 422) setError('next', { message: error.message }, { shouldFocus: true });
      else notifyError(error);
    }
  });

  return (
    <section aria-labelledby="password-title" className="account-section">
      <h2 id="password-title">Password and security</h2>
      <form onSubmit={submit} noValidate aria-label="Change your password" className="stack">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.current?.message}
          {...register('current', { validate: validateWith(...signInPasswordRules) })}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.next?.message}
          {...register('next', { validate: validateWith<string, PasswordValues>(...(passwordPolicy.rules as never[]), differsFrom<PasswordValues>((form) => form.current) as never) })}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirm?.message}
          {...register('confirm', { validate: validateWith<string, PasswordValues>(sameAs<PasswordValues>((form) => form.next) as never) })}
        />
        {needsCode && (
          <TextField label="Security code" autoComplete="one-time-code" inputMode="numeric" error={formState.errors.otp?.message} {...register('otp')} />
        )}
        <Button type="submit" busy={formState.isSubmitting}>
          Change password
        </Button>
      </form>
      <p>
        <Link to={`/${locale.urlFriendly}/account/security/`}>Two-step verification</Link>
      </p>
    </section>
  );
}
