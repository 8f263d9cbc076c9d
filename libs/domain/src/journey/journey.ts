/** The checkout's journey step numbers (spec 2 §2, spec 1 §2). */
export const Step = {
  ACCOUNT_SELECTION: 1,
  CREATE_ACCOUNT: 2,
  ACCOUNT_TYPE: 3,
  BILLING_ADDRESS: 8,
  /** Spec 2 leaves the tax exemption step's number unshown; spec 1 uses the override index 12 for it. */
  TAX_EXEMPTION: 12,
  CARD_PAYMENT: 16,
  MARKETING_SIGNUP: 24,
  COMPLETE_ORDER: 32,
  PAYMENT_DETAILS: 64,
} as const;
export type StepNumber = (typeof Step)[keyof typeof Step];

export type Gateway = 'braintree' | 'digital-river' | 'complimentary';

export interface JourneyInput {
  readonly override: number | null;
  readonly gateway: Gateway | null;
  readonly hasClientToken: boolean;
  readonly hasEnvironment: boolean;
  readonly signedIn: boolean;
  readonly emailReserved: boolean;
  readonly accountTypeConfirmed: boolean;
  readonly hasPaymentSession: boolean;
  readonly orderIsComplimentary: boolean;
  readonly billingLine1Present: boolean;
  readonly taxExemptionFormShown: boolean;
  readonly hasPaymentSource: boolean;
}

/** Which rule of the precedence list chose the step, for tests and debugging. */
export type JourneyRule =
  | 'override'
  | 'card-gateway-ready'
  | 'not-signed-in'
  | 'account-type-unconfirmed'
  | 'billing-address'
  | 'tax-exemption'
  | 'merchant-of-record-session'
  | 'complete-order';

/**
 * The step the checkout shows, by the rules of spec 2 §2 in their exact order of precedence: the
 * first rule that holds decides.
 */
export function chooseStepWithRule(input: JourneyInput): { step: number; rule: JourneyRule } {
  if (input.override !== null) return { step: input.override, rule: 'override' };
  if (input.gateway === 'braintree' && input.hasClientToken && input.hasEnvironment) {
    return { step: Step.PAYMENT_DETAILS, rule: 'card-gateway-ready' };
  }
  if (!input.signedIn) {
    return { step: input.emailReserved ? Step.CREATE_ACCOUNT : Step.ACCOUNT_SELECTION, rule: 'not-signed-in' };
  }
  if (!input.accountTypeConfirmed) return { step: Step.ACCOUNT_TYPE, rule: 'account-type-unconfirmed' };
  if (!input.hasPaymentSession && !input.orderIsComplimentary) return { step: Step.BILLING_ADDRESS, rule: 'billing-address' };
  if (input.billingLine1Present && input.taxExemptionFormShown && !input.hasPaymentSession) {
    return { step: Step.TAX_EXEMPTION, rule: 'tax-exemption' };
  }
  if (input.gateway === 'digital-river' && input.hasPaymentSession && !input.hasPaymentSource) {
    return { step: Step.PAYMENT_DETAILS, rule: 'merchant-of-record-session' };
  }
  return { step: Step.COMPLETE_ORDER, rule: 'complete-order' };
}

export function chooseStep(input: JourneyInput): number {
  return chooseStepWithRule(input).step;
}

export type SectionState = 'active' | 'collapsed' | 'read-only';

/** A section is active at its own index, collapsed once the journey is beyond it, read-only otherwise (spec 1 §2). */
export function sectionState(sectionIndex: number, journeyIndex: number): SectionState {
  if (journeyIndex === sectionIndex) return 'active';
  return journeyIndex > sectionIndex ? 'collapsed' : 'read-only';
}

/** With stage=billing in the address, the account type counts as already confirmed (spec 2 §2). */
export function accountTypeConfirmedFor(stage: string | null, hasConfirmedAccountType: boolean): boolean {
  return stage === 'billing' || hasConfirmedAccountType;
}
