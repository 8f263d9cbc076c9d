import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  readonly label: string;
  readonly error?: string;
  readonly hint?: ReactNode;
  readonly ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A labelled multi-line input, its hint and error wired to it for screen readers like TextField's.
 * A plain function (React 19 passes ref as a prop): unlike a forwardRef call, a bundle that does not
 * use it drops it.
 */
export function TextAreaField({ label, error, hint, id, className, ref, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(id, { hint, error });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea ref={ref} id={ids.inputId} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...textarea} />
    </FieldFrame>
  );
}
