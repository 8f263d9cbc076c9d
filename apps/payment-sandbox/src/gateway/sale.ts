import { defaultMerchantAccount, type SandboxConfig } from '../context';
import { SandboxStore, type BankAccountDetails, type CardRecord, type NonceRecord, type PaymentMethodRecord, type PayPalDetails, type ThreeDSecureInfo, type TransactionRecord, type VenmoDetails } from '../store';
import { CVV_RESPONSES, findTestCard, POSTAL_CODE_RESPONSES, processorDecline, saleOutcomeForAmount, streetAddressResponse, type SaleOutcome } from '../test-values';
import type { GatewayCall } from './call';
import { cardFromParams, withoutCvv } from './cards';
import { customerEmailError } from './customers';
import { cvvFitsCard } from '../client-api/cvv-only';
import { findThreeDSecureAuthentication } from './three-d-secure-authentications';
import { fakeNonceSaleOutcome, isLuhnInvalidFakeNonce } from './fake-nonces';
import { recordSale } from '../local-payments/payments';
import { paramsXml, type Params } from './params';
import { transactionXml } from './presenters';
import { errorReply, fieldError, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import {
  consumeNonce,
  createCustomer,
  findNonce,
  methodKind,
  methodsOf,
  paypalDetailsOf,
  vaultablePayPalAccount,
  vaultableVenmoAccount,
  vaultBankAccount,
  vaultCard,
  vaultPayPalAccount,
  vaultVenmoAccount,
  venmoDetailsOf,
} from './vault';

/** What a sale charges, once its parameters have been checked. */
interface PaymentSource {
  /** The card; a PayPal account's is a placeholder that no card rule reads. */
  readonly card: CardRecord;
  readonly kind: NonceRecord['kind'];
  readonly nonce: NonceRecord | null;
  /** Set when the payment method is already in the vault. */
  readonly token: string | null;
  readonly customerId: string | null;
  /** The PayPal payer, when PayPal pays. */
  readonly paypal: PayPalDetails | null;
  /** The bank account, when a SEPA or US bank account debit pays. */
  readonly bankAccount: BankAccountDetails | null;
  /** The Venmo payer, when Venmo pays (a nonce's, or the saved account's). */
  readonly venmo: VenmoDetails | null;
  /**
   * The processor's answer to a security code typed again for a saved card, when it is not the
   * code's own test value: a code of the wrong length for the card's brand cannot match.
   */
  readonly cvvResponse?: 'N';
}

/** The processor's CVV answer: the documented test values, 'M' for any other code, 'I' when none was sent. */
const cvvResponseOf = (source: PaymentSource): string => source.cvvResponse ?? (source.card.cvv ? (CVV_RESPONSES[source.card.cvv] ?? 'M') : 'I');

/** A saved payment method charged by its token (or as the customer's default). */
const savedSource = (method: PaymentMethodRecord): PaymentSource => ({
  card: method.card,
  kind: methodKind(method),
  nonce: null,
  token: method.token,
  customerId: method.customerId,
  paypal: method.paypal ? paypalDetailsOf(method.paypal) : null,
  bankAccount: method.bankAccount ?? null,
  venmo: method.venmo ? venmoDetailsOf(method.venmo) : null,
});

/** 3-D Secure statuses that prove the cardholder was not authenticated. */
const THREE_D_SECURE_FAILURES = new Set([
  'authenticate_failed',
  'authenticate_frictionless_failed',
  'authenticate_rejected',
  'authenticate_error',
  'lookup_error',
  'challenge_required',
  'authenticate_signature_verification_failed',
]);

/** 3-D Secure statuses where the card could not take part, so no liability shift was possible. */
const THREE_D_SECURE_NOT_POSSIBLE = new Set(['lookup_not_enrolled', 'authenticate_unavailable', 'authentication_bypassed', 'challenge_required_unavailable']);

/**
 * Gateway rejections decided before the processor is asked. Ours: such a sale leaves its nonce
 * usable (the provider documents single use for sales that reach the processor only).
 */
const REJECTED_BEFORE_PROCESSOR = new Set(['fraud', 'three_d_secure', 'risk_threshold', 'application_incomplete']);

/**
 * The rejections only an account with its fraud tools on gives (the provider documents its fraud
 * and risk-threshold test cards for such accounts); with them off those cards sell by their amount.
 */
export const isFraudToolRejection = (outcome: SaleOutcome): boolean => outcome.kind === 'gateway_rejected' && (outcome.reason === 'fraud' || outcome.reason === 'risk_threshold');

/** Whether `three_d_secure.required` lets this sale through. */
export function threeDSecureSatisfied(info: ThreeDSecureInfo | null): boolean {
  if (!info) return false;
  if (THREE_D_SECURE_FAILURES.has(info.status)) return false;
  if (info.liabilityShifted) return true;
  // Ours: the provider documents rejection for missing or failed 3-D Secure only; a card that could
  // not take part (not enrolled, issuer unavailable, bypassed) goes through, without liability shift.
  return THREE_D_SECURE_NOT_POSSIBLE.has(info.status);
}

/** Normalizes an amount to two decimals, or says what is wrong with it. */
export function checkAmount(amount: string | null, path: readonly string[]): { amount: string } | { error: FieldError } {
  if (amount === null || amount.trim() === '') return { error: fieldError(path, 'amount', '81502', 'Amount is required.') };
  if (/^\s*-/.test(amount)) return { error: fieldError(path, 'amount', '81501', 'Amount cannot be negative.') };
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(amount.trim())) return { error: fieldError(path, 'amount', '81503', 'Amount is an invalid format.') };
  if (Number(amount) === 0) return { error: fieldError(path, 'amount', '81531', 'Amount must be greater than zero.') };
  return { amount: Number(amount).toFixed(2) };
}

