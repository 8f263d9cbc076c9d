import { createHash } from 'node:crypto';
import { payerInfo } from '../client-api/wallet-nonces';
import type { SandboxConfig, SandboxContext } from '../context';
import type { AddressRecord, CardRecord, CustomerRecord, NonceRecord, PaymentMethodRecord, SandboxStore, ThreeDSecureInfo, TransactionRecord } from '../store';
import { addressXml, findAddress } from './addresses';
import { paymentMethodGlobalId } from './global-ids';
import { verificationsOf, verificationXml } from './verifications';
import { isExpired } from './cards';
import { isCard, methodKind } from './vault';
import { bankMethodXml, bankNonceDetails, bankTransactionFields, sepaDebitAccountXml, usBankAccountXml } from '../bank-debits/presenters';
import { datetime, XmlList, type XmlObject } from './xml';
import { disputesOf, disputeXml } from './dispute-records';
import { globalId } from './global-ids';
import { cardIndicators } from '../test-values';

/**
 * The stored records as the gateway's XML resources. Field names are camelCase here; the writer
 * dasherizes them the way the SDK reads them back.
 */

const LOGO_SLUGS: Readonly<Record<string, string>> = {
  Visa: 'visa',
  MasterCard: 'mastercard',
  'American Express': 'american_express',
  Maestro: 'maestro',
  Discover: 'discover',
  JCB: 'jcb',
  UnionPay: 'unionpay',
  'Diners Club': 'diners_club',
};

export function cardImageUrl(config: SandboxConfig, cardType: string): string {
  return `${config.assetsOrigin}/payment_method_logo/${LOGO_SLUGS[cardType] ?? 'unknown'}.png?environment=sandbox`;
}

const walletImageUrl = (config: SandboxConfig, wallet: 'paypal' | 'apple_pay' | 'android_pay_card' | 'venmo') => `${config.assetsOrigin}/payment_method_logo/${wallet}.png?environment=sandbox`;

/**
 * A card's bin data (its type indicators), as the provider answers the documented card type
 * indicator test cards; any other card is "Unknown" throughout.
 */
export const binData = (number: string): XmlObject => ({ ...cardIndicators(number) });

export function cardFields(card: CardRecord, config: SandboxConfig): XmlObject {
  return {
    bin: card.bin,
    last4: card.last4,
    cardType: card.cardType,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    cardholderName: card.cardholderName,
    customerLocation: 'US',
    uniqueNumberIdentifier: card.uniqueNumberIdentifier,
    imageUrl: cardImageUrl(config, card.cardType),
    maskedNumber: `${card.bin}******${card.last4}`,
    ...binData(card.number),
  };
}

/**
 * A saved card: its billing address is one of the customer's addresses when it has one (else, in
 * an older state file, the postal code alone), and its verifications are those kept for it, newest
 * first (pass the store to have them).
 */
export function creditCardXml(method: PaymentMethodRecord, config: SandboxConfig, store?: SandboxStore): XmlObject {
  const address = store && method.billingAddressId ? findAddress(store, method.customerId, method.billingAddressId) : null;
  const verifications = store ? verificationsOf(store, method.token).map((record) => verificationXml(record, config)) : [];
  return {
    token: method.token,
    default: method.isDefault,
    customerId: method.customerId,
    ...cardFields(method.card, config),
    expired: isExpired(method.card),
    billingAddress: address ? addressXml(address) : method.card.postalCode ? { postalCode: method.card.postalCode } : null,
    globalId: paymentMethodGlobalId('CreditCard', method.token),
    createdAt: datetime(method.createdAt),
    updatedAt: datetime(method.updatedAt),
    verifications: new XmlList('verification', verifications),
    subscriptions: new XmlList('subscription', []),
  };
}

