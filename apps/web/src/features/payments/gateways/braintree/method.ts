import type { BasketJson, CardCheckoutJson, CardGatewayOption, CustomerJson, PaymentMethodType } from '@store/domain';
import type { Client } from 'braintree-web/client';
import type { ComponentType } from 'react';
import type { StartLocalPaymentInput } from '../../../orders';
import type { CardGatewayClient } from './card-gateway-client';
import type { SavedMethodRefusal, SavedRefusals } from './methods/saved-methods/saved-methods';
import type { MethodInstances } from './set-up-methods';
import type { WalletPayment } from './wallet-payment';

/** What a method's set-up reads: the checkout's flags and settings, the basket's currency and the load limit. */
export interface MethodSettings {
  readonly checkout: CardCheckoutJson;
  readonly currency: string;
  /** Spec 2 §9: how long the method's code (and any script of its own) may take to arrive before it is not offered. */
  readonly loadLimitMs: number;
}

/**
 * A method's own piece of the gateway's set-up, in two halves: the gateway starts every method's
 * download together, then makes them one at a time, so that no two share the main thread.
 */
export interface MethodSetUp<Module, Instance> {
  /** Names the method in the load limit's error. */
  readonly what: string;
  /** Starts loading the method's braintree-web module (a chunk of its own), or null when it is not wanted here. */
  load(settings: MethodSettings): Promise<Module> | null;
  /** Makes the method from its module and the gateway's client; null when it cannot be offered. */
  make(module: Module, client: Client, settings: MethodSettings): Promise<Instance | null>;
  /**
   * A question for the gateway once the method is made (PayPal: does this shopper prefer it?),
   * under a load limit of its own: unanswered, the method stays as it was made.
   */
  readonly followUp?: { readonly what: string; ask(made: Instance, client: Client): Promise<Instance> };
}

/** What decides whether a method is offered, besides its own set-up. */
export interface OfferFacts {
  readonly checkout: CardCheckoutJson;
  /** The billing country, ISO 3166-1 alpha-2. */
  readonly country: string;
  readonly currency: string;
  readonly locale: string;
  /** The saved methods refused on this page (expired, or gone from the gateway): not offered again here. */
  readonly savedRefusals: SavedRefusals;
}

/** What PLACE_ORDER carries for a saved card: its reference, and the security code's nonce when the store asks for it again. */
export interface SavedCardPaid {
  readonly reference: string;
  readonly cvvToken?: string;
}

/** What the card gateway's section gives a method to pay with: the consent, analytics, one payment at a time. */
export interface MethodPayment {
  /** A payment is under way: every way to pay waits. */
  readonly busy: boolean;
  /** Checks the immediate-supply consent (it says why when not given); false stops here. */
  consented(): boolean;
  /** add_payment_info under the method's label. */
  track(): void;
  /**
   * A card payment (spec 2 §4): the method's nonce, then 3-D Secure 2 unless it is off, then the
   * order. `tokenize` gives the nonce and the card's BIN (and, for a saved card, which one), or null
   * when it has already said why not; `unexplained` runs when the gateway's error has no message of
   * its own to show. Resolves with the response code of a refused order, otherwise null.
   */
  payByCard(
    tokenize: () => Promise<{ readonly nonce: string; readonly bin: string; readonly saved?: SavedCardPaid } | null>,
    vault: boolean,
    unexplained?: () => void,
  ): Promise<number | null>;
  /**
   * PLACE_ORDER with a nonce the method gets at the click (a vaulted account, a bank debit): busy
   * meanwhile, failures shown; `vault` saves the payment method with the sale. Resolves with the
   * response code of a refused order (a method may offer a next step for it), otherwise null.
   */
  payWithNonce(nonce: () => Promise<string | null>, vault?: boolean): Promise<number | null>;
  /**
   * PLACE_ORDER naming a saved account (PayPal, Venmo, a bank account) by the store's reference, with
   * no nonce: the server charges what it keeps for that account. As payWithNonce otherwise.
   */
  payWithSaved(reference: string): Promise<number | null>;
  /** The same payment under another payment method type: the saved option pays under each saved method's own kind. */
  as(type: PaymentMethodType): MethodPayment;
  /** What a wallet's own button pays with. */
  wallet(saveAccount?: boolean): WalletPayment;
  /** The saved methods refused on this page so far. */
  readonly savedRefusals: SavedRefusals;
  /** A saved method was refused (expired, or gone from the gateway): it is not offered again on this page (spec 2 §6). */
  refuseSaved(reference: string, refusal: SavedMethodRefusal): void;
  /** What a local payment method (spec 3 §1) pays with: its order's fields, the section's busy flag, the nonce's order. */
  readonly local: LocalPaymentSupport;
}

