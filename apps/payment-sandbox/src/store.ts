import { randomBytes } from 'node:crypto';
import { readJsonFile, writeJsonFile } from './json-file';
import type { CardType, SaleOutcome } from './test-values';
import type { SandboxAccount } from './account';

/** A card as the sandbox keeps it. The full number never leaves the sandbox. */
export interface CardRecord {
  readonly number: string;
  readonly bin: string;
  readonly last4: string;
  readonly cardType: CardType | 'Unknown';
  readonly expirationMonth: string;
  readonly expirationYear: string;
  readonly cardholderName: string | null;
  readonly cvv: string | null;
  readonly postalCode: string | null;
  /** The same for every copy of one card number, as the provider's unique number identifier. */
  readonly uniqueNumberIdentifier: string;
}

export interface ThreeDSecureInfo {
  readonly status: string;
  readonly liabilityShifted: boolean;
  readonly liabilityShiftPossible: boolean;
  readonly enrolled: string;
  readonly cavv: string | null;
  readonly eciFlag: string | null;
  readonly threeDSecureVersion: string;
  readonly dsTransactionId: string | null;
  readonly threeDSecureAuthenticationId: string;
  /** 3-D Secure 1's transaction id; absent for 3-D Secure 2. */
  readonly xid?: string | null;
}

/** The PayPal payer behind a PayPalAccount nonce, as the approval recorded them. */
export interface PayPalDetails {
  readonly payerEmail: string;
  readonly payerId: string;
  readonly payerFirstName: string;
  readonly payerLastName: string;
  readonly payerCountryCode: string;
  /** The checkout flow's payment id; null for the vault flow and for payments by a saved account. */
  readonly paymentId: string | null;
  /** The billing agreement id (vault flow, or checkout with `requestBillingAgreement`); null for a one-time payment. */
  readonly billingAgreementId: string | null;
}

/** The Venmo account behind a VenmoAccount nonce, as the payer's app approved it. */
export interface VenmoDetails {
  readonly username: string;
  readonly venmoUserId: string;
  readonly paymentContextId: string;
  /** The context asked for MULTI_USE: only such an approval may be saved in the vault (a SINGLE_USE one pays once). */
  readonly multiUse?: boolean;
}

/** A Venmo account saved in the vault (from a MULTI_USE approval): the payer, without the context it came from. */
export type VaultedVenmoAccount = Pick<VenmoDetails, 'username' | 'venmoUserId'>;

/** A single-use payment method nonce (tokenized card, vaulted card, a wallet's, or a fake one). */
export interface NonceRecord {
  readonly nonce: string;
  readonly card: CardRecord;
  consumed: boolean;
  readonly createdAt: string;
  /** Set on the nonce a 3-D Secure lookup or authentication hands back. */
  threeDSecureInfo: ThreeDSecureInfo | null;
  /** The vaulted payment method this nonce was made from, if any. */
  readonly paymentMethodToken: string | null;
  /** The customer of the client token that made it, if any. */
  readonly customerId: string | null;
  readonly kind: 'CreditCard' | 'PayPalAccount' | 'ApplePayCard' | 'AndroidPayCard' | 'MasterpassCard' | 'VisaCheckoutCard' | 'LocalPayment' | 'VenmoAccount' | BankAccountKind;
  /** Set on VenmoAccount nonces: the Venmo payer who approved the payment context. */
  readonly venmo?: VenmoDetails;
  /** Set on SEPA and US bank account nonces: the account behind them (their `card` is a placeholder). */
  readonly bankAccount?: BankAccountDetails;
  /** Set on LocalPayment nonces: the approved local payment they pay with. */
  readonly localPayment?: LocalPaymentDetails;
  /**
   * Set on PayPalAccount nonces (absent on older ones and on the other kinds). A PayPal nonce's
   * `card` is a placeholder: PayPal never shows the merchant the funding instrument.
   */
  readonly paypal?: PayPalDetails;
  /**
   * Set on a CVV-only nonce (Hosted Fields with only its cvv field): its `card` is a placeholder
   * holding the code alone, which a sale checks against the saved card it names by token.
   */
  readonly cvvOnly?: boolean;
}

