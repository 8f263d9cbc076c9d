import { clampQuantity } from '../basket/quantity';

/** Quantity input accepts digits only; anything else is not a quantity (spec 1 §5). */
export function parseQuantityInput(input: string): number | null {
  return /^\d{1,9}$/.test(input.trim()) ? Number(input.trim()) : null;
}

/**
 * What an invalid quantity settles to once it has been invalid for the revalidation time
 * (3 seconds, spec 1 §9): the nearest allowed value, or the minimum when it was not a number.
 */
export function settleQuantity(input: string, minimum: number, maximum: number): number {
  const parsed = parseQuantityInput(input);
  return clampQuantity(parsed ?? minimum, minimum, maximum);
}

/** Text inputs drop the characters an optional pattern matches; an empty value is null (spec 1 §5). */
export function normaliseTextInput(value: string | null | undefined, strip?: RegExp): string | null {
  if (value === null || value === undefined) return null;
  const flags = strip ? (strip.flags.includes('g') ? strip.flags : `${strip.flags}g`) : '';
  const cleaned = strip ? value.replace(new RegExp(strip.source, flags), '') : value;
  return cleaned === '' ? null : cleaned;
}
