import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import type { EditOutcome } from '../basket-edit-queue';

/**
 * The form behind the basket's code boxes (discount and voucher codes): the code is sent trimmed; an
 * applied one clears the field, a refusal keeps the text and shows the server's reason by the field
 * (its message for a refused code, its first field message for a malformed one), with the focus there.
 */
type CodeForm = UseFormReturn<{ code: string }> & { readonly submit: ReturnType<UseFormReturn<{ code: string }>['handleSubmit']> };

export function useCodeForm(apply: (code: string) => Promise<EditOutcome>, onApplied: () => void, onOutcome?: (outcome: EditOutcome) => void): CodeForm {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const { handleSubmit, setError, reset } = form;
  const submit = handleSubmit(async ({ code }) => {
    const outcome = await apply(code.trim());
    onOutcome?.(outcome);
    if (outcome.status === 'saved') {
      reset({ code: '' });
      onApplied();
    } else if (outcome.status === 'failed' && outcome.error instanceof ApiError && outcome.error.status === 422) {
      setError('code', { message: outcome.error.message }, { shouldFocus: true });
    } else if (outcome.status === 'failed' && outcome.error instanceof ApiError && outcome.error.fields) {
      setError('code', { message: Object.values(outcome.error.fields)[0]?.[0] ?? outcome.error.message }, { shouldFocus: true });
    }
  });
  return { ...form, submit };
}