export interface CustomerRecord {
  readonly id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Absent in older state files. */
  company?: string | null;
  phone?: string | null;
  fax?: string | null;
  website?: string | null;
  readonly createdAt: string;
  updatedAt: string;
}

/**
 * A saved PayPal account: the payer, and the billing agreement that lets the merchant charge them
 * again without them (a one-time payment has none, and cannot be saved).
 */
export type VaultedPayPalAccount = Omit<PayPalDetails, 'paymentId' | 'billingAgreementId'> & { readonly billingAgreementId: string };

export interface PaymentMethodRecord {
  readonly token: string;
  readonly customerId: string;
  /** What is saved; absent in older state files, which saved cards only. */
  readonly kind?: 'CreditCard' | 'PayPalAccount' | 'VenmoAccount' | BankAccountKind;
  /** Set on saved SEPA and US bank accounts. */
  bankAccount?: BankAccountDetails;
  /**
   * The saved card. A PayPal account's is PAYPAL_PLACEHOLDER_CARD (PayPal never shows the merchant
   * the funding instrument), which no card rule reads: see `isCard` in gateway/vault.ts.
   */
  card: CardRecord;
  /** Set on PayPal accounts. */
  readonly paypal?: VaultedPayPalAccount;
  /** Set on Venmo accounts (their `card` is a placeholder, as PayPal's). */
  readonly venmo?: VaultedVenmoAccount;
  /**
   * Ours: a saved PayPal account whose payer withdrew its pre-approved payments at PayPal; its sales
   * are refused 2071 until the payer agrees again (vault-initiated checkout).
   */
  paypalConsentRevoked?: boolean;
  isDefault: boolean;
  /** A saved card's billing address, one of its customer's addresses (absent: none, or an older state file). */
  billingAddressId?: string | null;
  readonly createdAt: string;
  updatedAt: string;
}

/** An address saved under a customer (its own record with an id, as the provider keeps them). */
export interface AddressRecord {
  readonly id: string;
  readonly customerId: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  streetAddress: string | null;
  extendedAddress: string | null;
  locality: string | null;
  region: string | null;
  postalCode: string | null;
  countryName: string | null;
  countryCodeAlpha2: string | null;
  countryCodeAlpha3: string | null;
  countryCodeNumeric: string | null;
  readonly createdAt: string;
  updatedAt: string;
}

/** A card verification (`verify_card`, or `creditCardVerification.create`), kept for find and search. */
export interface VerificationRecord {
  readonly id: string;
  readonly status: 'verified' | 'processor_declined' | 'gateway_rejected' | 'failed';
  readonly amount: string;
  readonly currencyIsoCode: string;
  readonly merchantAccountId: string;
  readonly processorResponseCode: string | null;
  readonly processorResponseText: string | null;
  readonly processorResponseType: 'approved' | 'soft_declined' | 'hard_declined' | null;
  readonly gatewayRejectionReason: string | null;
  readonly cvvResponseCode: string;
  readonly avsPostalCodeResponseCode: string;
  readonly avsStreetAddressResponseCode: string;
  readonly card: CardRecord;
  /** The billing address the card was verified with (its fields, not a saved address). */
  readonly billing: Omit<AddressRecord, 'id' | 'customerId' | 'createdAt' | 'updatedAt'> | null;
  readonly customerId: string | null;
  readonly paymentMethodToken: string | null;
  readonly threeDSecureInfo: ThreeDSecureInfo | null;
  readonly createdAt: string;
}