/** The order a local payment reserves, as START_LOCAL_PAYMENT carries it (less the method and the payment's id). */
export type LocalOrderFields = Omit<StartLocalPaymentInput, 'payment_method_type' | 'payment_id'>;

/** What the section shares with a local payment method: one payment at a time, and its order. */
export interface LocalPaymentSupport {
  /** What is charged, as a decimal string, and in which currency. */
  readonly amount: string;
  readonly currency: string;
  /** Checks the consent and that no payment is under way, then marks one under way; false stops here. */
  begin(): boolean;
  /** The payment under way ended (paid, sent elsewhere, or not). */
  end(): void;
  /** START_LOCAL_PAYMENT's order fields as the page shows them now. */
  fields(): LocalOrderFields;
  /** An order the payment reserved and that ended unpaid: the next attempt reuses it. */
  keepOrderNumber(orderNumber: string): void;
  /** PLACE_ORDER with the provider's nonce for the reserved order; a refusal is shown, then thrown. */
  placeWithNonce(nonce: string, orderNumber: string): Promise<void>;
}

export interface MethodProps<Instance> {
  readonly customer: CustomerJson;
  readonly basket: BasketJson;
  readonly locale: string;
  readonly checkout: CardCheckoutJson;
  readonly gateway: CardGatewayClient;
  readonly loadLimitMs: number;
  /** What the method's set-up made, or null (not yet, not wanted, or it failed). */
  readonly instance: Instance | null;
  /**
   * What every method's set-up made: a method that finishes a payment in another's window (a saved
   * PayPal account confirmed in PayPal's) reads that method's instance through its own accessor.
   */
  readonly instances: MethodInstances;
  /** The shopper chose it: a method shows nothing else (it may keep parts of itself mounted out of sight). */
  readonly chosen: boolean;
  readonly payment: MethodPayment;
  /**
   * For a method whose set-up lives on the page (the card form's frames): it has settled, made or
   * failed. The other methods' set-ups start then, so that they never share the main thread with it.
   */
  readonly settled: () => void;
}

/**
 * A way to pay through the card gateway: its key (the domain's option, whose descriptor gives its
 * label and payment method type), its set-up, when it is offered, and its component, which
 * tokenizes and pays.
 */
export interface CardGatewayMethod<Instance = unknown> {
  readonly key: CardGatewayOption;
  readonly setUp?: MethodSetUp<unknown, Instance>;
  offered(facts: OfferFacts, instance: Instance | null): boolean;
  /** The gateway says the shopper prefers this method (spec 3): it is listed first. */
  preferred?(instance: Instance | null): boolean;
  readonly Component: ComponentType<MethodProps<Instance>>;
}

/**
 * Registers a method under the one shape the registry holds. The section hands each method only
 * what that method's own set-up made, so widening its instance to unknown here loses nothing.
 */
export function defineMethod<Module, Instance>(method: Omit<CardGatewayMethod<Instance>, 'setUp'> & { readonly setUp?: MethodSetUp<Module, Instance> }): CardGatewayMethod {
  return method as unknown as CardGatewayMethod;
}
