// The parts of braintree-web 3.124.0 the store uses. The package ships no type declarations; these
// follow its documented API (client, hostedFields, threeDSecure, dataCollector, vaultManager).
declare module 'braintree-web/client' {
  export interface Client {
    teardown(): Promise<void>;
  }
  export function create(options: { authorization: string }): Promise<Client>;
}

declare module 'braintree-web/hosted-fields' {
  import type { Client } from 'braintree-web/client';
  export type HostedFieldKey = 'number' | 'cvv' | 'expirationMonth' | 'expirationYear' | 'cardholderName' | 'postalCode';
  export interface HostedFieldFieldOptions {
    container: string | HTMLElement;
    placeholder?: string;
    type?: string;
    maxlength?: number;
    /** The cvv field only, without a number field: the code's one accepted length. */
    minlength?: number;
    /** What screen readers hear the input called, inside the frame. */
    internalLabel?: string;
    select?: boolean;
  }
  export interface HostedFieldsFieldData {
    isEmpty: boolean;
    isValid: boolean;
    isPotentiallyValid: boolean;
    isFocused: boolean;
    container: HTMLElement;
  }
  export interface HostedFieldsCard {
    type: string;
    niceType: string;
    code: { name: string; size: number };
  }
  export interface HostedFieldsState {
    cards: HostedFieldsCard[];
    emittedBy: HostedFieldKey;
    fields: Partial<Record<HostedFieldKey, HostedFieldsFieldData>>;
  }
  export interface HostedFieldsTokenizePayload {
    nonce: string;
    type: string;
    description: string;
    details: { bin: string; cardType: string; lastFour: string; lastTwo: string; expirationMonth: string; expirationYear: string };
    binData?: Record<string, string>;
  }
  export interface HostedFields {
    on(event: 'focus' | 'blur' | 'empty' | 'notEmpty' | 'validityChange' | 'cardTypeChange' | 'inputSubmitRequest', handler: (state: HostedFieldsState) => void): void;
    getState(): HostedFieldsState;
    tokenize(options?: { cardholderName?: string; billingAddress?: { postalCode?: string; countryCodeAlpha2?: string } }): Promise<HostedFieldsTokenizePayload>;
    focus(field: HostedFieldKey): Promise<void>;
    clear(field: HostedFieldKey): Promise<void>;
    teardown(): Promise<void>;
  }
  export function create(options: {
    client: Client;
    fields: Partial<Record<HostedFieldKey, HostedFieldFieldOptions>>;
    styles?: Record<string, Record<string, string>>;
  }): Promise<HostedFields>;
}

declare module 'braintree-web/three-d-secure' {
  import type { Client } from 'braintree-web/client';
  export interface ThreeDSecureVerifyPayload {
    nonce: string;
    liabilityShifted: boolean;
    liabilityShiftPossible: boolean;
    threeDSecureInfo?: { status?: string; liabilityShifted?: boolean; liabilityShiftPossible?: boolean };
  }
  export interface ThreeDSecure {
    verifyCard(options: {
      nonce: string;
      bin: string;
      amount: string;
      email?: string;
      billingAddress?: { givenName?: string; surname?: string; postalCode?: string; countryCodeAlpha2?: string; streetAddress?: string; locality?: string };
      collectDeviceData?: boolean;
      onLookupComplete?: (data: unknown, next: () => void) => void;
    }): Promise<ThreeDSecureVerifyPayload>;
    /** The cardholder closed the bank's challenge; verifyCard then answers an unshifted result. */
    on(event: 'customer-canceled', handler: () => void): void;
    off(event: 'customer-canceled', handler: () => void): void;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client; version: 2 }): Promise<ThreeDSecure>;
}