export type TransactionStatus =
  | 'authorized'
  | 'submitted_for_settlement'
  | 'settling'
  | 'settled'
  | 'voided'
  | 'processor_declined'
  | 'gateway_rejected'
  | 'failed'
  // Bank debits (SEPA, ACH): submitted to the bank, not money until it settles; declined at settlement or returned after.
  | 'settlement_pending'
  | 'settlement_declined'
  // A card sale the testing call `settlementConfirm` moved on (the provider's status for it).
  | 'settlement_confirmed';

export interface TransactionRecord {
  readonly id: string;
  status: TransactionStatus;
  readonly type: 'sale' | 'credit';
  readonly amount: string;
  readonly currencyIsoCode: string;
  readonly merchantAccountId: string;
  readonly orderId: string | null;
  readonly createdAt: string;
  updatedAt: string;
  readonly customerId: string | null;
  readonly card: CardRecord;
  readonly paymentMethodToken: string | null;
  /** Null when the gateway turned the sale away before the processor saw it (fraud, 3-D Secure). */
  readonly processorResponseCode: string | null;
  readonly processorResponseText: string | null;
  readonly processorResponseType: 'approved' | 'soft_declined' | 'hard_declined' | null;
  readonly processorAuthorizationCode: string | null;
  readonly gatewayRejectionReason: string | null;
  readonly threeDSecureInfo: ThreeDSecureInfo | null;
  readonly deviceDataCaptured: boolean;
  readonly cvvResponseCode: string;
  readonly avsPostalCodeResponseCode: string;
  /** The processor's answer to the billing street address (absent in older state files: 'I', none sent). */
  readonly avsStreetAddressResponseCode?: string;
  statusHistory: { status: TransactionStatus; timestamp: string; amount: string }[];
  refundIds: string[];
  readonly refundedTransactionId: string | null;
  /** What paid: a card, or a wallet whose nonce carried a card (absent in older state files: a card). */
  readonly paymentInstrument?: NonceRecord['kind'];
  /** The PayPal payer, for a sale paid by PayPal. */
  readonly paypal?: PayPalDetails;
  /** The Venmo account, for a sale paid by Venmo. */
  readonly venmo?: VenmoDetails;
  /** The local payment, for a sale paid by one (its payment id, payer and method). */
  readonly localPayment?: LocalPaymentDetails;
  /** The bank account, for a sale paid by SEPA direct debit or US bank account (ACH). */
  readonly bankAccount?: BankAccountDetails;
  /** The bank's settlement answer once it differs from the card rule (a bank debit declined, returned or pending). */
  settlementResponse?: { readonly code: string; readonly text: string };
  /** A bank debit's return by the payer's bank (at settlement or after it): its reason code and when it came. */
  bankReturn?: { readonly code: string; readonly text: string; readonly at: string };
  /** The customer details given with a sale that vaulted nothing. */
  readonly customerDetails?: { readonly firstName: string | null; readonly lastName: string | null; readonly email: string | null };
}

/** A client token the sandbox minted; braintree-web sends its fingerprint back on every call. */
export interface ClientTokenRecord {
  readonly fingerprint: string;
  readonly customerId: string | null;
  readonly merchantAccountId: string | null;
  readonly createdAt: string;
  /** The token's `options.failOnDuplicatePaymentMethod`: a card vaulted from the browser fails if already vaulted. */
  readonly failOnDuplicatePaymentMethod?: boolean;
  /** `options.failOnDuplicatePaymentMethodForCustomer`: fails only if this customer already has the card. */
  readonly failOnDuplicatePaymentMethodForCustomer?: boolean;
  /** `options.verifyCard`: a card vaulted from the browser is verified first (a declined verification fails it). */
  readonly verifyCard?: boolean;
  /** `options.makeDefault`: a card vaulted from the browser becomes the customer's default. */
  readonly makeDefault?: boolean;
  /** The preferred payment method (the SDK's `preferredPaymentMethodToken`, sent as payment_method_id). */
  readonly paymentMethodId?: string | null;
  /** The token's version (1, 2 or 3); absent in older state files: 2. */
  readonly version?: number;
}

