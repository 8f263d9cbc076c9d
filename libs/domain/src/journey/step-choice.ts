import { gatewayDescriptor, type PaymentGateway, type PaymentSetup } from '../payments/payment-gateways';
import { Step } from './journey-steps';

/** What the journey knows when it picks the step to show. */
export interface JourneyInput {
  /** An index set by a flow (e.g. 12 once the tax exemption block shows); null when none. */
  readonly override: number | null;
  readonly gateway: PaymentGateway | null;
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

/** The rules of spec 2 §2 'Step choice, in order', in that order. */
export const JOURNEY_RULES = [
  'override',
  'card-gateway-ready',
  'not-signed-in',
  'account-type-unconfirmed',
  'billing-address',
  'tax-exemption',
  'merchant-of-record-session',
  'complete-order',
] as const;
export type JourneyRule = (typeof JOURNEY_RULES)[number];

export interface StepChoice {
  readonly step: number;
  /** The rule that decided, so a surprising step can be explained. */
  readonly rule: JourneyRule;
}

// A gateway whose fields render from a client token shows them at once (rule 2); one that sells from
// a checkout session shows its drop-in once the session exists and no source is chosen (rule 7).
const setupOf = (input: JourneyInput): PaymentSetup | null => (input.gateway === null ? null : gatewayDescriptor(input.gateway).paymentSetup);

/**
 * Picks the step the checkout shows by the eight rules of spec 2 §2, the first that holds deciding.
 * Rule 5 needs the account type confirmed, which rule 4 has already established when it is reached.
 */
export function chooseStepWithRule(input: JourneyInput): StepChoice {
  if (input.override !== null) return { step: input.override, rule: 'override' };
  if (setupOf(input) === 'client-token' && input.hasClientToken && input.hasEnvironment) {
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
  if (setupOf(input) === 'checkout-session' && input.hasPaymentSession && !input.hasPaymentSource) {
    return { step: Step.PAYMENT_DETAILS, rule: 'merchant-of-record-session' };
  }
  return { step: Step.COMPLETE_ORDER, rule: 'complete-order' };
}

/** The journey index of the checkout page, from which every section's state follows (spec 2 §2). */
export function chooseStep(input: JourneyInput): number {
  return chooseStepWithRule(input).step;
}
