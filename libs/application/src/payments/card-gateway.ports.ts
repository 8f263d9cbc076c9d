import type { SavedBankAccountKind, SavedMethodDetails } from '@store/domain';

/** A card kept in the card gateway's vault, as the store may show it (never the number). */
export interface VaultedCard {
  readonly token: string;
  readonly bin: string;
  readonly last4: string;
  readonly cardType: string;
  readonly expirationMonth: number;
  readonly expirationYear: number;
  /**
   * The gateway's fingerprint of the card number (Braintree's uniqueNumberIdentifier): the same
   * number saved twice has the same one, which is how a card saved again is known. Null when not given.
   */
  readonly fingerprint?: string | null;
}

/** One payment method of a customer record at the gateway. */
export interface VaultListing {
  readonly token: string;
  readonly isDefault: boolean;
  readonly details: SavedMethodDetails;
  /** A card's number fingerprint; null for the other kinds. */
  readonly fingerprint: string | null;
}

/** A PayPal account kept in the card gateway's vault (spec 3 PayPal checkout with a billing agreement). */
export interface VaultedPayPalAccount {
  readonly token: string;
  /** The payer's PayPal email: how the page names the account. */
  readonly email: string;
}

/** A Venmo account kept in the card gateway's vault (saved from a multi-use Venmo approval). */
export interface VaultedVenmoAccount {
  readonly token: string;
  /** The payer's Venmo username ('@venmojoe'): how the page names the account. */
  readonly username: string;
}

/** The card gateway's own calls besides charging (spec 2 §7 braintree-checkout, §6 saved cards). */
export interface CardGatewayPort {
  /**
   * A client token for the browser library. With a vault customer, the browser can list that
   * customer's saved cards (and 3-D Secure them); without one it can only tokenize new cards.
   */
  clientToken(options: { readonly vaultCustomerId: string | null; readonly currency: string }): Promise<string>;
  /**
   * The payment methods the gateway keeps for this customer record, each as the store may show it,
   * and which is the default; null when the gateway has no such customer (any more).
   */
  vaultedMethods(vaultCustomerId: string): Promise<readonly VaultListing[] | null>;
  /** Makes the saved method the default of its customer record at the gateway. */
  makeDefault(token: string): Promise<void>;
  /** Removes a saved payment method from the vault; one already gone is not an error. */
  deletePaymentMethod(token: string): Promise<void>;
}
export const CARD_GATEWAY_PORT = Symbol('CardGatewayPort');

/** What the browser needs to set the card gateway up, besides the client token (spec 2 §7). */
export interface CardGatewaySettings {
  /** 'sandbox' or 'production': braintree-web and Google Pay read it. */
  readonly environment: 'sandbox' | 'production';
  readonly threeDSecure: boolean;
  readonly collectDeviceData: boolean;
  readonly disabledApplePayCountries: readonly string[];
  readonly disabledGooglePayCountries: readonly string[];
  readonly disabledPayPalCountries: readonly string[];
  readonly googleMerchantId: string | null;
  /** The wallets' feature flags. */
  readonly wallets: { readonly applePay: boolean; readonly googlePay: boolean; readonly payPal: boolean };
  /** PayPal Credit's button for US billing in US dollars, off by default. */
  readonly payPalCredit?: boolean;
  /** The provider's local payment methods (spec 3 §1); approved through PayPal, so only with it on. */
  readonly localPayments?: boolean;
  /** The bank debits (SEPA direct debit, US bank account), each enabled on the account first. */
  readonly bankDebits?: { readonly sepa: boolean; readonly usBankAccount: boolean };
  /** Networks retired for Click to Pay, and UnionPay's SMS enrollment: off unless the account still has them. */
  readonly retiredNetworks?: { readonly masterpass: boolean; readonly visaCheckout: boolean; readonly unionPay: boolean };
  /** The browser's Payment Request API (spec 3 §3), off by default. */
  readonly paymentRequest?: boolean;
  /** PayPal through braintree-web's deprecated classic `paypal` module instead of paypal-checkout, off by default. */
  readonly payPalClassic?: boolean;
  /** The currencies the classic module is used for; empty or left out, every currency. */
  readonly payPalClassicCurrencies?: readonly string[];
  /** Venmo (US dollars; desktop by QR code), off by default. */
  readonly venmo?: boolean;
  /** How long each piece of the gateway's browser code may take to load (spec 2 §9: 120 s). */
  readonly scriptLoadTimeoutMs: number;
  /** Currency -> the merchant account charging it; a currency without one uses the default account. */
  readonly merchantAccounts?: Readonly<Record<string, string>>;
}
export const CARD_GATEWAY_SETTINGS = Symbol('CardGatewaySettings');

/**
 * A bank account kept in the card gateway's vault: a SEPA account under a recurring mandate, or a
 * US bank account the network check verified (the gateway refuses to debit an unverified one).
 */
export interface VaultedBankAccount {
  readonly token: string;
  readonly kind: SavedBankAccountKind;
  /** The IBAN's last characters, or the account number's last four digits. */
  readonly last4: string;
  /** The SEPA mandate's reference (the provider's bankReferenceToken); null for ACH. */
  readonly mandateReference: string | null;
  /** The bank's name for ACH, where the gateway gives one; null for SEPA. */
  readonly bankName: string | null;
}