/** A 3-D Secure challenge in progress: the lookup's transaction id, settled by the challenge page. */
export interface ChallengeRecord {
  readonly transactionId: string;
  readonly nonce: string;
  readonly amount: string;
  readonly succeeds: boolean;
  /** Set by the challenge page: what the cardholder did. */
  result: 'authenticated' | 'failed' | 'cancelled' | null;
}

/** Outcomes forced by tests through the control endpoints, used once each. */
export interface ForcedOutcomes {
  /** The next sale ends like this, whatever the card. */
  nextSale: SaleOutcome | null;
  /** The next sale is recorded, then its answer is held this long (a provider timeout). */
  nextSaleDelayMs: number;
  /**
   * The next sale of one card number ends like this. Tests that share a sandbox force their own
   * card, so a sale another test makes at the same moment keeps its real outcome.
   */
  nextSaleOfCard: Record<string, SaleOutcome>;
  /** The next removal of one saved payment method answers this HTTP status, as the provider when it fails. */
  nextRemovalStatus: Record<string, number>;
}

/** A line item PayPal keeps for a checkout payment (braintree-web's PayPalCheckout~lineItem). */
export interface PayPalCartItem {
  readonly name: string;
  readonly kind: 'debit' | 'credit';
  readonly quantity: string;
  readonly unitAmount: string;
  readonly unitTaxAmount?: string;
  readonly description?: string;
  readonly productCode?: string;
}

/** createPayment's amountBreakdown, as decimal strings. */
export type PayPalCartBreakdown = Partial<Record<'itemTotal' | 'taxTotal' | 'shipping' | 'handling' | 'insurance' | 'shippingDiscount' | 'discount', string>>;

/**
 * A PayPal payment (checkout flow, `EC-` token) or billing agreement (vault flow, `BA-` token) set up
 * through the client API, then approved or cancelled on the PayPal JS SDK stand-in's dialog.
 */
export interface PayPalOrderRecord {
  /** The EC- or BA- token braintree-web hands the PayPal JS SDK (`createOrder` / `createBillingAgreement`). */
  readonly token: string;
  readonly flow: 'checkout' | 'vault';
  /** PAYID-… (checkout flow only). */
  readonly paymentId: string | null;
  /** What the payer approves; braintree-web's updatePayment may change it before tokenization. */
  amount: string | null;
  readonly currency: string | null;
  readonly intent: string | null;
  readonly displayName: string;
  /** createPayment's lineItems and amountBreakdown, as updatePayment last left them (absent when none were sent). */
  lineItems?: readonly PayPalCartItem[];
  amountBreakdown?: PayPalCartBreakdown;
  /** How many times updatePayment changed the payment. */
  updates?: number;
  /** createPayment's offerCredit (`offerPaypalCredit`). */
  readonly offerCredit?: boolean;
  /** The funding source the payer approved with: paypal, paylater or credit (the SDK's button). */
  fundingSource?: string;
  /**
   * Checkout with Vault: a checkout payment that also asked the payer for a billing agreement
   * (`requestBillingAgreement: true`), so its nonce can be saved. Absent in older state files.
   */
  readonly requestBillingAgreement?: boolean;
  /** The agreement's description shown to the payer (`billingAgreementDetails.description`, or the vault flow's `description`). */
  readonly billingAgreementDescription?: string | null;
  readonly customerId: string | null;
  readonly createdAt: string;
  status: 'created' | 'approved' | 'cancelled' | 'tokenized';
  payerId: string | null;
  /**
   * Vault-initiated checkout: the saved PayPal account whose payer is asked to agree again, and
   * where PayPal's page sends the popup back (braintree-web's redirect and cancel frames).
   */
  readonly vaultInitiated?: { readonly paymentMethodToken: string; readonly returnUrl: string; readonly cancelUrl: string };
  /** braintree-web's classic `paypal` module: its popup returns to these frames from PayPal's page. */
  readonly classicReturn?: { readonly returnUrl: string; readonly cancelUrl: string };
}

