/**
 * GET /data/braintree-checkout/?basket_ref= (spec 2 §7): what the page needs to set up the card
 * gateway. The amount is not here: it is always the priced basket's, charged by the server.
 */
export interface CardCheckoutJson {
  readonly client_token: string;
  /**
   * The merchant account the client token was made for (the basket currency's, ours); null when the
   * store names none for the currency and the gateway's default account takes it.
   */
  readonly merchant_account_id: string | null;
  /** 'sandbox' or 'production' (braintree-web, Google Pay's test environment). */
  readonly environment: 'sandbox' | 'production';
  /** The saved card's vault token, only when paying with it can work (spec 2 §6); else null. */
  readonly existing_card_token: string | null;
  readonly existing_card_bin: string | null;
  /** What the page shows of the saved card: its type and last digits (spec 2 §2). */
  readonly existing_card: SavedCardJson | null;
  /** The saved PayPal account (ours): offered under PayPal while the gateway still has it; else null. */
  readonly existing_paypal_account: SavedPayPalJson | null;
  readonly disabled_apple_pay_countries: readonly string[];
  readonly disabled_google_pay_countries: readonly string[];
  readonly disabled_paypal_countries: readonly string[];
  readonly google_merchant_id: string | null;
  /** Features: 3-D Secure verification of cards, and device data collection (spec 2 §6). */
  readonly three_d_secure: boolean;
  readonly collect_device_data: boolean;
  /** The wallets' feature flags (ours): each is offered only when on, and by the rules of spec 2 §6. */
  readonly wallets: { readonly apple_pay: boolean; readonly google_pay: boolean; readonly paypal: boolean };
  /** PayPal Credit's button beside PayPal's, for US billing in US dollars (ours: left out, off). */
  readonly paypal_credit?: boolean;
  /** The provider's local payment methods (spec 3 §1) are switched on; each is offered only where it applies. */
  readonly local_payments: boolean;
  /** The customer's BLIK one-click aliases (spec 3 §5: later use pays with the key, no code); empty when none. */
  readonly blik_aliases: readonly BlikAliasJson[];
  /**
   * The customer's saved bank accounts (ours): SEPA accounts with a recurring mandate and US bank
   * accounts that passed the network check; the page offers the one that fits the basket. Empty when none.
   */
  readonly saved_bank_accounts: readonly SavedBankAccountJson[];
  /** The bank debits switched on: each is offered only where it applies (SEPA: euro baskets billed to SEPA countries; ACH: dollar baskets billed to the US). */
  readonly bank_debits: { readonly sepa: boolean; readonly us_bank_account: boolean };
  /**
   * The networks retired for Click to Pay (Masterpass, Visa Checkout) and UnionPay's SMS enrollment
   * (ours): each on only where the store switches it on; left out, all are off.
   */
  readonly retired_networks?: { readonly masterpass: boolean; readonly visa_checkout: boolean; readonly unionpay: boolean };
  /** The browser's Payment Request API (spec 3 §3): offered only where the browser can pay with it. */
  readonly payment_request: boolean;
  /** Venmo switched on: offered for US dollar baskets (ours: left out, off). */
  readonly venmo?: boolean;
  /** The saved Venmo account (ours): offered under Venmo on the baskets Venmo pays while the gateway still has it; left out or null, none. */
  readonly existing_venmo_account?: SavedVenmoJson | null;
  /** PayPal pays through braintree-web's classic `paypal` module and its popup (ours: left out, paypal-checkout). */
  readonly paypal_classic?: boolean;
  /** How long each piece of the gateway's browser code may take to load before the page gives up (spec 2 §9: 120 s). */
  readonly script_load_timeout_ms: number;
  /**
   * The customer's saved payment methods (ours), the default first, then the newest: every one that
   * fits this basket (its currency, billing country, and method switched on), with those that cannot
   * be chosen (an expired card, one the gateway no longer has) shown as such. Left out, none.
   */
  readonly saved_methods?: readonly SavedMethodJson[];
  /** The store's rules ask for a saved card's security code again at the checkout (ours: left out, no). */
  readonly saved_card_cvv_required?: boolean;
}

/**
 * A saved payment method as the account page and the checkout show it: named by the store's
 * reference (PLACE_ORDER's token for it), never by the gateway's vault token.
 */
export interface SavedMethodJson {
  readonly reference: string;
  readonly kind: 'card' | 'paypal' | 'venmo' | 'sepa' | 'us-bank-account';
  /** The same words on both pages: card brand and last four, PayPal email, Venmo username, account's last digits. */
  readonly description: string;
  readonly is_default: boolean;
  /** 'usable'; 'expired' (a card past its month); 'invalid' (the gateway no longer has it). Only a usable one can be chosen. */
  readonly state: 'usable' | 'expired' | 'invalid';
  /** A card's details, for matching it in braintree-web's vault manager list; null for the others. */
  readonly card: { readonly card_type: string; readonly bin: string; readonly last4: string; readonly expiration_month: number; readonly expiration_year: number } | null;
  /** The PayPal account's email, or the Venmo account's username; null for the others. */
  readonly account_name: string | null;
  /** A bank account's last digits, mandate reference (SEPA) and bank name (ACH); null for the others. */
  readonly bank: { readonly last4: string; readonly mandate_reference: string | null; readonly bank_name: string | null } | null;
}

/** GET /data/account/saved-methods/ (ours): the customer's saved payment methods, the default first, and what can be added there. */
export interface SavedMethodsJson {
  readonly saved_methods: readonly SavedMethodJson[];
  /** PayPal's vault flow is offered on the account page. */
  readonly can_add_paypal: boolean;
}

export interface SavedVenmoJson {
  /** The payer's Venmo username ('@venmojoe'), as the page names the account. */
  readonly username: string;
}

export interface SavedPayPalJson {
  /** The payer's PayPal email, as the page names the account. */
  readonly email: string;
}

export interface SavedCardJson {
  readonly card_type: string;
  readonly last4: string;
  readonly expiration_month: number;
  readonly expiration_year: number;
  readonly expired: boolean;
}

/** A BLIK one-click alias: the key the bank gave the store, and the label the shopper chose for it. */
export interface BlikAliasJson {
  readonly key: string;
  readonly label: string;
}

/** A saved bank account as the page shows it and pays with it (never the gateway's vault token). */
export interface SavedBankAccountJson {
  /** The store's reference: PLACE_ORDER sends it as the token, and the server pays only its own customer's. */
  readonly reference: string;
  readonly kind: 'sepa' | 'us-bank-account';
  /** The last characters of the IBAN, or the last four digits of the account number. */
  readonly last4: string;
  /** The SEPA mandate's reference; null for a US bank account. */
  readonly mandate_reference: string | null;
  /** The bank's name for a US bank account, where the gateway gives one; null for SEPA. */
  readonly bank_name: string | null;
}
