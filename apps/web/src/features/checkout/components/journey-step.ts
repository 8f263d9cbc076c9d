import {
  accountTypeConfirmedFor,
  allowedAccountTypes,
  chooseStep,
  sectionState,
  showsTaxExemption,
  Step,
  type BasketJson,
  type SectionState,
  type SessionJson,
} from '@store/domain';
import type { ExemptionAnswer } from '../../tax-exemption';

/**
 * Where the tab keeps the email a new shopper gave at the account step, until the account exists:
 * the page's first paint and the journey both read it to know the shopper is creating an account.
 */
export const RESERVED_EMAIL_KEY = 'afs_reserved_email';

/** What the journey knows of the payment set-up (the payments feature's GatewayProgress). */
export interface JourneyProgress {
  readonly hasClientToken: boolean;
  readonly hasEnvironment: boolean;
  readonly hasPaymentSession: boolean;
  readonly hasPaymentSource: boolean;
}

/** No gateway set up yet: how every checkout starts, since set-ups begin after the basket has painted. */
export const NOTHING_SET_UP: JourneyProgress = { hasClientToken: false, hasEnvironment: false, hasPaymentSession: false, hasPaymentSource: false };

export interface ExemptionState {
  readonly answer: ExemptionAnswer | null;
  readonly editing: boolean;
}

/**
 * What the journey knows from the session and the exemption answer: read once for the gateways'
 * set-ups (which must start before the page's early returns) and for the page itself.
 */
export function journeyFacts(data: SessionJson | undefined, stage: string | null, exemption: ExemptionState) {
  const customer = data?.customer ?? null;
  const basket = data?.basket ?? null;
  // A personal account cannot buy multi-user licences: the type must be confirmed again (spec 1 §4, §6).
  const typeFitsBasket = customer && basket ? allowedAccountTypes(basket.lines.some((line) => line.is_multi_user)).includes(customer.account.type) : true;
  const typeConfirmed = typeFitsBasket && accountTypeConfirmedFor(stage, customer?.account.has_confirmed_account_type ?? false);
  const billingPresent = Boolean(customer?.billing?.line_1);
  // The exemption block shows after billing for US organisations paying the merchant of record, until
  // answered (spec 2 §4); a complimentary order hides it.
  const exemptionApplies = Boolean(
    customer?.billing &&
      basket &&
      typeConfirmed &&
      showsTaxExemption({
        billingCountry: customer.billing.country,
        accountType: customer.account.type,
        gateway: data?.payment_gateway ?? null,
        orderIsComplimentary: basket.order_is_complimentary,
      }),
  );
  const exemptionOpen = exemptionApplies && (exemption.answer === null || exemption.editing);
  // Spec 2 §2 rules 2 and 6, §4: the basket's gateway is set up once billing chose it and no exemption
  // question is open (the merchant of record's checkout comes after the exemption answer for US organisations).
  const paymentSetupWanted = Boolean(customer && basket && billingPresent && typeConfirmed && !exemptionOpen);
  return { typeConfirmed, billingPresent, exemptionApplies, exemptionOpen, paymentSetupWanted };
}

export type JourneyFacts = ReturnType<typeof journeyFacts>;

/** A free download pays nothing either, so it skips billing like a complimentary order. */
export const paysNothing = (basket: BasketJson) => basket.order_is_complimentary || (basket.pricing.total_with_discount_applied ?? basket.pricing.total).gross.amount_minor === 0;

/** The checkout's current step, from the session, the facts above and the payment set-up's progress. */
export function journeyStep(data: SessionJson & { basket: BasketJson }, facts: JourneyFacts, reservedEmail: string | null, progress: JourneyProgress): number {
  const customer = data.customer;
  const gateway = data.payment_gateway;
  const { typeConfirmed, billingPresent, exemptionOpen } = facts;
  const journey = chooseStep({
    override: exemptionOpen ? Step.TAX_EXEMPTION : null,
    gateway,
    hasClientToken: progress.hasClientToken,
    hasEnvironment: progress.hasEnvironment,
    signedIn: customer !== null,
    emailReserved: customer === null && reservedEmail !== null,
    accountTypeConfirmed: typeConfirmed,
    hasPaymentSession: progress.hasPaymentSession,
    orderIsComplimentary: paysNothing(data.basket),
    billingLine1Present: billingPresent,
    taxExemptionFormShown: exemptionOpen,
    hasPaymentSource: progress.hasPaymentSource,
  });
  // Our choice, until payment setup exists (the payment issues): once billing has chosen a gateway
  // the journey moves on to payment, or to placing a free order.
  if (journey === Step.BILLING_ADDRESS && billingPresent && gateway !== null) return gateway === 'complimentary' ? Step.COMPLETE_ORDER : Step.PAYMENT_DETAILS;
  return journey;
}

/** The sections after the basket, in the page's order (the tax exemption only where it applies). */
export const JOURNEY_SECTIONS = [
  { id: 'account', title: 'Your account' },
  { id: 'account-details', title: 'Account details' },
  { id: 'billing-address', title: 'Billing address' },
  { id: 'tax-exemption', title: 'Sales tax exemption' },
  { id: 'payment-details', title: 'Payment details' },
  { id: 'place-order', title: 'Place order' },
] as const;

export type JourneySectionId = (typeof JOURNEY_SECTIONS)[number]['id'];

/** Each section's state at that step. */
export function journeySectionStates(journey: number): Record<JourneySectionId, SectionState> {
  return {
    account: sectionState(Step.ACCOUNT_SELECTION, journey),
    'account-details': journey === Step.CREATE_ACCOUNT || journey === Step.ACCOUNT_TYPE ? 'active' : sectionState(Step.ACCOUNT_TYPE, journey),
    'billing-address': sectionState(Step.BILLING_ADDRESS, journey),
    'tax-exemption': sectionState(Step.TAX_EXEMPTION, journey),
    'payment-details': sectionState(Step.PAYMENT_DETAILS, journey),
    'place-order': sectionState(Step.COMPLETE_ORDER, journey),
  };
}

/** A section's frame (its id, title and state) at that step. */
export function journeySection(id: JourneySectionId, journey: number): { id: JourneySectionId; title: string; state: SectionState } {
  const title = JOURNEY_SECTIONS.find((section) => section.id === id)?.title ?? id;
  return { id, title, state: journeySectionStates(journey)[id] };
}
