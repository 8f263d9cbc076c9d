import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  readonly error?: string;
  readonly hint?: ReactNode;
  /** A non-blocking note shown under the field (e.g. the long address warning). */
  readonly warning?: string | null;
}

/** The ids that tie a field's hint, warning and error to its control, and the control's aria-describedby. */
export function useFieldIds(id: string | undefined, parts: { readonly hint?: ReactNode; readonly warning?: string | null; readonly error?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = parts.hint ? `${inputId}-hint` : undefined;
  const warningId = parts.warning ? `${inputId}-warning` : undefined;
  const errorId = parts.error ? `${inputId}-error` : undefined;
  return { inputId, hintId, warningId, errorId, describedBy: [hintId, warningId, errorId].filter(Boolean).join(' ') || undefined };
}

/**
 * A field's label, hint, warning and error around its control (the children), with the ids
 * useFieldIds made: what every labelled control of the design system draws.
 */
export function FieldFrame({
  ids,
  label,
  hint,
  warning,
  error,
  className,
  children,
}: {
  readonly ids: ReturnType<typeof useFieldIds>;
  readonly label: string;
  readonly hint?: ReactNode;
  readonly warning?: string | null;
  readonly error?: string;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={ids.inputId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={ids.hintId}>
          {hint}
        </p>
      )}
      {children}
      {warning && (
        <p className="field__warning" id={ids.warningId}>
          {warning}
        </p>
      )}
      {error && (
        <p className="field__error" id={ids.errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose hint, warning and error are wired to it for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, warning, id, className, ...input },
  ref,
) {
  const ids = useFieldIds(id, { hint, warning, error });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} warning={warning} error={error} className={className}>
      <input ref={ref} id={ids.inputId} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
    </FieldFrame>
  );
});

export interface SelectFieldProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: string;
  readonly error?: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, placeholder, id, ...select },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select ref={ref} id={selectId} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={errorId} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
});

export interface ChoiceGroupProps {
  readonly legend: string;
  readonly error?: string;
  readonly children: ReactNode;
}

/** A fieldset of radios or checkboxes with its legend and error. */
export function ChoiceGroup({ legend, error, children }: ChoiceGroupProps) {
  const errorId = useId();
  return (
    <fieldset className={['choice-group', error ? 'field--invalid' : ''].filter(Boolean).join(' ')} aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      {children}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
