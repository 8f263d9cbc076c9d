import type { SavedBankAccountKind } from '@store/domain';

/** A card kept in the card gateway's vault, as the store may show it (never the number). */
export interface VaultedCard {
  readonly token: string;
  readonly bin: string;
  readonly last4: string;
  readonly cardType: string;
  readonly expirationMonth: number;
  readonly expirationYear: number;
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
  /** The vaulted card as the gateway knows it now (expiry updated, or gone: null). */
  findCard(token: string): Promise<VaultedCard | null>;
  /** The vaulted PayPal account as the gateway knows it now (revoked or gone: null). */
  findPayPalAccount(token: string): Promise<VaultedPayPalAccount | null>;
  /** The vaulted Venmo account as the gateway knows it now (removed, or disconnected by the payer: null). */
  findVenmoAccount(token: string): Promise<VaultedVenmoAccount | null>;
  /** Removes a saved card or PayPal account from the vault; one already gone is not an error. */
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

export interface SavedCard extends VaultedCard {
  readonly customerId: string;
  /** The gateway's customer record the card belongs to. */
  readonly vaultCustomerId: string;
  /** The last response code about this card (spec 2 §6), null when it last worked. */
  readonly lastResponseCode: number | null;
}

/** The customer's one saved card (the latest card they chose to save replaces the one before). */
export interface SavedCardRepository {
  find(customerId: string): Promise<SavedCard | null>;
  /**
   * What a charge needs, in one read: the saved card, and the gateway's customer record of this
   * shopper (the card's, else their saved PayPal account's: one record per shopper, whichever saved
   * method made it).
   */
  findWithVaultCustomer(customerId: string): Promise<{ readonly card: SavedCard | null; readonly vaultCustomerId: string | null }>;
  save(card: Omit<SavedCard, 'lastResponseCode'>): Promise<void>;
  /** Records what the gateway last said about the card (a refreshed expiry, or a response code). */
  update(customerId: string, token: string, change: { readonly card?: VaultedCard; readonly lastResponseCode?: number | null }): Promise<void>;
  remove(customerId: string): Promise<SavedCard | null>;
}
export const SAVED_CARD_REPOSITORY = Symbol('SavedCardRepository');

export interface SavedPayPalAccount extends VaultedPayPalAccount {
  readonly customerId: string;
  /** The gateway's customer record the account belongs to (the saved card's, when there is one). */
  readonly vaultCustomerId: string;
  /** The last response code about this account, null when it last worked. */
  readonly lastResponseCode: number | null;
}

/** The customer's one saved PayPal account (the latest one they chose to save replaces the one before). */
export interface SavedPayPalRepository {
  find(customerId: string): Promise<SavedPayPalAccount | null>;
  save(account: Omit<SavedPayPalAccount, 'lastResponseCode'>): Promise<void>;
  /** Records what the gateway last said about the account (only the account with this token). */
  update(customerId: string, token: string, change: { readonly lastResponseCode: number | null }): Promise<void>;
  remove(customerId: string): Promise<SavedPayPalAccount | null>;
}
export const SAVED_PAYPAL_REPOSITORY = Symbol('SavedPayPalRepository');

export interface SavedVenmoAccount extends VaultedVenmoAccount {
  readonly customerId: string;
  /** The gateway's customer record the account belongs to. */
  readonly vaultCustomerId: string;
  /** The last response code about this account, null when it last worked. */
  readonly lastResponseCode: number | null;
}

/** The customer's one saved Venmo account (the latest one they chose to save replaces the one before). */
export interface SavedVenmoRepository {
  find(customerId: string): Promise<SavedVenmoAccount | null>;
  save(account: Omit<SavedVenmoAccount, 'lastResponseCode'>): Promise<void>;
  /** Records what the gateway last said about the account (only the account with this token). */
  update(customerId: string, token: string, change: { readonly lastResponseCode: number | null }): Promise<void>;
  remove(customerId: string): Promise<SavedVenmoAccount | null>;
}
export const SAVED_VENMO_REPOSITORY = Symbol('SavedVenmoRepository');

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

export interface SavedBankAccount extends VaultedBankAccount {
  readonly customerId: string;
  /** The store's reference, the only name the page knows it by (never the vault token). */
  readonly reference: string;
  readonly vaultCustomerId: string;
}

/** The customer's saved bank accounts: one per vault token, the newest first. */
export interface SavedBankAccountRepository {
  listFor(customerId: string): Promise<readonly SavedBankAccount[]>;
  /** The account with this reference, only when it is this customer's. */
  find(customerId: string, reference: string): Promise<SavedBankAccount | null>;
  /** Keeps the account; the same vault token saved again keeps its first reference. */
  save(account: SavedBankAccount): Promise<void>;
  remove(customerId: string, reference: string): Promise<SavedBankAccount | null>;
}
export const SAVED_BANK_ACCOUNT_REPOSITORY = Symbol('SavedBankAccountRepository');