/** What braintree-web's preferred-payment-methods query answers (spec: both false unless told). */
export interface PreferredPaymentMethods {
  paypalPreferred: boolean;
  venmoPreferred: boolean;
}

/** What a local payment's nonce and transaction name (the SDK's LocalPaymentDetails). */
export interface LocalPaymentDetails {
  readonly paymentId: string;
  readonly payerId: string;
  /** The payment type: pay_upon_invoice, blik, mbway, bancomatpay. */
  readonly fundingSource: string;
}

export type LocalPaymentStatus = 'created' | 'approved' | 'tokenized' | 'sold' | 'canceled' | 'failed' | 'expired' | 'reversed';

/**
 * A local payment set up through the client API (`local_payments/create`): the payer approves it
 * on the landing page (popup or redirect), or later in their bank's app for the deferred types.
 */
export interface LocalPaymentRecord {
  /** PAY-… : braintree-web's `paymentToken`, handed to `onPaymentStart` as the payment id. */
  readonly paymentId: string;
  /** EC-… : the token the landing page returns as btLpToken. */
  readonly token: string;
  readonly paymentType: string;
  readonly deferred: boolean;
  readonly amount: string;
  readonly currency: string;
  readonly merchantAccountId: string;
  readonly displayName: string;
  readonly payerEmail: string | null;
  readonly givenName: string;
  readonly surname: string;
  readonly returnUrl: string | null;
  readonly cancelUrl: string | null;
  readonly customerId: string | null;
  readonly createdAt: string;
  status: LocalPaymentStatus;
  payerId: string | null;
  /** The single nonce the payment gives (the page's tokenization and the completed webhook share it). */
  nonce: string | null;
  transactionId: string | null;
  updatedAt: string;
}

export type BankAccountKind = 'SepaDebitAccount' | 'UsBankAccount';

/** A SEPA direct debit account, as its approved mandate describes it. The full IBAN never leaves the sandbox. */
export interface SepaAccountDetails {
  readonly kind: 'SepaDebitAccount';
  readonly iban: string;
  readonly last4: string;
  readonly accountHolderName: string;
  readonly countryCode: string;
  readonly mandateType: 'ONE_OFF' | 'RECURRENT';
  readonly bankReferenceToken: string;
  readonly merchantOrPartnerCustomerId: string;
  /** The mandate's V2 order id (braintree-web's cart_id). */
  readonly cartId: string;
  readonly mandateAcceptedAt: string;
}

export interface UsBankAccountVerificationRecord {
  readonly id: string;
  readonly status: 'verified' | 'pending' | 'failed' | 'processor_declined' | 'gateway_rejected';
  readonly verificationMethod: string;
  readonly processorResponseCode: string;
  readonly processorResponseText: string;
  readonly additionalProcessorResponse: string | null;
  readonly createdAt: string;
}

/** A US bank account (ACH), as tokenized with bank details. The full account number never leaves the sandbox. */
export interface UsBankAccountDetails {
  readonly kind: 'UsBankAccount';
  readonly routingNumber: string;
  readonly accountNumber: string;
  readonly last4: string;
  readonly accountType: 'checking' | 'savings';
  readonly ownershipType: 'personal' | 'business';
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly businessName: string | null;
  readonly accountHolderName: string;
  readonly bankName: string;
  readonly achMandateText: string;
  readonly achMandateAcceptedAt: string;
  readonly billingAddress: { readonly streetAddress: string; readonly extendedAddress: string | null; readonly locality: string; readonly region: string; readonly postalCode: string };
  verified: boolean;
  verifications: UsBankAccountVerificationRecord[];
}