const unknownOrConsumed = (path: readonly string[], problem: 'unknown' | 'consumed'): FieldError =>
  problem === 'unknown'
    ? fieldError(path, 'payment_method_nonce', '91565', 'Unknown payment_method_nonce.')
    : fieldError(path, 'payment_method_nonce', '91564', 'Cannot use a payment_method_nonce more than once.');

/**
 * A saved card's token with a CVV-only nonce (the provider documents this pair for a security code
 * typed again): the saved card, charged with that code. Any other nonce beside a token is the
 * provider's 91515 (more than one payment method). Ours: the same 91515 for a token that is not a
 * card (a code has nothing to check there).
 */
function savedCardWithCode(store: SandboxStore, token: string, nonce: NonceRecord, path: readonly string[], errors: FieldError[]): PaymentSource | null {
  const conflict = () => errors.push(fieldError(path, 'base', '91515', 'Cannot provide more than one of payment_method_token, payment_method_nonce and credit_card attributes.'));
  if (!nonce.cvvOnly) {
    conflict();
    return null;
  }
  const method = store.state.paymentMethods[token];
  if (!method) {
    errors.push(fieldError(path, 'payment_method_token', '91518', 'Payment method token is invalid.'));
    return null;
  }
  if (methodKind(method) !== 'CreditCard') {
    conflict();
    return null;
  }
  const cvv = nonce.card.cvv ?? '';
  return { ...savedSource(method), card: { ...method.card, cvv }, nonce, ...(cvvFitsCard(cvv, method.card) ? {} : { cvvResponse: 'N' as const }) };
}

function paymentSource(store: SandboxStore, body: Params, customerId: string | null, errors: FieldError[]): PaymentSource | null {
  const path = ['transaction'];
  const nonceValue = body.string('payment_method_nonce');
  const token = body.string('payment_method_token');
  if (nonceValue !== null) {
    const found = findNonce(store, nonceValue);
    if ('problem' in found) {
      errors.push(unknownOrConsumed(path, found.problem));
      return null;
    }
    const nonce = found.nonce;
    if (isLuhnInvalidFakeNonce(nonce.nonce)) {
      errors.push(fieldError([...path, 'creditCard'], 'number', '81715', 'Credit card number is invalid.'));
      return null;
    }
    if (token !== null) return savedCardWithCode(store, token, nonce, path, errors);
    if (nonce.cvvOnly) {
      // Ours (by the provider's 81714): a code alone names no card to charge.
      errors.push(fieldError([...path, 'creditCard'], 'number', '81714', 'Credit card number is required.'));
      return null;
    }
    const vaulted = nonce.paymentMethodToken ? store.state.paymentMethods[nonce.paymentMethodToken] : undefined;
    return {
      card: nonce.card,
      kind: nonce.kind,
      nonce,
      token: vaulted?.token ?? null,
      customerId: vaulted?.customerId ?? customerId,
      paypal: nonce.paypal ?? null,
      bankAccount: vaulted?.bankAccount ?? nonce.bankAccount ?? null,
      venmo: nonce.venmo ?? null,
    };
  }
  if (token !== null) {
    const method = store.state.paymentMethods[token];
    if (!method) {
      errors.push(fieldError(path, 'payment_method_token', '91518', 'Payment method token is invalid.'));
      return null;
    }
    return savedSource(method);
  }
  if (body.has('credit_card')) {
    const parsed = cardFromParams(body.object('credit_card'));
    if ('error' in parsed) {
      errors.push(fieldError([...path, 'creditCard'], parsed.error.attribute, parsed.error.code, parsed.error.message));
      return null;
    }
    return { card: parsed.card, kind: 'CreditCard', nonce: null, token: null, customerId, paypal: null, bankAccount: null, venmo: null };
  }
  if (customerId !== null && store.state.customers[customerId]) {
    // A customer id alone stands for the token of the customer's default payment method, of any kind.
    const [method] = methodsOf(store, customerId);
    if (!method) {
      errors.push(fieldError(path, 'customer_id', '91511', 'Customer does not have any credit cards.'));
      return null;
    }
    return savedSource(method);
  }
  errors.push(fieldError(path, 'base', '91508', 'Cannot determine payment method.'));
  return null;
}

