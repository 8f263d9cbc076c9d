import { parseQuantityInput, quantityControl, settleQuantity, type BasketLineJson } from '@store/domain';
import { useEffect, useId, useRef, useState } from 'react';

/** Spec 1 §9: an invalid quantity is settled after this long without a change. */
export const QUANTITY_REVALIDATION_MS = 3000;

export interface QuantityFieldProps {
  readonly line: BasketLineJson;
  readonly onChange: (quantity: number) => void;
}

/**
 * A line's quantity (spec 1 §6, §9): fixed text when locked or when one is the most that can be
 * bought; a dropdown up to 10 whose last option reads '10 +' when more may be bought; from 10 on, a
 * numeric input. A typed quantity is sent on Enter, on leaving the field or after 3 seconds; one
 * that is not a quantity at all is settled to the nearest allowed value. One above the maximum is
 * sent, and the server's refusal restores the previous quantity with its message.
 */
export function QuantityField({ line, onChange }: QuantityFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const control = quantityControl({
    value: line.quantity,
    minimum: line.quantity_minimum,
    maximum: line.quantity_maximum,
    locked: line.quantity_locked,
  });
  // What the shopper is typing, until it is sent; otherwise the line's quantity is shown.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(line.quantity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  /** Set when the dropdown's change turns it into the input, which then takes the focus. */
  const focusInput = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);
  // Choosing '10 +' swaps the dropdown for the input: focus follows, with the number selected.
  useEffect(() => {
    if (control.kind === 'input' && focusInput.current) {
      focusInput.current = false;
      input.current?.focus();
      input.current?.select();
    }
  }, [control.kind]);

  if (control.kind === 'fixed') {
    return (
      <p className="basket-line__quantity">
        Quantity: <span data-testid="line-quantity">{control.value}</span>
      </p>
    );
  }

  if (control.kind === 'dropdown') {
    return (
      <div className="field field--inline basket-line__quantity-field">
        <label className="field__label" htmlFor={id}>
          Quantity<span className="visually-hidden"> of {line.name}</span>
        </label>
        <select
          id={id}
          className="field__input"
          value={String(line.quantity)}
          onChange={(event) => {
            const quantity = Number(event.target.value);
            if (quantity === line.quantity) return;
            focusInput.current = quantityControl({ value: quantity, minimum: line.quantity_minimum, maximum: line.quantity_maximum, locked: false }).kind === 'input';
            onChange(quantity);
          }}
        >
          {control.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    );
  }

  const commit = (value: string) => {
    clearTimeout(timer.current);
    setDraft(null);
    const parsed = parseQuantityInput(value);
    const quantity = parsed !== null && parsed >= control.min ? parsed : settleQuantity(value, control.min, control.max);
    if (quantity !== line.quantity) onChange(quantity);
  };

  return (
    <div className="field field--inline basket-line__quantity-field">
      <label className="field__label" htmlFor={id}>
        Quantity<span className="visually-hidden"> of {line.name}</span>
      </label>
      <input
        ref={input}
        id={id}
        className="field__input field__input--quantity"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-describedby={hintId}
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          setDraft(value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(value), QUANTITY_REVALIDATION_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(event.currentTarget.value);
          }
        }}
        onBlur={(event) => {
          if (draft !== null) commit(event.currentTarget.value);
        }}
      />
      <p className="field__hint" id={hintId}>
        {control.min} to {control.max}
      </p>
    </div>
  );
}
