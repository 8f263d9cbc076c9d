import { defaultMerchantAccount, type SandboxConfig, type SandboxContext } from '../context';
import { SandboxStore, type CardRecord, type ThreeDSecureInfo, type VerificationRecord } from '../store';
import { CVV_RESPONSES, POSTAL_CODE_RESPONSES, PROCESSOR_RESPONSES, streetAddressResponse } from '../test-values';
import { addressFieldsXml, newAddressFields, type AddressFields } from './addresses';
import { takeCard } from './card-intake';
import type { GatewayCall } from './call';
import { globalId } from './global-ids';
import { isRecord, paramsXml, type Params } from './params';
import { cardFields, threeDSecureInfoXml } from './presenters';
import { errorReply, fieldError, notFound, validationReply, xmlReply, type FieldError, type Reply } from './reply';
import { datetime, type XmlObject } from './xml';
import { searchIdsReply, searchPageReply } from './search';

/**
 * Card verifications: `verify_card` on a customer, card or payment method save, and
 * `gateway.creditCardVerification.create/find/search`. The provider's sandbox decides a
 * verification by the card number alone (its "card numbers for unsuccessful verification"); a
 * transaction's test amounts and an expired date do not fail one (its SDKs' integration specs
 * verify "05/2012" cards successfully).
 */

export interface VerificationOutcome {
  readonly status: 'processor_declined' | 'gateway_rejected';
  readonly code: string | null;
  readonly text: string | null;
  readonly type: 'soft_declined' | 'hard_declined' | null;
  readonly rejection: string | null;
}

const doNotHonor: VerificationOutcome = { status: 'processor_declined', code: '2000', text: PROCESSOR_RESPONSES['2000'].text, type: 'soft_declined', rejection: null };

/**
 * The provider's documented card numbers that fail verification, and how. Any other number
 * verifies (the ones this sandbox declines at sale for its own reasons included).
 */
export const VERIFICATION_OUTCOMES: Readonly<Record<string, VerificationOutcome>> = {
  '4000111111111115': doNotHonor,
  '5105105105105100': doNotHonor,
  '378734493671000': doNotHonor,
  '6011000990139424': doNotHonor,
  '3566002020360505': doNotHonor,
  // The documented fraud card: turned away by the gateway's fraud check before the processor.
  '4000111111111511': { status: 'gateway_rejected', code: null, text: null, type: null, rejection: 'fraud' },
};

export interface AvsCvvResponses {
  readonly cvv: string;
  readonly postalCode: string;
  readonly streetAddress: string;
}

/**
 * The AVS/CVV rejection the account's rules (config `cvvRejectOn`, `avsPostalCodeRejectOn`,
 * `avsStreetAddressRejectOn`, shared with sales) give for these responses, or null.
 */
export function avsCvvRejection(config: Pick<SandboxConfig, 'cvvRejectOn' | 'avsPostalCodeRejectOn' | 'avsStreetAddressRejectOn'>, responses: AvsCvvResponses): 'cvv' | 'avs' | 'avs_and_cvv' | null {
  const cvv = config.cvvRejectOn.includes(responses.cvv);
  const avs = config.avsPostalCodeRejectOn.includes(responses.postalCode) || config.avsStreetAddressRejectOn.includes(responses.streetAddress);
  if (cvv && avs) return 'avs_and_cvv';
  if (cvv) return 'cvv';
  return avs ? 'avs' : null;
}

export interface VerificationRequest {
  readonly card: CardRecord;
  readonly billing: AddressFields | null;
  /** Already checked to be one of the account's merchant accounts (null: the default). */
  readonly merchantAccountId: string | null;
  /** Already checked (null: zero). */
  readonly amount: string | null;
  readonly customerId: string | null;
  readonly paymentMethodToken: string | null;
  readonly threeDSecureInfo: ThreeDSecureInfo | null;
}

