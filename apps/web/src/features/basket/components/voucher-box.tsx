import { required, validVoucherCode } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-rules';
import type { EditOutcome } from '../basket-edit-queue';

export interface VoucherBoxProps {
  readonly apply: (code: string) => Promise<EditOutcome>;
  readonly onApplied: () => void;
}

/**
 * The voucher code box (ours, beside the discount code box): a prepaid or gift voucher pays part or
 * all of what is due. The code is checked against validVoucherCode (spec 1 §5) before it is sent; a
 * refusal (spec 2 §8) keeps the text and shows the server's reason by the field.
 */
export function VoucherBox({ apply, onApplied }: VoucherBoxProps) {
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
    <form className="voucher-box" onSubmit={submit} noValidate aria-label="Apply a voucher code">
      <TextField
        label="Voucher code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={formState.errors.code?.message}
        {...register('code', { validate: validateWith(required('Voucher code'), validVoucherCode) })}
      />
      <Button type="submit" variant="secondary" busy={formState.isSubmitting}>
        Redeem<span className="visually-hidden"> voucher</span>
      </Button>
    </form>
  );
}
