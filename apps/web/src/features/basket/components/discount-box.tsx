import { ErrorCatalogue, required, validVoucherCode } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import { useLocale } from '../../../lib/locale';
import { sendEmailVerification } from '../../identity';
import type { EditOutcome } from '../basket-edit-queue';
import { useCodeForm } from './use-code-form';

const EMAIL_VERIFICATION_REQUIRED = ErrorCatalogue.EMAIL_VERIFICATION_REQUIRED.code;

export interface DiscountBoxProps {
  readonly apply: (code: string) => Promise<EditOutcome>;
  readonly onApplied: () => void;
}

/**
 * The discount code box (spec 1 §4): shown only while the total is not zero and no code is applied.
 * A refused code keeps the text and shows the server's reason by the field; an applied one clears it.
 */
export function DiscountBox({ apply, onApplied }: DiscountBoxProps) {
  // A code reserved for an address the customer has not proven yet: the API mailed a link; offer another.
  const [verification, setVerification] = useState<'none' | 'offered' | 'sending' | 'sent' | { failed: string }>('none');
  const locale = useLocale();

  const resend = async () => {
    setVerification('sending');
    try {
      await sendEmailVerification(locale.urlFriendly);
      setVerification('sent');
    } catch (error) {
      setVerification({ failed: error instanceof Error ? error.message : 'Something went wrong' });
    }
  };

  const { register, submit, formState } = useCodeForm(apply, onApplied, (outcome) =>
    setVerification(outcome.status === 'failed' && outcome.error instanceof ApiError && outcome.error.code === EMAIL_VERIFICATION_REQUIRED ? 'offered' : 'none'),
  );

  return (
    <form className="discount-box" onSubmit={submit} noValidate aria-label="Apply a discount code">
      <TextField
        label="Discount code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={formState.errors.code?.message}
        {...register('code', { validate: validateWith(required('Discount code'), validVoucherCode) })}
      />
      <Button type="submit" variant="secondary" busy={formState.isSubmitting}>
        Apply
      </Button>
      {verification !== 'none' ? (
        <div className="discount-box__verify">
          <Button type="button" variant="secondary" busy={verification === 'sending'} onClick={() => void resend()}>
            Send the link again
          </Button>
          {verification === 'sent' ? <p role="status">We've sent a new link. Follow it, then apply your code again.</p> : null}
          {typeof verification === 'object' ? <p role="alert">{verification.failed}</p> : null}
        </div>
      ) : null}
    </form>
  );
}
