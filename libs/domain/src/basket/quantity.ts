/** Spec 1 §9 defaults. */
export const QUANTITY_DEFAULTS = { minimum: 1, maximum: 100, dropdownRange: 10 } as const;

export function clampQuantity(quantity: number, minimum: number, maximum: number): number {
  return Math.min(Math.max(Math.trunc(quantity), minimum), maximum);
}

export function isQuantityValid(quantity: number, minimum: number, maximum: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= minimum && quantity <= maximum;
}

/** Quantity can be edited only if the line is not locked and more than one may be bought (spec 1 §6). */
export function canEditQuantity(quantityLocked: boolean, quantityMaximum: number): boolean {
  return !quantityLocked && quantityMaximum > 1;
}