/**
 * `three_d_secure_authentication_id`: the 3-D Secure answer a sale by token (with or without a
 * CVV-only nonce) goes by. An id no authentication has is the provider's 915196; one made for
 * another card, its 915197. Without the id, a nonce's own answer counts.
 */
function threeDSecureOf(store: SandboxStore, body: Params, source: PaymentSource | null, errors: FieldError[]): ThreeDSecureInfo | null {
  // The SDKs' older test helpers name the same id `three_d_secure_token`.
  const id = body.string('three_d_secure_authentication_id') ?? body.string('three_d_secure_token');
  if (id === null || id === '') return source?.nonce?.threeDSecureInfo ?? null;
  const authentication = findThreeDSecureAuthentication(store, id);
  if (!authentication) {
    errors.push(fieldError(['transaction'], 'three_d_secure_authentication_id', '915196', 'ThreeDSecureAuthenticationId is invalid.'));
    return null;
  }
  if (source && (source.kind !== 'CreditCard' || authentication.card.number !== source.card.number)) {
    errors.push(
      fieldError(['transaction'], 'three_d_secure_authentication_id', '915197', 'Payment method does not match the payment method used for the 3D Secure authentication.'),
    );
    return null;
  }
  return authentication.info;
}

/** The processor's settlement answer while a bank debit waits for its bank. */
const BANK_SETTLEMENT_PENDING = { code: '4002', text: 'Settlement Pending' } as const;

/**
 * A bank debit's own refusals: SEPA pays euros and ACH dollars only (the provider's 91577,
 * payment instrument not supported by the merchant account), and a saved US bank account must be
 * verified before it pays (915172).
 */
function bankDebitErrors(source: PaymentSource, account: BankAccountDetails, currency: string | null, path: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  const wanted = account.kind === 'SepaDebitAccount' ? 'EUR' : 'USD';
  if (currency !== null && currency !== wanted) errors.push(fieldError(path, 'merchant_account_id', '91577', 'Merchant account does not support payment instrument.'));
  if (account.kind === 'UsBankAccount' && source.token !== null && !account.verified) {
    errors.push(fieldError(path, 'payment_method_token', '915172', 'US bank account payment method must be verified prior to transaction.'));
  }
  return errors;
}

/** The processor's answers to the billing address: postal code and street address. */
interface AvsAnswers {
  readonly postalCode: string;
  readonly streetAddress: string;
}

/**
 * The documented postal code and street address test values; a code not sent is 'I'. Ours: the
 * postal code the card came with (Hosted Fields' field) is checked before the sale's billing one.
 */
function avsAnswersOf(source: PaymentSource, billing: Params): AvsAnswers {
  const postalCode = source.card.postalCode ?? billing.string('postal_code');
  return {
    postalCode: postalCode ? (POSTAL_CODE_RESPONSES[postalCode] ?? 'M') : 'I',
    streetAddress: streetAddressResponse(billing.string('street_address')),
  };
}

