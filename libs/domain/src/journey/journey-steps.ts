/** The checkout's journey step numbers (spec 2 §2, spec 1 §2, §9). */
export const Step = {
  ACCOUNT_SELECTION: 1,
  CREATE_ACCOUNT: 2,
  ACCOUNT_TYPE: 3,
  BILLING_ADDRESS: 8,
  // Our choice: spec 2 §2 does not show this step's number, so it is 12, the override index spec 1 §2 uses for it.
  TAX_EXEMPTION: 12,
  CARD_PAYMENT: 16,
  MARKETING_SIGNUP: 24,
  COMPLETE_ORDER: 32,
  PAYMENT_DETAILS: 64,
} as const;
export type StepName = keyof typeof Step;
export type StepNumber = (typeof Step)[StepName];

export const STEP_NUMBERS: readonly StepNumber[] = Object.values(Step);

/** Tells a known step number from any other, e.g. an override read from the page. */
export function isStepNumber(value: unknown): value is StepNumber {
  return typeof value === 'number' && (STEP_NUMBERS as readonly number[]).includes(value);
}