declare module 'braintree-web/data-collector' {
  import type { Client } from 'braintree-web/client';
  export interface DataCollector {
    deviceData: string;
    /** The same data as an object; its correlation_id ties the page's session to the provider's risk checks. */
    rawDeviceData: { correlation_id?: string };
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<DataCollector>;
}

declare module 'braintree-web/local-payment' {
  import type { Client } from 'braintree-web/client';
  export interface LocalPaymentAddress {
    streetAddress?: string;
    extendedAddress?: string;
    locality?: string;
    region?: string;
    postalCode?: string;
    countryCode?: string;
  }
  export interface LocalPaymentLineItem {
    category: 'DIGITAL_GOODS' | 'PHYSICAL_GOODS' | 'DONATION';
    name: string;
    quantity: string;
    unitAmount: string;
    unitTaxAmount: string;
  }
  /** Spec 3 §3: the start options (3.124.0's startPayment). */
  export interface LocalPaymentStartOptions {
    paymentType: string;
    amount: string;
    currencyCode: string;
    givenName: string;
    surname: string;
    email?: string;
    phone?: string;
    phoneCountryCode?: string;
    paymentTypeCountryCode?: string;
    address?: LocalPaymentAddress;
    billingAddress?: LocalPaymentAddress;
    shippingAddressRequired?: boolean;
    displayName?: string;
    birthDate?: string;
    locale?: string;
    customerServiceInstructions?: string;
    correlationId?: string;
    lineItems?: LocalPaymentLineItem[];
    discountAmount?: string;
    fallback?: { url: string; buttonText: string; cancelUrl?: string; cancelButtonText?: string };
    windowOptions?: { width?: number; height?: number };
    blikOptions?: {
      level_0?: { authCode: string };
      oneClick?: { authCode?: string; consumerReference: string; aliasLabel?: string; aliasKey?: string };
    };
    /** Called with the payment's id; a popup or redirect flow also hands a callback that opens the provider's page. */
    onPaymentStart: (data: { paymentId: string }, start?: () => void) => Promise<void> | void;
  }
  export interface LocalPaymentPayload {
    nonce: string;
    type: string;
    details: Record<string, unknown>;
    correlationId?: string;
  }
  export interface LocalPayment {
    /** Resolves with the payload (popup), or with nothing (a deferred type, or the redirect flow). */
    startPayment(options: LocalPaymentStartOptions): Promise<LocalPaymentPayload | undefined>;
    tokenize(params: { btLpToken?: string; btLpPaymentId?: string; btLpPayerId?: string; wasCanceled?: string; errorcode?: string }): Promise<LocalPaymentPayload>;
    closeWindow(): void;
    focusWindow(): void;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client; merchantAccountId?: string; redirectUrl?: string }): Promise<LocalPayment>;
}