/**
 * The account's CVV and AVS rules over the processor's answers (config `cvvRejectOn`,
 * `avsPostalCodeRejectOn`, `avsStreetAddressRejectOn`): the gateway rejection they call for, if any.
 */
export function cvvAvsRejection(config: Pick<SandboxConfig, 'cvvRejectOn' | 'avsPostalCodeRejectOn' | 'avsStreetAddressRejectOn'>, cvv: string, avs: AvsAnswers): 'cvv' | 'avs' | 'avs_and_cvv' | null {
  const cvvFails = config.cvvRejectOn.includes(cvv);
  const avsFails = config.avsPostalCodeRejectOn.includes(avs.postalCode) || config.avsStreetAddressRejectOn.includes(avs.streetAddress);
  if (cvvFails && avsFails) return 'avs_and_cvv';
  if (cvvFails) return 'cvv';
  return avsFails ? 'avs' : null;
}

/**
 * The outcome, by the sandbox's rules in order (the first that applies wins). As on the provider's
 * sandbox, the amount decides a card sale; a card's number decides it only for the sandbox's own
 * decline cards and the documented fraud cards, and an expiry date in the past is no decline.
 */
function decideOutcome(
  store: SandboxStore,
  config: SandboxConfig,
  source: PaymentSource,
  amount: string,
  avs: AvsAnswers,
  threeDSecure: { readonly required: boolean; readonly info: ThreeDSecureInfo | null },
): SaleOutcome {
  const forced = store.state.forced.nextSale;
  if (forced) {
    store.state.forced.nextSale = null;
    return forced;
  }
  // A bank debit is not authorized by a card scheme: the bank answers at settlement, days later.
  if (source.bankAccount) return { kind: 'approved' };
  const card = source.card;
  const forcedForCard = store.state.forced.nextSaleOfCard[card.number];
  if (forcedForCard && source.kind === 'CreditCard') {
    delete store.state.forced.nextSaleOfCard[card.number];
    return forcedForCard;
  }
  // A saved PayPal account whose payer withdrew the pre-approval pays only once they agree again.
  if (source.kind === 'PayPalAccount' && source.token !== null && store.state.paymentMethods[source.token]?.paypalConsentRevoked) return processorDecline('2071');
  const fakeOutcome = source.nonce ? fakeNonceSaleOutcome(source.nonce.nonce) : null;
  if (fakeOutcome) return fakeOutcome;
  // A PayPal account's placeholder card is never read as a card.
  const testCard = source.kind === 'PayPalAccount' ? null : findTestCard(card.number);
  if (testCard && testCard.sale.kind !== 'approved' && !(isFraudToolRejection(testCard.sale) && !config.fraudTools)) return testCard.sale;
  const byAmount = saleOutcomeForAmount(amount, source.kind === 'PayPalAccount' ? 'paypal' : 'card');
  if (byAmount) return byAmount;
  // The CVV and AVS rules read a card's answers: a wallet's payer was checked by the wallet.
  const rejection = source.kind === 'CreditCard' ? cvvAvsRejection(config, cvvResponseOf(source), avs) : null;
  if (rejection) return { kind: 'gateway_rejected', reason: rejection };
  // 3-D Secure is a card scheme's check: a wallet authenticates its payer itself, so `required` passes it.
  if (threeDSecure.required && source.kind === 'CreditCard' && !threeDSecureSatisfied(threeDSecure.info)) {
    return { kind: 'gateway_rejected', reason: 'three_d_secure' };
  }
  return { kind: 'approved' };
}

/** Ours: the provider's sandbox codes are six characters too, but otherwise arbitrary. */
function authorizationCode(): string {
  return SandboxStore.id(6).toUpperCase();
}

function processorFields(outcome: SaleOutcome): Pick<
  TransactionRecord,
  'processorResponseCode' | 'processorResponseText' | 'processorResponseType' | 'processorAuthorizationCode' | 'gatewayRejectionReason'
