import { emailCaptureRules, Messages, normaliseEmail } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import { useAppUi } from '../../../lib/app-ui';
import { preregisterEmail } from '../api/identity-actions';
import { useEmailSuggestion } from './email-suggestion';

export interface EmailCaptureFormProps {
  readonly onReserved: (email: string) => void;
  readonly onAccountExists: (email: string) => void;
  /** Changes when the field should take focus again with its text selected ('Use a different email'). */
  readonly focusRequest?: number;
}

/**
 * Emails this page has learnt belong to an account (spec 1 §4's reserved-email map), normalised. It
 * lives as long as the page, like the rest of the page's state, so it outlasts the step's Change
 * button: giving the same email again shows 'Already registered?' at once, without asking the store
 * (and without spending the shopper's share of its rate limit on an answer already known).
 */
const knownAccounts = new Set<string>();

/** Step 1 for new customers: an email, checked and reserved, or the 'Already registered?' path. */
export function EmailCaptureForm({ onReserved, onAccountExists, focusRequest = 0 }: EmailCaptureFormProps) {
  const { notifyError } = useAppUi();
  const { register, handleSubmit, control, setValue, setError, setFocus, formState } = useForm<{ email: string }>({
    defaultValues: { email: '' },
  });
  useEffect(() => {
    if (focusRequest > 0) setFocus('email', { shouldSelect: true });
  }, [focusRequest, setFocus]);
  const suggestion = useEmailSuggestion(useWatch({ control, name: 'email' }));

  const submit = handleSubmit(async ({ email }) => {
    const key = normaliseEmail(email);
    if (knownAccounts.has(key)) {
      onAccountExists(email.trim());
      return;
    }
    try {
      const reserved = await preregisterEmail(email);
      onReserved(reserved.email);
    } catch (error) {
      if (error instanceof ApiError && error.code === 100200) {
        knownAccounts.add(key);
        onAccountExists(email.trim());
      } else if (error instanceof ApiError && error.fields?.email) setError('email', { message: error.fields.email[0] });
      else notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="New customer">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        hint={
          suggestion ? (
            <span className="email-suggestion" role="status">
              {Messages.emailSuggestion(suggestion)}{' '}
              <button type="button" className="button button--link" onClick={() => setValue('email', suggestion, { shouldValidate: true })}>
                Use {suggestion}
              </button>
            </span>
          ) : undefined
        }
        {...register('email', { validate: validateWith(...emailCaptureRules) })}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        Continue
      </Button>
    </form>
  );
}
