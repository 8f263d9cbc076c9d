import { required, validVoucherCode } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import type { EditOutcome } from '../basket-edit-queue';

export interface DiscountBoxProps {
  readonly apply: (code: string) => Promise<EditOutcome>;
  readonly onApplied: () => void;
}

/**
 * The discount code box (spec 1 §4): shown only while the total is not zero and no code is applied.
 * A refused code keeps the text and shows the server's reason by the field; an applied one clears it.
 */
export function DiscountBox({ apply, onApplied }: DiscountBoxProps) {
  const { register, handleSubmit, setError, reset, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    const outcome = await apply(code.trim());
    if (outcome.status === 'saved') {
      reset({ code: '' });
      onApplied();
    } else if (outcome.status === 'failed' && outcome.error instanceof ApiError && outcome.error.status === 422) {
      setError('code', { message: outcome.error.message }, { shouldFocus: true });
    } else if (outcome.status === 'failed' && outcome.error instanceof ApiError && outcome.error.fields) {
      setError('code', { message: Object.values(outcome.error.fields)[0]?.[0] ?? outcome.error.message }, { shouldFocus: true });
    }
  });

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
    </form>
  );
}
