import { QUANTITY_DEFAULTS } from './quantity';

/** A discount is shown as '{n}% off' (spec 1 §9). */
export function discountLabel(percentOff: number): string {
  return `${percentOff}% off`;
}

/** The discount box shows only when there is something to discount and no code is applied yet. */
export function showsDiscountBox(totalIsZero: boolean, hasAppliedDiscount: boolean): boolean {
  return !totalIsZero && !hasAppliedDiscount;
}

/** Lines may be removed only when the basket allows it (spec 1 §6). */
export function canRemoveLine(allowLineRemoval: boolean): boolean {
  return allowLineRemoval;
}

export type QuantityControl =
  | { readonly kind: 'fixed'; readonly value: number }
  | { readonly kind: 'dropdown'; readonly options: readonly { readonly value: number; readonly label: string }[] }
  | { readonly kind: 'input'; readonly min: number; readonly max: number };

/**
 * How a line's quantity is edited (spec 1 §6, §9): not at all when locked or when only one may be
 * bought; a dropdown up to the range (10), whose last option reads '10 +' when more may be bought;
 * a free numeric input once the value reaches the range and the maximum is beyond it.
 */
export function quantityControl(input: {
  readonly value: number;
  readonly minimum: number;
  readonly maximum: number;
  readonly locked: boolean;
  readonly range?: number;
}): QuantityControl {
  const range = input.range ?? QUANTITY_DEFAULTS.dropdownRange;
  if (input.locked || input.maximum <= 1) return { kind: 'fixed', value: input.value };
  if (input.value >= range && input.maximum > range) return { kind: 'input', min: input.minimum, max: input.maximum };
  const last = Math.min(input.maximum, Math.max(range, input.minimum));
  const options = [];
  for (let value = input.minimum; value <= last; value++) {
    options.push({ value, label: value === last && last < input.maximum ? `${value} +` : String(value) });
  }
  return { kind: 'dropdown', options };
}