/** A verification's outcome, not yet kept (its id is fresh). */
export function decideVerification(config: SandboxConfig, request: VerificationRequest, id: string, now = new Date()): VerificationRecord {
  const account = request.merchantAccountId ?? defaultMerchantAccount(config);
  const card = request.card;
  const postalCode = request.billing?.postalCode ?? card.postalCode;
  const responses: AvsCvvResponses = {
    cvv: card.cvv ? (CVV_RESPONSES[card.cvv] ?? 'M') : 'I',
    postalCode: postalCode ? (POSTAL_CODE_RESPONSES[postalCode] ?? 'M') : 'I',
    streetAddress: streetAddressResponse(request.billing?.streetAddress ?? null),
  };
  const documented = VERIFICATION_OUTCOMES[card.number] ?? null;
  // The fraud card is turned away only by an account whose fraud tools are on; otherwise it verifies.
  const outcome = documented?.rejection === 'fraud' && !config.fraudTools ? null : documented;
  const avsCvv = outcome ? null : avsCvvRejection(config, responses);
  return {
    id,
    status: outcome?.status ?? (avsCvv ? 'gateway_rejected' : 'verified'),
    amount: request.amount ?? '0.00',
    currencyIsoCode: config.merchantAccounts[account],
    merchantAccountId: account,
    processorResponseCode: outcome ? outcome.code : avsCvv ? null : '1000',
    processorResponseText: outcome ? outcome.text : avsCvv ? null : 'Approved',
    processorResponseType: outcome ? outcome.type : avsCvv ? null : 'approved',
    gatewayRejectionReason: outcome?.rejection ?? avsCvv,
    cvvResponseCode: outcome ? 'I' : responses.cvv,
    avsPostalCodeResponseCode: outcome ? 'I' : responses.postalCode,
    avsStreetAddressResponseCode: outcome ? 'I' : responses.streetAddress,
    card: { ...card, cvv: null },
    billing: request.billing,
    customerId: request.customerId,
    paymentMethodToken: request.paymentMethodToken,
    threeDSecureInfo: request.threeDSecureInfo,
    createdAt: now.toISOString(),
  };
}

/** Runs a verification and keeps it (find and search see failed ones too). */
export function runVerification(context: SandboxContext, request: VerificationRequest, now = new Date()): VerificationRecord {
  const record = decideVerification(context.config, request, freshVerificationId(context.store), now);
  context.store.state.verifications[record.id] = record;
  return record;
}

function freshVerificationId(store: SandboxStore): string {
  let id = SandboxStore.id();
  while (Object.hasOwn(store.state.verifications, id)) id = SandboxStore.id();
  return id;
}

/** The token a verification's card was saved under, once it is (a failed one saves nothing). */
export function attachVerification(store: SandboxStore, verificationId: string, customerId: string, token: string): void {
  const record = store.state.verifications[verificationId];
  if (record) store.state.verifications[verificationId] = { ...record, customerId, paymentMethodToken: token };
}

export const verificationPassed = (record: VerificationRecord): boolean => record.status === 'verified';

/** The error response's message for a failed verification (the processor's text, or the gateway's reason). */
export function verificationMessage(record: VerificationRecord): string {
  return record.status === 'gateway_rejected' ? `Gateway Rejected: ${record.gatewayRejectionReason}` : (record.processorResponseText ?? 'Processor Declined');
}

/** Ours: made-up network identifiers, derived from the verification id so a find repeats them. */
function networkTransactionId(id: string): string {
  return [...id].map((character) => character.charCodeAt(0) % 10).join('').padEnd(15, '0').slice(0, 15);
}

/** What the SDK's CreditCardVerification reads. */
export function verificationXml(record: VerificationRecord, config: SandboxConfig): XmlObject {
  const card = record.card;
  const approved = record.status === 'verified';
  return {
    id: record.id,
    status: record.status,
    amount: record.amount,
    currencyIsoCode: record.currencyIsoCode,
    merchantAccountId: record.merchantAccountId,
    processorResponseCode: record.processorResponseCode,
    processorResponseText: record.processorResponseText,
    processorResponseType: record.processorResponseType,
    additionalProcessorResponse: null,
    gatewayRejectionReason: record.gatewayRejectionReason,
    cvvResponseCode: record.cvvResponseCode,
    avsErrorResponseCode: null,
    avsPostalCodeResponseCode: record.avsPostalCodeResponseCode,
    avsStreetAddressResponseCode: record.avsStreetAddressResponseCode,
    networkResponseCode: approved ? 'XX' : null,
    networkResponseText: approved ? 'sample network response text' : null,
    networkTransactionId: approved ? networkTransactionId(record.id) : null,
    creditCard: { token: record.paymentMethodToken, customerId: record.customerId, ...cardFields(card, config) },
    billing: record.billing ? addressFieldsXml(record.billing) : { postalCode: card.postalCode },
    riskData: null,
    threeDSecureInfo: record.threeDSecureInfo ? threeDSecureInfoXml(record.threeDSecureInfo) : null,
    globalId: globalId('verification', record.id),
    createdAt: datetime(record.createdAt),
    updatedAt: datetime(record.createdAt),
  };
}

