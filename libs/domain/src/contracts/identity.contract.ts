import type { AccountType } from '../accounts/account-types';
import type { PaymentGateway } from '../payments/payment-gateways';
import type { StoreFeature } from '../payments/store-features';
import type { BasketJson } from './basket.contract';

/** The billing address as the checkout holds it (spec 1 §3), with the standing of its tax ID. */
export interface BillingAddressJson {
  readonly line_1: string;
  readonly line_2: string | null;
  readonly line_3: string | null;
  readonly city: string;
  readonly county: string | null;
  readonly state: string | null;
  readonly postal_code: string;
  readonly country: string;
  readonly vat_id: string | null;
  /** valid: checked; unverified: accepted while the register could not answer; not-checked: JP. */
  readonly vat_id_status: 'valid' | 'unverified' | 'not-checked' | null;
}

/** An address to deliver physical products to (the billing address's fields without the Tax ID). */
export type ShippingAddressJson = Omit<BillingAddressJson, 'vat_id' | 'vat_id_status'>;

/** Where the customer's physical products go: their billing address, or an address of its own. */
export interface ShippingJson {
  readonly same_as_billing: boolean;
  /** Null when same_as_billing. */
  readonly address: ShippingAddressJson | null;
}

/** The customer as the checkout page holds it (spec 1 §3, spec 2 §3). */
export interface CustomerJson {
  readonly public_id: string;
  readonly email: string;
  readonly email_verified: boolean;
  readonly first_name: string;
  readonly last_name: string;
  readonly full_name: string;
  readonly signed_in: true;
  readonly country: string | null;
  readonly account: {
    readonly type: AccountType;
    readonly customer_category: string;
    readonly account_name: string | null;
    readonly has_confirmed_account_type: boolean;
  };
  readonly billing: BillingAddressJson | null;
  /** Spec 2 §3's customer.shipping: null until the customer says where a basket with physical products goes. */
  readonly shipping: ShippingJson | null;
  /** Spec 2 §3's customer.payment: the saved payment method the checkout offers first; null when there is none. */
  readonly payment: CustomerPaymentJson | null;
  readonly is_vat_id_valid: boolean;
}

/** A saved payment method as the page may show it (spec 2 §3): never a number beyond the last digits. */
export interface CustomerPaymentJson {
  readonly type: 'card' | 'paypal';
  /** The card's last digits; null for a PayPal account. */
  readonly card_number: string | null;
  readonly expired: boolean;
}

/**
 * The administrator of the page state (spec 1 §3). Ours: this store has no administrator accounts
 * (its staff work in the providers' own consoles), so the state always says signed out, with no names.
 */
export interface AdministratorJson {
  readonly badge_number: null;
  readonly first_name: null;
  readonly last_name: null;
  readonly full_name: null;
  readonly signed_in: false;
}

export const SIGNED_OUT_ADMINISTRATOR: AdministratorJson = { badge_number: null, first_name: null, last_name: null, full_name: null, signed_in: false };

export interface ContactPreferencesJson {
  readonly available_in_provider: boolean;
  /** Identifies the preferences in OPT_IN_ALL / OPT_OUT_ALL links without the customer signing in. */
  readonly hash: string;
  readonly marketing_opt_in: boolean;
  readonly terms_and_conditions_accepted: boolean;
}

export interface CustomerCategoryJson {
  readonly name: string;
  readonly fqn: string;
}

export interface SessionJson {
  readonly customer: CustomerJson | null;
  readonly basket: BasketJson | null;
  /** The signed-in customer's other baskets with items, to carry on with (spec 1 §4). */
  readonly candidate_baskets: readonly string[];
  readonly contact_preferences: ContactPreferencesJson | null;
  /** The gateway chosen for the basket as it is now (spec 1 §3 page flags); null until billing decides it. */
  readonly payment_gateway: PaymentGateway | null;
  readonly customer_categories: {
    readonly business_categories: readonly CustomerCategoryJson[];
    readonly education_categories: readonly CustomerCategoryJson[];
  };
  /** Our choice: the store's password minimum (PASSWORD_MIN_LENGTH), so the page checks new passwords as the server does. */
  readonly password_min_length: number;
  readonly administrator: AdministratorJson;
  /** Spec 1 §3's enabled flags: the payment methods and device data the store is set up for. */
  readonly features: readonly StoreFeature[];
  /** Spec 1 §3: the page reports what goes wrong to the console as well; never on in production. */
  readonly debug_mode: boolean;
}

/** The checkout data API's actions (spec 2 §7) this store answers. */
export const CHECKOUT_ACTIONS = [
  'CREATE_CUSTOMER',
  'CHECKOUT_UPDATE_CUSTOMER_CATEGORY',
  'PREREGISTER_EMAIL',
  'UNREGISTER_EMAIL',
  'VALIDATE_EMAIL',
  'SIGN_OUT',
  'OPT_IN_ALL',
  'OPT_OUT_ALL',
  'CHANGE_CHOICE',
  'CHANGE_QUANTITY',
  'REMOVE_LINE',
  'APPLY_DISCOUNT_CODE',
  'REMOVE_DISCOUNT_CODE',
  // Ours: the spec names no voucher actions; these mirror the discount code's.
  'APPLY_VOUCHER_CODE',
  'REMOVE_VOUCHER_CODE',
  'CONFIGURE_BASKET_SHIPPING_COUNTRY',
  'CREATE_CUSTOMER_INVOICE_ADDRESS',
  'MERCHANT_OF_RECORD_CREATE_CHECKOUT',
  'MERCHANT_OF_RECORD_ATTACH_TAX_ID',
  'MERCHANT_OF_RECORD_ATTACH_SOURCE',
  'PLACE_ORDER',
  // Ours: the local payment methods (spec 3 §1) reserve the order when the provider's flow starts
  // (its onPaymentStart), and the shopper may give one up before the payer approves it.
  'START_LOCAL_PAYMENT',
  'CANCEL_LOCAL_PAYMENT',
] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];

/** The checkout data API's envelope: the request's timestamp comes back so stale answers can be dropped. */
export interface CheckoutActionResponse<T> {
  readonly success: boolean;
  readonly code: number;
  readonly data: T;
  readonly timestamp: string;
  readonly message?: string;
}