/** A saved PayPal account: what the SDK's PayPalAccount reads (`paymentMethod.find`, `customer.paypalAccounts`). */
export function paypalAccountXml(method: PaymentMethodRecord, config: SandboxConfig): XmlObject {
  return {
    token: method.token,
    email: method.paypal?.payerEmail ?? null,
    default: method.isDefault,
    customerId: method.customerId,
    billingAgreementId: method.paypal?.billingAgreementId ?? null,
    payerId: method.paypal?.payerId ?? null,
    imageUrl: walletImageUrl(config, 'paypal'),
    limitedUseOrderId: null,
    revokedAt: null,
    globalId: paymentMethodGlobalId('PayPalAccount', method.token),
    createdAt: datetime(method.createdAt),
    updatedAt: datetime(method.updatedAt),
    subscriptions: new XmlList('subscription', []),
  };
}

/** A saved Venmo account: what the SDK's VenmoAccount reads (`paymentMethod.find`, `customer.venmoAccounts`). */
export function venmoAccountXml(method: PaymentMethodRecord, config: SandboxConfig): XmlObject {
  const username = method.venmo?.username ?? null;
  return {
    token: method.token,
    default: method.isDefault,
    customerId: method.customerId,
    username,
    venmoUserId: method.venmo?.venmoUserId ?? null,
    sourceDescription: username ? `Venmo Account: ${username.replace(/^@/, '')}` : 'Venmo Account',
    imageUrl: walletImageUrl(config, 'venmo'),
    isChannelInitiated: false,
    globalId: paymentMethodGlobalId('VenmoAccount', method.token),
    createdAt: datetime(method.createdAt),
    updatedAt: datetime(method.updatedAt),
    subscriptions: new XmlList('subscription', []),
  };
}

/** A saved payment method under its own root (`creditCard`, `paypalAccount`, …), as the payment method routes answer it. */
export function paymentMethodXml(method: PaymentMethodRecord, config: SandboxConfig, store?: SandboxStore): { root: string; body: XmlObject } {
  const bank = bankMethodXml(method, config);
  if (bank) return bank;
  if (methodKind(method) === 'VenmoAccount') return { root: 'venmoAccount', body: venmoAccountXml(method, config) };
  return methodKind(method) === 'PayPalAccount'
    ? { root: 'paypalAccount', body: paypalAccountXml(method, config) }
    : { root: 'creditCard', body: creditCardXml(method, config, store) };
}

export function customerXml(
  customer: CustomerRecord,
  methods: readonly PaymentMethodRecord[],
  config: SandboxConfig,
  addresses: readonly AddressRecord[] = [],
  store?: SandboxStore,
): XmlObject {
  const empty = (itemTag: string) => new XmlList(itemTag, []);
  return {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    company: customer.company ?? null,
    phone: customer.phone ?? null,
    fax: customer.fax ?? null,
    website: customer.website ?? null,
    globalId: globalId('customer', customer.id),
    createdAt: datetime(customer.createdAt),
    updatedAt: datetime(customer.updatedAt),
    customFields: '',
    addresses: new XmlList('address', addresses.map(addressXml)),
    creditCards: new XmlList(
      'credit-card',
      methods.filter(isCard).map((method) => creditCardXml(method, config, store)),
    ),
    paypalAccounts: new XmlList(
      'paypal-account',
      methods.filter((method) => methodKind(method) === 'PayPalAccount').map((method) => paypalAccountXml(method, config)),
    ),
    applePayCards: empty('apple-pay-card'),
    androidPayCards: empty('android-pay-card'),
    venmoAccounts: new XmlList(
      'venmo-account',
      methods.filter((method) => methodKind(method) === 'VenmoAccount').map((method) => venmoAccountXml(method, config)),
    ),
    usBankAccounts: new XmlList(
      'us-bank-account',
      methods.flatMap((method) => (method.bankAccount?.kind === 'UsBankAccount' ? [usBankAccountXml(method, method.bankAccount, config)] : [])),
    ),
    sepaDebitAccounts: new XmlList(
      'sepa-debit-account',
      methods.flatMap((method) => (method.bankAccount?.kind === 'SepaDebitAccount' ? [sepaDebitAccountXml(method, method.bankAccount)] : [])),
    ),
  };
}