/** A card's verifications, newest first (the SDK's CreditCard shows the newest as `verification`). */
export function verificationsOf(store: SandboxStore, token: string): VerificationRecord[] {
  return Object.values(store.state.verifications)
    .filter((record) => record.paymentMethodToken === token)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Ours: the largest verification amount taken (the provider's limit depends on the processor). */
export const MAX_VERIFICATION_AMOUNT = 99_999_999.99;

export interface VerificationOptionCodes {
  readonly amountAttribute: string;
  readonly accountAttribute: string;
  readonly negative: string;
  readonly format: string;
  readonly tooLarge: string;
  readonly account: string;
  /** The presentment currency's code, where the resource takes `verification_currency_iso_code`. */
  readonly currency?: string;
}

/** `verify_card`'s options on a card save (under credit_card → options). */
export const CARD_VERIFICATION_CODES: VerificationOptionCodes = {
  amountAttribute: 'verification_amount',
  accountAttribute: 'verification_merchant_account_id',
  negative: '91739',
  format: '91740',
  tooLarge: '91752',
  account: '91728',
  currency: '91760',
};

/** `creditCardVerification.create`'s options (under verification → options). */
const VERIFICATION_CODES: VerificationOptionCodes = {
  amountAttribute: 'amount',
  accountAttribute: 'merchant_account_id',
  negative: '94201',
  format: '94202',
  tooLarge: '94207',
  account: '94204',
};

export interface VerificationSettings {
  readonly amount: string | null;
  readonly merchantAccountId: string | null;
}

/**
 * A verification's amount and merchant account, checked: the amount a decimal (its format), not
 * negative, not too large; the account one of the merchant's. On a card save,
 * `verification_currency_iso_code` must be the currency of the account verifying (91760); without
 * an account it picks the merchant account presenting that currency (ours: the sandbox's accounts
 * each present one currency).
 */
export function verificationSettings(config: SandboxConfig, options: Params, path: readonly string[], codes: VerificationOptionCodes): { settings: VerificationSettings } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const amount = options.string(codes.amountAttribute);
  if (amount !== null && amount !== '') {
    if (!/^-?\d+(\.\d{1,2})?$/.test(amount.trim())) errors.push(fieldError(path, codes.amountAttribute, codes.format, 'Verification amount is an invalid format.'));
    else if (Number(amount) < 0) errors.push(fieldError(path, codes.amountAttribute, codes.negative, 'Verification amount cannot be negative.'));
    else if (Number(amount) > MAX_VERIFICATION_AMOUNT) errors.push(fieldError(path, codes.amountAttribute, codes.tooLarge, 'Verification amount is too large.'));
  }
  let account = options.string(codes.accountAttribute);
  if (account !== null && !Object.hasOwn(config.merchantAccounts, account)) {
    errors.push(fieldError(path, codes.accountAttribute, codes.account, 'Verification Merchant Account ID is invalid.'));
    account = null;
  }
  const currency = codes.currency ? options.string('verification_currency_iso_code') : null;
  if (codes.currency && currency !== null && currency !== '') {
    const wanted = currency.trim().toUpperCase();
    const presenting = account !== null ? (config.merchantAccounts[account] === wanted ? account : null) : (Object.entries(config.merchantAccounts).find(([, accountCurrency]) => accountCurrency === wanted)?.[0] ?? null);
    // Ours: the message (the provider's SDKs name the code only).
    if (presenting === null) errors.push(fieldError(path, 'verification_currency_iso_code', codes.currency, 'Verification currency is not presented by the merchant account.'));
    account = presenting;
  }
  if (errors.length > 0) return { errors };
  return { settings: { amount: amount === null || amount === '' ? null : Number(amount).toFixed(2), merchantAccountId: account } };
}

export const cardVerificationSettings = (config: SandboxConfig, options: Params, path: readonly string[]) => verificationSettings(config, options, path, CARD_VERIFICATION_CODES);

// --- Routes -----------------------------------------------------------------

const PATH = ['verification'];

/**
 * `POST /verifications {verification: {credit_card, payment_method_nonce?, options: {amount,
 * merchant_account_id}}}`: a card verified without saving it.
 */
export function createVerification(call: GatewayCall): Reply {
  const { context } = call;
  const body = call.params.object('verification');
  const params = paramsXml(call.params);
  const errors: FieldError[] = [];
  const settings = verificationSettings(context.config, body.object('options'), [...PATH, 'options'], VERIFICATION_CODES);
  if ('errors' in settings) errors.push(...settings.errors);
  const cardParams = body.object('credit_card');
  const intake = takeCard(context.store, {
    nonceValue: body.string('payment_method_nonce'),
    cardParams,
    noncePath: PATH,
    cardPath: [...PATH, 'creditCard'],
    nonceCodes: { unknown: '91732', consumed: '91731' },
  });
  if (intake === null) errors.push(fieldError([...PATH, 'creditCard'], 'number', '81714', 'Credit card number is required.'));
  else if ('errors' in intake) errors.push(...intake.errors);
  let billing: AddressFields | null = null;
  if (cardParams.has('billing_address')) {
    const address = newAddressFields(cardParams.object('billing_address'), [...PATH, 'creditCard', 'billingAddress']);
    if ('errors' in address) errors.push(...address.errors);
    else billing = address.fields;
  }
  if (errors.length > 0 || intake === null || 'errors' in intake || 'errors' in settings) return validationReply(errors, params);
  const record = runVerification(context, {
    card: intake.card,
    billing,
    merchantAccountId: settings.settings.merchantAccountId,
    amount: settings.settings.amount,
    customerId: null,
    paymentMethodToken: null,
    threeDSecureInfo: intake.nonce?.threeDSecureInfo ?? null,
  });
  context.store.save();
  const xml = verificationXml(record, context.config);
  return verificationPassed(record) ? xmlReply(201, 'verification', xml) : errorReply({ message: verificationMessage(record), params, verification: xml });
}

export function findVerification(call: GatewayCall): Reply {
  const record = call.context.store.state.verifications[call.captures.id];
  return record ? xmlReply(200, 'verification', verificationXml(record, call.context.config)) : notFound;
}

type Getter = (record: VerificationRecord, context: SandboxContext) => string | null;

const TEXT: Readonly<Record<string, Getter>> = {
  id: (record) => record.id,
  credit_card_cardholder_name: (record) => record.card.cardholderName,
  credit_card_expiration_date: (record) => `${record.card.expirationMonth}/${record.card.expirationYear}`,
  credit_card_number: (record) => `${record.card.bin}${record.card.last4}`,
  customer_id: (record) => record.customerId,
  payment_method_token: (record) => record.paymentMethodToken,
  customer_email: (record, context) => (record.customerId ? (context.store.state.customers[record.customerId]?.email ?? null) : null),
  billing_address_details_postal_code: (record) => record.billing?.postalCode ?? record.card.postalCode,
};

const MULTIPLE: Readonly<Record<string, (record: VerificationRecord) => string>> = {
  ids: (record) => record.id,
  status: (record) => record.status,
  credit_card_card_type: (record) => record.card.cardType,
  verification_type: () => 'credit_card',
};

/** Ours: a number criterion matches the bin and last four only, as the provider's masked search does. */
function textMatches(value: string, operators: Params, field: string): boolean {
  const lower = value.toLowerCase();
  const check = (operator: string, test: (wanted: string) => boolean) => {
    const wanted = operators.string(operator);
    return wanted === null || test(wanted.toLowerCase());
  };
  const isNumber = field === 'credit_card_number';
  return (
    check('is', (wanted) => (isNumber ? wanted.startsWith(lower.slice(0, 6)) && wanted.endsWith(lower.slice(-4)) : lower === wanted)) &&
    check('is_not', (wanted) => lower !== wanted) &&
    check('starts_with', (wanted) => lower.startsWith(wanted)) &&
    check('ends_with', (wanted) => lower.endsWith(wanted)) &&
    check('contains', (wanted) => lower.includes(wanted))
  );
}

function matchingVerifications(call: GatewayCall): { records: VerificationRecord[] } | { reply: Reply } {
  const search = call.params.object('search');
  const tests: ((record: VerificationRecord) => boolean)[] = [];
  for (const key of search.keys()) {
    const raw = search.raw[key];
    if (TEXT[key] && isRecord(raw)) {
      const getter = TEXT[key];
      tests.push((record) => textMatches(getter(record, call.context) ?? '', search.object(key), key));
    } else if (MULTIPLE[key]) {
      const values = new Set(search.strings(key) ?? [search.string(key) ?? '']);
      const getter = MULTIPLE[key];
      tests.push((record) => values.has(getter(record)));
    } else if (key === 'created_at' && isRecord(raw)) {
      const bounds = search.object(key);
      const bound = (name: string) => (bounds.string(name) === null ? null : Date.parse(bounds.string(name) ?? ''));
      tests.push((record) => {
        const at = Date.parse(record.createdAt);
        const [min, max] = [bound('min'), bound('max')];
        return (min === null || at >= min) && (max === null || at <= max);
      });
    } else {
      // Ours: a criterion the sandbox does not evaluate fails loudly rather than matching everything.
      return { reply: errorReply({ errors: [fieldError(['search'], key, '90000', `The sandbox does not support searching verifications by ${key}.`)], params: paramsXml(call.params) }) };
    }
  }
  const records = Object.values(call.context.store.state.verifications)
    .filter((record) => tests.every((test) => test(record)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return { records };
}

/** `POST /verifications/advanced_search_ids`. */
export function searchVerificationIds(call: GatewayCall): Reply {
  const result = matchingVerifications(call);
  if ('reply' in result) return result.reply;
  return searchIdsReply(result.records.map((record) => record.id));
}

/** `POST /verifications/advanced_search`: one page. */
export function searchVerifications(call: GatewayCall): Reply {
  const result = matchingVerifications(call);
  if ('reply' in result) return result.reply;
  return searchPageReply('creditCardVerifications', 'verification', result.records, (record) => verificationXml(record, call.context.config));
}
