import { required, validVoucherCode } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { validateWith } from '../../../lib/form-rules';
import type { EditOutcome } from '../basket-edit-queue';
import { useCodeForm } from './use-code-form';

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
  const { register, submit, formState } = useCodeForm(apply, onApplied);

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