> {
  switch (outcome.kind) {
    case 'approved':
      return { processorResponseCode: '1000', processorResponseText: 'Approved', processorResponseType: 'approved', processorAuthorizationCode: authorizationCode(), gatewayRejectionReason: null };
    case 'processor_declined':
      return { processorResponseCode: outcome.code, processorResponseText: outcome.text, processorResponseType: outcome.type, processorAuthorizationCode: null, gatewayRejectionReason: null };
    case 'failed':
      return { processorResponseCode: outcome.code, processorResponseText: outcome.text, processorResponseType: 'soft_declined', processorAuthorizationCode: null, gatewayRejectionReason: null };
    case 'gateway_rejected':
      // CVV and AVS rules read the processor's answer, so the processor approved first.
      return REJECTED_BEFORE_PROCESSOR.has(outcome.reason)
        ? { processorResponseCode: null, processorResponseText: null, processorResponseType: null, processorAuthorizationCode: null, gatewayRejectionReason: outcome.reason }
        : { processorResponseCode: '1000', processorResponseText: 'Approved', processorResponseType: 'approved', processorAuthorizationCode: null, gatewayRejectionReason: outcome.reason };
  }
}

function outcomeMessage(outcome: Exclude<SaleOutcome, { kind: 'approved' }>): string {
  return outcome.kind === 'gateway_rejected' ? `Gateway Rejected: ${outcome.reason}` : outcome.text;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `POST /transactions` with `type: sale` (`gateway.transaction.sale`). */
export async function sale(call: GatewayCall): Promise<Reply> {
  const { store, config } = call.context;
  const body = call.params.object('transaction');
  const options = body.object('options');
  const customerParams = body.object('customer');
  const errors: FieldError[] = [];
  const path = ['transaction'];

  const type = body.string('type');
  if (type === null) errors.push(fieldError(path, 'type', '91524', 'Transaction type is required.'));
  // Ours: stand-alone credits are not modelled; refunds are.
  else if (type !== 'sale') errors.push(fieldError(path, 'type', '91523', 'Transaction type is invalid.'));

  const checkedAmount = checkAmount(body.string('amount'), path);
  if ('error' in checkedAmount) errors.push(checkedAmount.error);

  const merchantAccountId = body.string('merchant_account_id') ?? defaultMerchantAccount(config);
  if (!Object.hasOwn(config.merchantAccounts, merchantAccountId)) errors.push(fieldError(path, 'merchant_account_id', '91513', 'Merchant account ID is invalid.'));

  // The provider keeps at most 255 characters of the merchant's order id.
  if ((body.string('order_id') ?? '').length > 255) errors.push(fieldError(path, 'order_id', '91501', 'Order ID is too long.'));

  const customerIdParam = body.string('customer_id');
  if (customerIdParam !== null && !store.state.customers[customerIdParam]) errors.push(fieldError(path, 'customer_id', '91510', 'Customer ID is invalid.'));

  const vaultRequested = options.boolean('store_in_vault_on_success') || options.boolean('store_in_vault');
  const newCustomerId = customerParams.string('id');
  const emailError = customerEmailError([...path, 'customer'], customerParams.string('email'));
  if (emailError) errors.push(emailError);
  if (vaultRequested && customerIdParam === null && newCustomerId !== null && store.state.customers[newCustomerId]) {
    errors.push(fieldError([...path, 'customer'], 'id', '91609', 'Customer ID has already been taken.'));
  }

  const source = paymentSource(store, body, customerIdParam, errors);
  const threeDSecureInfo = threeDSecureOf(store, body, source, errors);
  if (source?.bankAccount) errors.push(...bankDebitErrors(source, source.bankAccount, config.merchantAccounts[merchantAccountId] ?? null, path));
  if (errors.length > 0 || !source || 'error' in checkedAmount) return validationReply(errors, paramsXml(call.params));
  const amount = checkedAmount.amount;

  const avs = avsAnswersOf(source, body.object('billing'));
  const outcome = decideOutcome(store, config, source, amount, avs, { required: options.object('three_d_secure').boolean('required'), info: threeDSecureInfo });
  const reachedProcessor = outcome.kind !== 'gateway_rejected' || !REJECTED_BEFORE_PROCESSOR.has(outcome.reason);
  if (source.nonce && reachedProcessor) consumeNonce(store, source.nonce);

  // store_in_vault keeps the payment method whatever the processor said; store_in_vault_on_success
  // only on approval. A PayPal account is kept only with a billing agreement (the vault flow, or
  // Checkout with Vault): a one-time payment still goes through, unsaved, with no error, as the
  // server SDK's integration tests show ("does not vault even when explicitly asked").
  // Ours: a sale turned away before the processor vaults nothing either way, a sale that saves
  // nothing creates no customer, and the sandbox does not vault Apple Pay or Google Pay cards (the
  // provider would).
  const paypalAccount = source.kind === 'PayPalAccount' && source.nonce ? vaultablePayPalAccount(source.nonce) : null;
  // A Venmo account likewise only from a MULTI_USE approval; a SINGLE_USE one pays, unsaved.
  const venmoAccount = source.kind === 'VenmoAccount' && source.nonce ? vaultableVenmoAccount(source.nonce) : null;
  const vaultable = source.token === null && (source.kind === 'CreditCard' || paypalAccount !== null || venmoAccount !== null || source.bankAccount !== null);
  const vault = vaultable && ((options.boolean('store_in_vault_on_success') && outcome.kind === 'approved') || (options.boolean('store_in_vault') && reachedProcessor));
  let customerId = source.customerId;
  let token = source.token;
  if (vault) {
    const customer =
      (customerId !== null ? store.state.customers[customerId] : undefined) ??
      createCustomer(store, {
        id: newCustomerId,
        firstName: customerParams.string('first_name'),
        lastName: customerParams.string('last_name'),
        email: customerParams.string('email'),
      });
    customerId = customer.id;
    token = (
      paypalAccount
        ? vaultPayPalAccount(store, customer.id, paypalAccount)
        : venmoAccount
          ? vaultVenmoAccount(store, customer.id, venmoAccount)
          : source.bankAccount
          ? vaultBankAccount(store, customer.id, source.bankAccount)
          : vaultCard(store, customer.id, source.card)
    ).token;
  }

  const now = new Date().toISOString();
  // A bank debit goes straight to its bank and waits there: settlement_pending until it settles or is declined.
  const bankDebit = source.bankAccount !== null && outcome.kind === 'approved';
  const status = outcome.kind === 'approved' ? (bankDebit ? 'settlement_pending' : options.boolean('submit_for_settlement') ? 'submitted_for_settlement' : 'authorized') : outcome.kind;
  const statusHistory: TransactionRecord['statusHistory'] =
    status === 'submitted_for_settlement' || status === 'settlement_pending'
      ? [{ status: 'authorized', timestamp: now, amount }, { status, timestamp: now, amount }]
      : [{ status, timestamp: now, amount }];
  const transaction: TransactionRecord = {
    id: SandboxStore.id(),
    status,
    type: 'sale',
    amount,
    currencyIsoCode: config.merchantAccounts[merchantAccountId],
    merchantAccountId,
    orderId: body.string('order_id'),
    createdAt: now,
    updatedAt: now,
    customerId,
    card: withoutCvv(source.card),
    paymentMethodToken: token,
    ...processorFields(outcome),
    threeDSecureInfo,
    deviceDataCaptured: (body.string('device_data') ?? '') !== '',
    cvvResponseCode: cvvResponseOf(source),
    avsPostalCodeResponseCode: avs.postalCode,
    avsStreetAddressResponseCode: avs.streetAddress,
    statusHistory,
    refundIds: [],
    refundedTransactionId: null,
    paymentInstrument: source.kind,
    ...(source.paypal ? { paypal: source.paypal } : {}),
    ...(source.nonce?.localPayment ? { localPayment: source.nonce.localPayment } : {}),
    ...(source.venmo ? { venmo: source.venmo } : {}),
    ...(source.bankAccount ? { bankAccount: source.bankAccount } : {}),
    ...(bankDebit ? { settlementResponse: BANK_SETTLEMENT_PENDING } : {}),
    customerDetails:
      customerId === null && customerParams.keys().length > 0
        ? { firstName: customerParams.string('first_name'), lastName: customerParams.string('last_name'), email: customerParams.string('email') }
        : undefined,
  };
  store.state.transactions[transaction.id] = transaction;
  // A local payment pays for one sale: its nonce is spent, and the payment now names the sale.
  if (transaction.localPayment && outcome.kind === 'approved') recordSale(call.context, transaction.localPayment.paymentId, transaction);

  // A forced delay holds the answer after the money moved, as a provider timeout would.
  const delay = store.state.forced.nextSaleDelayMs;
  if (delay > 0) store.state.forced.nextSaleDelayMs = 0;
  store.save();
  if (delay > 0) await sleep(delay);

  const xml = transactionXml(transaction, call.context);
  if (outcome.kind === 'approved') return xmlReply(201, 'transaction', xml);
  return errorReply({ message: outcomeMessage(outcome), params: paramsXml(call.params), transaction: xml });
}