declare module 'braintree-web/vault-manager' {
  import type { Client } from 'braintree-web/client';
  export interface VaultedPaymentMethod {
    nonce: string;
    default: boolean;
    type: string;
    /** A card's details, or a PayPal account's (its payer email). */
    details: { bin?: string; cardType?: string; lastFour?: string; lastTwo?: string; expirationMonth?: string; expirationYear?: string; email?: string };
  }
  export interface VaultManager {
    fetchPaymentMethods(options?: { defaultFirst?: boolean }): Promise<VaultedPaymentMethod[]>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<VaultManager>;
}

declare module 'braintree-web/paypal-checkout' {
  import type { Client } from 'braintree-web/client';
  export interface PayPalTokenizePayload {
    nonce: string;
    type: string;
    details: { email?: string; payerId?: string };
  }
  export interface PayPalCheckout {
    loadPayPalSDK(options: { currency: string; intent?: string; vault?: boolean; components?: string; env?: 'sandbox' }): Promise<PayPalCheckout>;
    createPayment(options: {
      flow: 'checkout' | 'vault';
      amount: string;
      currency: string;
      intent?: 'capture' | 'authorize' | 'order';
      enableShippingAddress?: boolean;
      locale?: string;
      /** Checkout with vault: the payer also agrees to a billing agreement, so the account can be saved. */
      requestBillingAgreement?: boolean;
      billingAgreementDetails?: { description: string };
    }): Promise<string>;
    /** The vault flow: a billing agreement only, nothing paid (spec 3). */
    createPayment(options: { flow: 'vault'; billingAgreementDescription?: string; enableShippingAddress?: boolean; locale?: string }): Promise<string>;
    tokenizePayment(data: unknown): Promise<PayPalTokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<PayPalCheckout>;
}

declare module 'braintree-web/apple-pay' {
  import type { Client } from 'braintree-web/client';
  export interface ApplePayPaymentRequest {
    total: { label: string; amount: string };
    countryCode?: string;
    currencyCode?: string;
    requiredBillingContactFields?: string[];
  }
  export interface ApplePay {
    createPaymentRequest(request: ApplePayPaymentRequest): ApplePayPaymentRequest & Record<string, unknown>;
    performValidation(options: { validationURL: string; displayName: string }): Promise<unknown>;
    tokenize(options: { token: unknown }): Promise<{ nonce: string; type: string }>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<ApplePay>;
}

declare module 'braintree-web/google-payment' {
  import type { Client } from 'braintree-web/client';
  export interface GooglePayment {
    createPaymentDataRequest(overrides?: Record<string, unknown>): { allowedPaymentMethods: unknown[] } & Record<string, unknown>;
    parseResponse(paymentData: unknown): Promise<{ nonce: string; type: string }>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client; googlePayVersion: 2; googleMerchantId?: string }): Promise<GooglePayment>;
}

declare module 'braintree-web/preferred-payment-methods' {
  import type { Client } from 'braintree-web/client';
  export interface PreferredPaymentMethods {
    fetchPreferredPaymentMethods(): Promise<{ paypalPreferred: boolean; venmoPreferred: boolean }>;
  }
  export function create(options: { client: Client }): Promise<PreferredPaymentMethods>;
}

/** The wallets' own browser APIs, as far as the store uses them. */
interface PayPalButtonsOptions {
  fundingSource?: string;
  style?: Record<string, string>;
  /** One of the two: a payment (checkout flow), or a billing agreement (vault flow). */
  createOrder?: () => Promise<string>;
  createBillingAgreement?: () => Promise<string>;
  onApprove: (data: unknown) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}
interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): { render(container: string | HTMLElement): Promise<void>; isEligible(): boolean; close?(): Promise<void> };
  FUNDING: { PAYPAL: string };
}
interface GooglePaymentsClient {
  isReadyToPay(request: Record<string, unknown>): Promise<{ result: boolean }>;
  createButton(options: { onClick: () => void; buttonColor?: string; buttonType?: string; buttonSizeMode?: string }): HTMLElement;
  loadPaymentData(request: Record<string, unknown>): Promise<unknown>;
}
interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: (() => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
}
interface ApplePaySessionConstructor {
  new (version: number, request: Record<string, unknown>): ApplePaySessionInstance;
  canMakePayments(): boolean;
  supportsVersion(version: number): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}
interface Window {
  paypal?: PayPalNamespace;
  google?: { payments: { api: { PaymentsClient: new (options: { environment: 'TEST' | 'PRODUCTION' }) => GooglePaymentsClient } } };
  ApplePaySession?: ApplePaySessionConstructor;
}

declare module 'braintree-web/sepa' {
  import type { Client } from 'braintree-web/client';
  export interface SepaTokenizeOptions {
    iban: string;
    merchantAccountId: string;
    mandateType: 'ONE_OFF' | 'RECURRENT';
    customerId: string;
    accountHolderName: string;
    countryCode: string;
    locale?: string;
    billingAddress?: { address_line_1?: string; address_line_2?: string; admin_area_1?: string; admin_area_2?: string; postal_code?: string };
  }
  export interface SepaTokenizePayload {
    nonce: string;
    ibanLastFour: string;
    customerId: string;
    mandateType: 'ONE_OFF' | 'RECURRENT';
  }
  export interface Sepa {
    tokenize(options: SepaTokenizeOptions): Promise<SepaTokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client; redirectUrl?: string }): Promise<Sepa>;
}

declare module 'braintree-web/us-bank-account' {
  import type { Client } from 'braintree-web/client';
  export interface UsBankAccountBillingAddress {
    streetAddress: string;
    extendedAddress?: string;
    locality: string;
    region: string;
    postalCode: string;
  }
  export interface UsBankAccountDetails {
    routingNumber: string;
    accountNumber: string;
    accountType: 'checking' | 'savings';
    ownershipType: 'personal' | 'business';
    firstName?: string;
    lastName?: string;
    businessName?: string;
    billingAddress: UsBankAccountBillingAddress;
  }
  export interface UsBankAccountTokenizePayload {
    nonce: string;
    details: Record<string, unknown>;
    description: string;
    type: string;
  }
  export interface UsBankAccount {
    tokenize(options: { mandateText: string; bankDetails: UsBankAccountDetails }): Promise<UsBankAccountTokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<UsBankAccount>;
}