/**
 * A 3-D Secure result as the SDK's ThreeDSecureInfo reads it. Ours: the authentication's ids and
 * the directory's and issuer's answers are derived from what the lookup recorded (Y/N/U for an
 * authenticated, failed or unavailable result; no xid, which 3-D Secure 2 has none of).
 */
export function threeDSecureInfoXml(info: ThreeDSecureInfo): XmlObject {
  const answer = info.liabilityShifted ? 'Y' : info.status === 'authenticate_unavailable' || info.enrolled === 'U' ? 'U' : 'N';
  return {
    status: info.status,
    liabilityShifted: info.liabilityShifted,
    liabilityShiftPossible: info.liabilityShiftPossible,
    enrolled: info.enrolled,
    cavv: info.cavv,
    eciFlag: info.eciFlag,
    xid: info.xid ?? null,
    threeDSecureVersion: info.threeDSecureVersion,
    dsTransactionId: info.dsTransactionId,
    threeDSecureAuthenticationId: info.threeDSecureAuthenticationId,
    threeDSecureTransactionId: info.threeDSecureAuthenticationId,
    acsTransactionId: info.dsTransactionId,
    paresStatus: info.enrolled === 'Y' ? answer : null,
    authenticationTransactionStatus: info.enrolled === 'Y' ? answer : null,
    lookup: { transStatus: info.enrolled === 'Y' ? 'C' : info.enrolled, transStatusReason: null },
    authentication: { transStatus: info.enrolled === 'Y' ? answer : null, transStatusReason: null },
  };
}

/** A nonce's `details`, per kind, as the provider describes each (a PayPal nonce names the payer, not a card). */
function nonceDetails(nonce: NonceRecord): { description: string; details: XmlObject } {
  const card = nonce.card;
  const lastTwo = card.last4.slice(-2);
  const cardDetails = {
    bin: card.bin,
    lastTwo,
    lastFour: card.last4,
    cardType: card.cardType,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
  };
  switch (nonce.kind) {
    case 'PayPalAccount': {
      const paypal = nonce.paypal;
      return {
        description: 'PayPal',
        details: { email: paypal?.payerEmail ?? null, payerInfo: paypal ? payerInfo(paypal) : null },
      };
    }
    case 'ApplePayCard':
      return { description: `${card.cardType} ending in ${lastTwo}`, details: { ...cardDetails, cardholderName: `${card.cardType} ${card.last4}`, dpanLastTwo: lastTwo } };
    case 'AndroidPayCard':
      return { description: 'Android Pay', details: { ...cardDetails, isNetworkTokenized: false } };
    case 'MasterpassCard':
      return { description: `${card.cardType} ending in ${lastTwo}`, details: cardDetails };
    case 'VisaCheckoutCard':
      return { description: `ending in ${lastTwo}`, details: cardDetails };
    case 'SepaDebitAccount':
    case 'UsBankAccount':
      return nonce.bankAccount ? bankNonceDetails(nonce.bankAccount) : { description: nonce.kind, details: {} };
    case 'VenmoAccount':
      return { description: 'Venmo Account', details: { username: nonce.venmo?.username ?? null, venmoUserId: nonce.venmo?.venmoUserId ?? null } };
    case 'LocalPayment':
      return { description: 'Local Payment', details: { paymentId: nonce.localPayment?.paymentId ?? null, payerId: nonce.localPayment?.payerId ?? null, fundingSource: nonce.localPayment?.fundingSource ?? null } };
    default:
      // A CVV-only nonce has no digits to end in.
      return { description: lastTwo ? `ending in ${lastTwo}` : '', details: { ...cardDetails, cardholderName: card.cardholderName } };
  }
}

