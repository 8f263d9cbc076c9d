import type { BasketJson, CustomerJson, GatewayDescriptor, Locale, PayingGateway } from '@store/domain';
import type { ComponentType } from 'react';

export interface GatewaySetupInput {
  readonly basket: BasketJson | null;
  readonly customer: CustomerJson | null;
  readonly locale: Locale;
  /**
   * Billing chose this gateway and nothing stands before its set-up (spec 2 §2 rules 2 and 6: an
   * open exemption question, a page about to reload for another gateway).
   */
  readonly wanted: boolean;
}

/** What the journey's step choice reads of a gateway's set-up (spec 2 §3). */
export interface GatewayProgress {
  readonly hasClientToken: boolean;
  readonly hasEnvironment: boolean;
  readonly hasPaymentSession: boolean;
  readonly hasPaymentSource: boolean;
}

export const NO_PROGRESS: GatewayProgress = { hasClientToken: false, hasEnvironment: false, hasPaymentSession: false, hasPaymentSource: false };

/** A gateway's set-up as the checkout page sees it, whichever gateway it is. */
export interface GatewaySetup {
  readonly progress: GatewayProgress;
  /** Forgets the payment state (spec 2 §4: billing or the exemption answer changed); the next set-up starts afresh. */
  readonly reset: () => void;
}

export interface GatewaySectionProps<Setup> {
  readonly setup: Setup;
  readonly basket: BasketJson;
  readonly customer: CustomerJson;
  /** The store locale as it appears in addresses. */
  readonly locale: string;
  /** Payment is the journey's current step (spec 2 §2 rule 7). */
  readonly active: boolean;
  /** EU, EEA and UK consumers agree to immediate supply before paying. */
  readonly consentRequired: boolean;
}

/**
 * A gateway of the web app: the domain's descriptor (its key, what the shopper pays with through
 * it), its set-up hook (every registered gateway's is called on every render, wanted or not, as
 * React's hooks must be) and its payment section.
 */
export interface PaymentGatewayPlugin<Setup extends GatewaySetup = GatewaySetup> {
  readonly descriptor: GatewayDescriptor<PayingGateway>;
  readonly useSetup: (input: GatewaySetupInput) => Setup;
  /** Whether the section is on show: while payment is the step, and for some gateways a while after. */
  readonly shows: (setup: Setup, active: boolean) => boolean;
  readonly Section: ComponentType<GatewaySectionProps<Setup>>;
}

/**
 * Registers a gateway under the one shape the registry holds. The page hands a gateway's section
 * only the set-up its own hook made, so widening it here loses nothing.
 */
export function definePaymentGateway<Setup extends GatewaySetup>(gateway: PaymentGatewayPlugin<Setup>): PaymentGatewayPlugin {
  return gateway as unknown as PaymentGatewayPlugin;
}