export type BankAccountDetails = SepaAccountDetails | UsBankAccountDetails;

/**
 * A SEPA mandate set up through the client API (`sepa_debit`): the payer approves or cancels it on
 * the mandate page, then braintree-web exchanges its bank reference token for a nonce.
 */
export interface SepaMandateRecord {
  readonly cartId: string;
  readonly bankReferenceToken: string;
  readonly iban: string;
  readonly accountHolderName: string;
  readonly countryCode: string;
  readonly mandateType: 'ONE_OFF' | 'RECURRENT';
  readonly merchantOrPartnerCustomerId: string;
  readonly merchantAccountId: string;
  readonly locale: string | null;
  readonly returnUrl: string;
  readonly cancelUrl: string;
  readonly customerId: string | null;
  readonly createdAt: string;
  status: 'created' | 'approved' | 'canceled' | 'tokenized';
  approvedAt: string | null;
  updatedAt: string;
}

/** Ours: bank debits settle by themselves this long after the sale (null: only the controls settle them). */
export interface BankDebitSettings {
  settleAfterMs: number | null;
}

/** One attempt at delivering a webhook. */
export interface WebhookAttempt {
  readonly at: string;
  /** The store's HTTP status, or null when it did not answer (refused, timed out). */
  readonly status: number | null;
  readonly error: string | null;
}

/** A signed webhook notification and its delivery to the store's webhook URL. */
export interface WebhookDeliveryRecord {
  readonly id: string;
  readonly kind: string;
  /** The local payment id, transaction id or dispute id the notification is about. */
  readonly subjectId: string;
  readonly btSignature: string;
  readonly btPayload: string;
  readonly createdAt: string;
  /** When the next attempt is due (null once delivered or given up). */
  dueAt: string | null;
  status: 'pending' | 'delivered' | 'failed';
  /** Extra copies still to send after a successful one (a duplicate delivery, as at-least-once allows). */
  extraCopies: number;
  /** Attempts still to lose on the way (the control's dropNext): each counts as failed and is retried. */
  dropsLeft?: number;
  attempts: WebhookAttempt[];
}

/** The webhook settings the controls change at run time. */
export interface WebhookSettings {
  /** Overrides the configured URL when set (the control endpoint); null: the configured one. */
  url: string | null;
  /** Held: nothing is sent until released (pending deliveries wait). */
  held: boolean;
  /** The next notification is held back this long before its first attempt. */
  delayNextMs: number;
  /** The next notification is delivered this many extra times. */
  duplicateNext: number;
  /** The next notification's first this-many attempts are lost on the way (then retried as usual). */
  dropNext: number;
}

export type DisputeStatus = 'open' | 'accepted' | 'disputed' | 'won' | 'lost' | 'expired';

/** A piece of evidence on a dispute: text (comment) or an uploaded document (url), as the provider lists them. */
export interface DisputeEvidenceRecord {
  readonly id: string;
  readonly comment: string | null;
  readonly documentUploadId: string | null;
  readonly category: string | null;
  readonly sequenceNumber: number | null;
  readonly createdAt: string;
  /** Set when the dispute is finalized: the evidence goes to the processor then. */
  sentToProcessorAt: string | null;
}

/**
 * A dispute (chargeback) on a sale, as the provider keeps it: open until the merchant accepts it,
 * finalizes its evidence (disputed, then won or lost), or lets its reply-by date pass (expired).
 */
export interface DisputeRecord {
  readonly id: string;
  readonly transactionId: string;
  readonly amount: string;
  readonly currencyIsoCode: string;
  readonly merchantAccountId: string;
  readonly reason: string;
  readonly kind: 'chargeback';
  status: DisputeStatus;
  readonly caseNumber: string;
  readonly referenceNumber: string;
  /** YYYY-MM-DD, as the provider's dates. */
  readonly receivedDate: string;
  readonly replyByDate: string;
  dateWon: string | null;
  readonly createdAt: string;
  updatedAt: string;
  evidence: DisputeEvidenceRecord[];
  statusHistory: { status: DisputeStatus; timestamp: string; effectiveDate: string }[];
}