export function nonceXml(nonce: NonceRecord): XmlObject {
  return {
    nonce: nonce.nonce,
    type: nonce.kind,
    consumed: nonce.consumed,
    default: false,
    isLocked: false,
    ...nonceDetails(nonce),
    binData: nonce.kind === 'CreditCard' || nonce.kind === 'ApplePayCard' || nonce.kind === 'AndroidPayCard' ? binData(nonce.card.number) : null,
    threeDSecureInfo: nonce.threeDSecureInfo ? threeDSecureInfoXml(nonce.threeDSecureInfo) : null,
    authenticationInsight: null,
  };
}

const INSTRUMENT_TYPES: Readonly<Record<NonceRecord['kind'], string>> = {
  CreditCard: 'credit_card',
  PayPalAccount: 'paypal_account',
  ApplePayCard: 'apple_pay_card',
  AndroidPayCard: 'android_pay_card',
  MasterpassCard: 'masterpass_card',
  VisaCheckoutCard: 'visa_checkout_card',
  LocalPayment: 'local_payment',
  VenmoAccount: 'venmo_account',
  SepaDebitAccount: 'sepa_debit_account',
  UsBankAccount: 'us_bank_account',
};

/** Ours: made-up network and wallet identifiers, derived from the transaction id so a find repeats them. */
function derived(id: string, salt: string, digits: number): string {
  const hash = createHash('sha256').update(`${salt}:${id}`).digest();
  return String(hash.readUIntBE(0, 6)).padStart(digits, '0').slice(-digits);
}

/** Wallet details beside the card, for the SDK's `paypalAccount`, `applePayCard`, `androidPayCard`. */
function walletFields(transaction: TransactionRecord, config: SandboxConfig): XmlObject {
  const card = transaction.card;
  switch (transaction.paymentInstrument) {
    case 'MasterpassCard':
      // The gateway's masterpass-card element (the node SDK keeps it as masterpassCard).
      return { masterpassCard: { token: transaction.paymentMethodToken, ...cardFields(card, config) } };
    case 'VisaCheckoutCard':
      // The gateway's visa-checkout-card element (the node SDK keeps it as visaCheckoutCard).
      return { visaCheckoutCard: { token: transaction.paymentMethodToken, ...cardFields(card, config) } };
    case 'PayPalAccount': {
      const paypal = transaction.paypal;
      return {
        paypal: {
          token: transaction.paymentMethodToken,
          // Ours: a sale from a nonce made before payer details were kept names a made-up payer.
          payerEmail: paypal?.payerEmail ?? 'payer@example.com',
          payerId: paypal?.payerId ?? `PAYER${derived(transaction.id, 'payer', 8)}`,
          payerFirstName: paypal?.payerFirstName ?? 'Sandbox',
          payerLastName: paypal?.payerLastName ?? 'Payer',
          payerStatus: 'VERIFIED',
          paymentId: paypal ? paypal.paymentId : `PAYID-SB${derived(transaction.id, 'payment', 12)}`,
          billingAgreementId: paypal?.billingAgreementId ?? null,
          captureId: transaction.status === 'submitted_for_settlement' || transaction.status === 'settled' ? `CAP${derived(transaction.id, 'capture', 14)}` : null,
          authorizationId: `AUTH${derived(transaction.id, 'authorization', 12)}`,
          sellerProtectionStatus: 'ELIGIBLE',
          imageUrl: walletImageUrl(config, 'paypal'),
        },
      };
    }
    case 'ApplePayCard':
      return {
        applePay: {
          token: transaction.paymentMethodToken,
          cardType: `Apple Pay - ${card.cardType}`,
          bin: card.bin,
          last4: card.last4,
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
          paymentInstrumentName: `${card.cardType} ${card.last4}`,
          sourceDescription: `${card.cardType} ${card.last4}`,
          imageUrl: walletImageUrl(config, 'apple_pay'),
        },
      };
    case 'AndroidPayCard':
      return {
        androidPayCard: {
          token: transaction.paymentMethodToken,
          bin: card.bin,
          sourceCardType: card.cardType,
          sourceCardLast4: card.last4,
          virtualCardType: card.cardType,
          virtualCardLast4: card.last4,
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
          sourceDescription: `${card.cardType} ending in ${card.last4}`,
          googleTransactionId: `google_${transaction.id}`,
          imageUrl: walletImageUrl(config, 'android_pay_card'),
        },
      };
    case 'VenmoAccount':
      // The SDK's VenmoAccountDetails.
      return {
        venmoAccount: {
          token: transaction.paymentMethodToken,
          username: transaction.venmo?.username ?? null,
          venmoUserId: transaction.venmo?.venmoUserId ?? null,
          sourceDescription: transaction.venmo ? `Venmo Account: ${transaction.venmo.username.replace(/^@/, '')}` : 'Venmo Account',
          imageUrl: walletImageUrl(config, 'venmo'),
        },
      };
    case 'LocalPayment': {
      // The SDK's LocalPaymentDetails; the capture id once the sale is submitted, as PayPal's.
      const local = transaction.localPayment;
      return {
        localPayment: {
          paymentId: local?.paymentId ?? null,
          payerId: local?.payerId ?? null,
          fundingSource: local?.fundingSource ?? null,
          captureId: transaction.status === 'submitted_for_settlement' || transaction.status === 'settled' ? `CAP${derived(transaction.id, 'capture', 14)}` : null,
          debugId: null,
          description: null,
          customField: null,
          refundId: null,
          transactionFeeAmount: null,
          transactionFeeCurrencyIsoCode: null,
          implicitlyVaultedPaymentMethodToken: null,
          implicitlyVaultedPaymentMethodGlobalId: null,
        },
      };
    }
    default:
      return {};
  }
}

