import { createHash } from 'node:crypto';
import type { SandboxConfig } from '../context';
import { datetime, XmlList, type XmlObject } from '../gateway/xml';
import type { BankAccountDetails, PaymentMethodRecord, SepaAccountDetails, TransactionRecord, UsBankAccountDetails, UsBankAccountVerificationRecord } from '../store';
import { mandateUrlOf } from './sepa';

/**
 * Bank accounts in the gateway's XML, as the server SDK reads them: a sale's
 * `sepa-debit-account-detail` (SepaDirectDebitAccountDetails) or `us-bank-account` (UsBankAccount
 * with its AchMandate), and the saved `sepa-debit-account` and `us-bank-account` payment methods.
 */

const imageUrl = (config: SandboxConfig, slug: string) => `${config.assetsOrigin}/payment_method_logo/${slug}.png?environment=sandbox`;

/** Ours: ids derived from the transaction's, so a find repeats them. */
const derived = (id: string, salt: string, length: number) => createHash('sha256').update(`${salt}:${id}`).digest('hex').slice(0, length).toUpperCase();

export function verificationXml(verification: UsBankAccountVerificationRecord): XmlObject {
  return {
    id: verification.id,
    status: verification.status,
    verificationMethod: verification.verificationMethod,
    processorResponseCode: verification.processorResponseCode,
    processorResponseText: verification.processorResponseText,
    additionalProcessorResponse: verification.additionalProcessorResponse,
    createdAt: datetime(verification.createdAt),
    verificationDeterminedAt: verification.status === 'pending' ? null : datetime(verification.createdAt),
  };
}

function usBankAccountFields(account: UsBankAccountDetails, config: SandboxConfig): XmlObject {
  return {
    routingNumber: account.routingNumber,
    last4: account.last4,
    accountType: account.accountType,
    accountHolderName: account.accountHolderName,
    bankName: account.bankName,
    ownershipType: account.ownershipType,
    firstName: account.firstName,
    lastName: account.lastName,
    businessName: account.businessName,
    achMandate: { text: account.achMandateText, acceptedAt: datetime(account.achMandateAcceptedAt) },
    verified: account.verified,
    imageUrl: imageUrl(config, 'us_bank_account'),
  };
}

/** The bank account beside a sale, under the element the SDK reads for its kind. */
export function bankTransactionFields(transaction: TransactionRecord, config: SandboxConfig): XmlObject {
  const account = transaction.bankAccount;
  if (!account) return {};
  if (account.kind === 'UsBankAccount') return { usBankAccount: { token: transaction.paymentMethodToken, ...usBankAccountFields(account, config) } };
  const captured = transaction.status !== 'processor_declined' && transaction.status !== 'gateway_rejected' && transaction.status !== 'failed';
  return {
    sepaDebitAccountDetail: {
      token: transaction.paymentMethodToken,
      bankReferenceToken: account.bankReferenceToken,
      last4: account.last4,
      mandateType: account.mandateType,
      merchantOrPartnerCustomerId: account.merchantOrPartnerCustomerId,
      paypalV2OrderId: account.cartId,
      captureId: captured ? derived(transaction.id, 'capture', 17) : null,
      debugId: derived(transaction.id, 'debug', 13).toLowerCase(),
      globalId: null,
      settlementType: null,
      refundId: null,
      refundFromTransactionFeeAmount: null,
      refundFromTransactionFeeCurrencyIsoCode: null,
      transactionFeeAmount: null,
      transactionFeeCurrencyIsoCode: null,
    },
  };
}

export function usBankAccountXml(method: PaymentMethodRecord, account: UsBankAccountDetails, config: SandboxConfig): XmlObject {
  return {
    token: method.token,
    default: method.isDefault,
    customerId: method.customerId,
    ...usBankAccountFields(account, config),
    verifications: new XmlList('us-bank-account-verification', account.verifications.map(verificationXml)),
    createdAt: datetime(method.createdAt),
    updatedAt: datetime(method.updatedAt),
    subscriptions: new XmlList('subscription', []),
  };
}

export function sepaDebitAccountXml(method: PaymentMethodRecord, account: SepaAccountDetails): XmlObject {
  return {
    token: method.token,
    default: method.isDefault,
    customerId: method.customerId,
    bankReferenceToken: account.bankReferenceToken,
    last4: account.last4,
    mandateType: account.mandateType,
    merchantOrPartnerCustomerId: account.merchantOrPartnerCustomerId,
    viewMandateUrl: mandateUrlOf(account),
    globalId: null,
    createdAt: datetime(method.createdAt),
    updatedAt: datetime(method.updatedAt),
    subscriptions: new XmlList('subscription', []),
  };
}

/** A saved bank account under its own root, or null for other kinds. */
export function bankMethodXml(method: PaymentMethodRecord, config: SandboxConfig): { root: string; body: XmlObject } | null {
  const account = method.bankAccount;
  if (!account) return null;
  return account.kind === 'UsBankAccount'
    ? { root: 'usBankAccount', body: usBankAccountXml(method, account, config) }
    : { root: 'sepaDebitAccount', body: sepaDebitAccountXml(method, account) };
}

/** A bank nonce's description and details (`paymentMethodNonce.find`). */
export function bankNonceDetails(account: BankAccountDetails): { description: string; details: XmlObject } {
  return account.kind === 'UsBankAccount'
    ? { description: `US bank account ending in - ${account.last4}`, details: { last4: account.last4, accountType: account.accountType, routingNumber: account.routingNumber, bankName: account.bankName } }
    : { description: `SEPA direct debit account ending in ${account.last4}`, details: { ibanLastChars: account.last4, mandateType: account.mandateType, merchantOrPartnerCustomerId: account.merchantOrPartnerCustomerId } };
}