/** A file uploaded through `documentUpload.create` (evidence for a dispute). The bytes are not kept. */
export interface DocumentUploadRecord {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly createdAt: string;
}

export interface SandboxState {
  customers: Record<string, CustomerRecord>;
  paymentMethods: Record<string, PaymentMethodRecord>;
  transactions: Record<string, TransactionRecord>;
  nonces: Record<string, NonceRecord>;
  clientTokens: Record<string, ClientTokenRecord>;
  challenges: Record<string, ChallengeRecord>;
  forced: ForcedOutcomes;
  paypalOrders: Record<string, PayPalOrderRecord>;
  preferred: PreferredPaymentMethods;
  localPayments: Record<string, LocalPaymentRecord>;
  webhooks: Record<string, WebhookDeliveryRecord>;
  webhookSettings: WebhookSettings;
  sepaMandates: Record<string, SepaMandateRecord>;
  bankDebitSettings: BankDebitSettings;
  /** Absent in older state files (the constructor fills them in). */
  addresses: Record<string, AddressRecord>;
  verifications: Record<string, VerificationRecord>;
  /** Absent in older state files (the constructor fills them in). */
  disputes: Record<string, DisputeRecord>;
  documentUploads: Record<string, DocumentUploadRecord>;
  /**
   * The account the sandbox last started with (merchant id, keys, merchant accounts), so a restart
   * without flags has the same one; absent in older state files. A reset keeps it.
   */
  account?: SandboxAccount;
}

const emptyState = (): SandboxState => ({
  customers: {},
  paymentMethods: {},
  transactions: {},
  nonces: {},
  clientTokens: {},
  challenges: {},
  forced: { nextSale: null, nextSaleDelayMs: 0, nextSaleOfCard: {}, nextRemovalStatus: {} },
  paypalOrders: {},
  preferred: { paypalPreferred: false, venmoPreferred: false },
  localPayments: {},
  webhooks: {},
  webhookSettings: { url: null, held: false, delayNextMs: 0, duplicateNext: 0, dropNext: 0 },
  sepaMandates: {},
  bankDebitSettings: { settleAfterMs: null },
  addresses: {},
  verifications: {},
  disputes: {},
  documentUploads: {},
});

/**
 * The sandbox's state: in memory, and written to a file after each change when one is given, so
 * a restarted sandbox (npm start) still knows its customers, saved cards and transactions.
 */
export class SandboxStore {
  state: SandboxState;

  constructor(private readonly file: string | null = null) {
    const saved = readJsonFile<SandboxState>(file);
    const empty = emptyState();
    // A state file written before a forced-outcome kind existed lacks its key.
    this.state = { ...empty, ...saved, forced: { ...empty.forced, ...saved?.forced }, webhookSettings: { ...empty.webhookSettings, ...saved?.webhookSettings } };
  }

  /** Writes the state down (atomically: a temporary file renamed over the old one). */
  save(): void {
    if (this.file) writeJsonFile(this.file, this.state);
  }

  reset(): void {
    const account = this.state.account;
    this.state = { ...emptyState(), ...(account ? { account } : {}) };
    this.save();
  }

  /** An id in the provider's alphabet (the server SDK refuses ids outside [A-Za-z0-9_-]). */
  static id(length = 8): string {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const bytes = randomBytes(length);
    return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  }

  static nonceValue(): string {
    // The provider's nonces are UUID-shaped; ours say where they come from.
    const hex = randomBytes(16).toString('hex');
    return `tokencc_sb_${hex.slice(0, 6)}_${hex.slice(6, 12)}_${hex.slice(12, 18)}_${hex.slice(18, 24)}_${hex.slice(24, 27)}`;
  }
}