function customerFields(transaction: TransactionRecord, context: SandboxContext): XmlObject {
  const customer = transaction.customerId ? context.store.state.customers[transaction.customerId] : undefined;
  const details = customer ?? transaction.customerDetails;
  return {
    id: transaction.customerId,
    firstName: details?.firstName ?? null,
    lastName: details?.lastName ?? null,
    email: details?.email ?? null,
    company: null,
    phone: null,
    fax: null,
    website: null,
  };
}

const AUTHORIZATION_DAYS = 7;

const NO_CARD: XmlObject = {
  token: null,
  bin: null,
  last4: null,
  cardType: null,
  expirationMonth: null,
  expirationYear: null,
  cardholderName: null,
  customerLocation: null,
  uniqueNumberIdentifier: null,
  imageUrl: null,
};

export function transactionXml(transaction: TransactionRecord, context: SandboxContext): XmlObject {
  const { config } = context;
  const approved = transaction.processorAuthorizationCode !== null;
  const settled = transaction.status === 'settled' || transaction.status === 'settling';
  const fraud = transaction.gatewayRejectionReason === 'fraud';
  const authorizedAt = new Date(transaction.createdAt);
  const wallet = (transaction.paymentInstrument ?? 'CreditCard') !== 'CreditCard';
  const declined = transaction.status === 'processor_declined';
  return {
    id: transaction.id,
    globalId: globalId('transaction', transaction.id),
    status: transaction.status,
    type: transaction.type,
    currencyIsoCode: transaction.currencyIsoCode,
    amount: transaction.amount,
    merchantAccountId: transaction.merchantAccountId,
    subMerchantAccountId: null,
    masterMerchantAccountId: null,
    orderId: transaction.orderId,
    createdAt: datetime(transaction.createdAt),
    updatedAt: datetime(transaction.updatedAt),
    customer: customerFields(transaction, context),
    billing: { postalCode: transaction.card.postalCode },
    refundId: transaction.refundIds.at(-1) ?? null,
    refundIds: new XmlList('item', transaction.refundIds),
    refundedTransactionId: transaction.refundedTransactionId,
    refundGlobalIds: new XmlList('item', transaction.refundIds.map((id) => globalId('transaction', id))),
    refundedTransactionGlobalId: transaction.refundedTransactionId ? globalId('transaction', transaction.refundedTransactionId) : null,
    partialSettlementTransactionIds: new XmlList('item', []),
    settlementBatchId: settled ? `${transaction.updatedAt.slice(0, 10)}_${transaction.merchantAccountId}` : null,
    customFields: '',
    avsErrorResponseCode: null,
    avsPostalCodeResponseCode: transaction.avsPostalCodeResponseCode,
    avsStreetAddressResponseCode: transaction.avsStreetAddressResponseCode ?? 'I',
    cvvResponseCode: transaction.cvvResponseCode,
    gatewayRejectionReason: transaction.gatewayRejectionReason,
    processorAuthorizationCode: transaction.processorAuthorizationCode,
    processorResponseCode: transaction.processorResponseCode,
    processorResponseText: transaction.processorResponseText,
    processorResponseType: transaction.processorResponseType,
    // As the provider's sandbox answers a decline: the code and text again, "2000 : Do Not Honor".
    additionalProcessorResponse: declined && transaction.processorResponseCode ? `${transaction.processorResponseCode} : ${transaction.processorResponseText}` : null,
    // A bank debit's answer from its bank (pending, a decline or return code) once there is one.
    processorSettlementResponseCode: transaction.settlementResponse?.code ?? (settled ? '4000' : ''),
    processorSettlementResponseText: transaction.settlementResponse?.text ?? (settled ? 'Confirmed' : ''),
    // The provider's sandbox answers every authorization it approves with these (the server SDKs'
    // integration specs assert them); ours: a decline has none.
    networkResponseCode: approved ? 'XX' : null,
    networkResponseText: approved ? 'sample network response text' : null,
    networkTransactionId: approved ? derived(transaction.id, 'network', 15) : null,
    retrievalReferenceNumber: approved ? derived(transaction.id, 'retrieval', 12) : null,
    acquirerReferenceNumber: null,
    authorizationExpiresAt:
      transaction.status === 'authorized' ? datetime(new Date(authorizedAt.getTime() + AUTHORIZATION_DAYS * 86_400_000)) : null,
    voiceReferralNumber: null,
    purchaseOrderNumber: null,
    taxAmount: null,
    taxExempt: false,
    recurring: false,
    channel: null,
    planId: null,
    subscriptionId: null,
    serviceFeeAmount: null,
    escrowStatus: null,
    descriptor: { name: null, phone: null, url: null },
    // A wallet's sale names no card here (the provider sends the element with every field nil).
    creditCard: wallet ? NO_CARD : { token: transaction.paymentMethodToken, ...cardFields(transaction.card, config) },
    ...walletFields(transaction, config),
    ...bankTransactionFields(transaction, config),
    paymentInstrumentType: INSTRUMENT_TYPES[transaction.paymentInstrument ?? 'CreditCard'],
    statusHistory: new XmlList(
      'status-event',
      transaction.statusHistory.map((event) => ({
        timestamp: datetime(event.timestamp),
        status: event.status,
        amount: event.amount,
        user: 'sandbox',
        transactionSource: 'api',
      })),
    ),
    threeDSecureInfo: transaction.threeDSecureInfo ? threeDSecureInfoXml(transaction.threeDSecureInfo) : null,
    riskData: {
      id: `rd_${derived(transaction.id, 'risk', 10)}`,
      decision: fraud ? 'Decline' : 'Approve',
      decisionReasons: new XmlList('item', fraud ? ['Sandbox fraud test card'] : []),
      deviceDataCaptured: transaction.deviceDataCaptured,
      fraudServiceProvider: 'fraud_protection',
    },
    disbursementDetails: {
      disbursementDate: null,
      settlementAmount: null,
      settlementCurrencyIsoCode: null,
      settlementCurrencyExchangeRate: null,
      fundsHeld: null,
      success: null,
    },
    disputes: new XmlList('dispute', disputesOf(context, transaction.id).map((dispute) => disputeXml(dispute, context))),
    authorizationAdjustments: new XmlList('authorization-adjustment', []),
    addOns: new XmlList('add-on', []),
    discounts: new XmlList('discount', []),
  };
}
