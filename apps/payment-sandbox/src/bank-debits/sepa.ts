import { defaultMerchantAccount } from '../context';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createNonce } from '../client-api/payment-methods';
import { isObject, sendJson, stringOf, type JsonObject } from '../client-api/http';
import type { SandboxContext, SandboxRequest } from '../context';
import type { ClientTokenRecord, SepaAccountDetails, SepaMandateRecord } from '../store';
import { BANK_PLACEHOLDER_CARD } from './placeholder';
import { ibanProblem, isSepaCountry, normalizeIban, type IbanProblem } from './validation';

/**
 * SEPA direct debit through the client API, as braintree-web 3.124.0's `sepa` module calls it:
 * `POST sepa_debit` creates the mandate (answering `message.body.sepaDebitAccount` with the
 * approval URL, the IBAN's last four and the bank reference token); the payer approves or cancels
 * on the mandate page, which returns to the module's return or cancel URL with `cart_id`;
 * `POST payment_methods/sepa_debit_accounts` exchanges the approved mandate for a nonce; and
 * `GET sepa_debit/{cart_id}` describes the mandate for the full-page redirect flow.
 */

/** The mandate page stands in for PayPal's, under PayPal's host (routed to the sandbox). */
export const SEPA_MANDATE_ORIGIN = 'https://www.sandbox.paypal.com';
export const SEPA_MANDATE_PATH = /^\/__sandbox\/sepa\/mandates\/([A-Z0-9]{17})$/;
export const mandateUrlOf = (mandate: { readonly cartId: string }) => `${SEPA_MANDATE_ORIGIN}/__sandbox/sepa/mandates/${mandate.cartId}`;

const MANDATE_TYPES = ['ONE_OFF', 'RECURRENT'] as const;
const isMandateType = (value: string): value is SepaMandateRecord['mandateType'] => (MANDATE_TYPES as readonly string[]).includes(value);

interface FieldError {
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

/**
 * The client API's 422 (braintree-web turns any failure of this call into
 * SEPA_CREATE_MANDATE_FAILED, so only a merchant reading the network sees these). Ours: the codes
 * and messages, which the provider does not document for SEPA.
 */
function refuse(request: SandboxRequest, response: ServerResponse, resource: string, errors: readonly FieldError[]): void {
  sendJson(request, response, 422, { error: { message: errors.map((error) => error.message).join(' ') }, fieldErrors: [{ field: resource, fieldErrors: errors }] });
}

const text = (object: JsonObject, key: string): string => stringOf(object[key])?.trim() ?? '';
const objectAt = (object: JsonObject, key: string): JsonObject => (isObject(object[key]) ? object[key] : {});
const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const IBAN_MESSAGES: Readonly<Record<IbanProblem, string>> = {
  format: 'IBAN is not in the IBAN format.',
  country: 'IBAN is not from a SEPA country.',
  length: 'IBAN has the wrong length for its country.',
  checksum: 'IBAN check digits are wrong.',
};

/** The merchant account the mandate is for: the one named, else the client token's, else the default. */
function merchantAccountOf(context: SandboxContext, token: ClientTokenRecord, named: string): string {
  return named || token.merchantAccountId || defaultMerchantAccount(context.config);
}

/** Ours: a V2 order id in PayPal's shape (17 upper-case letters and digits). */
function cartId(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
  return Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Ours: an opaque bank reference token (the provider's are base64-looking strings). */
const bankReferenceToken = () => `QkEt${randomBytes(15).toString('base64url').toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`;

export const findMandateByCart = (context: SandboxContext, id: string): SepaMandateRecord | null =>
  Object.hasOwn(context.store.state.sepaMandates, id) ? context.store.state.sepaMandates[id] : null;

const findMandateByReference = (context: SandboxContext, reference: string): SepaMandateRecord | null =>
  Object.values(context.store.state.sepaMandates).find((mandate) => mandate.bankReferenceToken === reference) ?? null;

/** POST sepa_debit. */
export function createSepaMandate(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const debit = objectAt(body, 'sepa_debit');
  const billing = objectAt(debit, 'billing_address');
  const errors: FieldError[] = [];
  const iban = normalizeIban(text(debit, 'iban'));
  if (iban === '') errors.push({ field: 'iban', code: 'required', message: 'IBAN is required.' });
  else {
    const problem = ibanProblem(iban);
    if (problem) errors.push({ field: 'iban', code: `iban_${problem}`, message: IBAN_MESSAGES[problem] });
  }
  const holder = text(debit, 'account_holder_name');
  if (holder === '') errors.push({ field: 'accountHolderName', code: 'required', message: 'Account holder name is required.' });
  else if (holder.length > 70) errors.push({ field: 'accountHolderName', code: 'too_long', message: 'Account holder name is longer than 70 characters.' });
  const country = text(billing, 'country_code').toUpperCase();
  if (country === '') errors.push({ field: 'billingAddress.countryCode', code: 'required', message: 'Billing country code is required.' });
  else if (!isSepaCountry(country)) errors.push({ field: 'billingAddress.countryCode', code: 'unsupported', message: `Billing country ${country} is not in the SEPA area.` });
  const mandateType = text(debit, 'mandate_type');
  if (!isMandateType(mandateType)) errors.push({ field: 'mandateType', code: 'invalid', message: 'Mandate type must be ONE_OFF or RECURRENT.' });
  const customerReference = text(debit, 'merchant_or_partner_customer_id');
  if (customerReference === '') errors.push({ field: 'merchantOrPartnerCustomerId', code: 'required', message: 'Customer id is required.' });
  else if (!/^[A-Za-z0-9_-]{1,50}$/.test(customerReference)) errors.push({ field: 'merchantOrPartnerCustomerId', code: 'invalid', message: 'Customer id must be 1 to 50 letters, digits, _ or -.' });
  const merchantAccountId = merchantAccountOf(context, token, text(body, 'merchant_account_id'));
  const currency = Object.hasOwn(context.config.merchantAccounts, merchantAccountId) ? context.config.merchantAccounts[merchantAccountId] : null;
  if (currency === null) errors.push({ field: 'merchantAccountId', code: 'invalid', message: `Merchant account ${merchantAccountId} does not exist.` });
  else if (currency !== 'EUR') errors.push({ field: 'merchantAccountId', code: 'currency', message: `SEPA direct debit needs a EUR merchant account; ${merchantAccountId} is ${currency}.` });
  for (const key of ['return_url', 'cancel_url']) if (!isHttpUrl(text(body, key))) errors.push({ field: key, code: 'invalid', message: `${key} must be an http or https URL.` });
  if (errors.length > 0 || !isMandateType(mandateType)) return refuse(request, response, 'sepaDebit', errors);

  const now = new Date().toISOString();
  const mandate: SepaMandateRecord = {
    cartId: cartId(),
    bankReferenceToken: bankReferenceToken(),
    iban,
    accountHolderName: holder,
    countryCode: country,
    mandateType,
    merchantOrPartnerCustomerId: customerReference,
    merchantAccountId,
    locale: text(body, 'locale') || null,
    returnUrl: text(body, 'return_url'),
    cancelUrl: text(body, 'cancel_url'),
    customerId: token.customerId,
    createdAt: now,
    status: 'created',
    approvedAt: null,
    updatedAt: now,
  };
  context.store.state.sepaMandates[mandate.cartId] = mandate;
  context.store.save();
  sendJson(request, response, 201, {
    message: { body: { sepaDebitAccount: { approvalUrl: mandateUrlOf(mandate), last4: iban.slice(-4), bankReferenceToken: mandate.bankReferenceToken } } },
  });
}

/** The account an approved mandate stands for, as its nonces, sales and saved accounts carry it. */
export function sepaAccountOf(mandate: SepaMandateRecord): SepaAccountDetails {
  return {
    kind: 'SepaDebitAccount',
    iban: mandate.iban,
    last4: mandate.iban.slice(-4),
    accountHolderName: mandate.accountHolderName,
    countryCode: mandate.countryCode,
    mandateType: mandate.mandateType,
    bankReferenceToken: mandate.bankReferenceToken,
    merchantOrPartnerCustomerId: mandate.merchantOrPartnerCustomerId,
    cartId: mandate.cartId,
    mandateAcceptedAt: mandate.approvedAt ?? mandate.updatedAt,
  };
}

/** POST payment_methods/sepa_debit_accounts: the approved mandate's nonce (once). */
export function tokenizeSepaAccount(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const account = objectAt(body, 'sepa_debit_account');
  const invalid = (field: string, message: string) => refuse(request, response, 'sepaDebitAccount', [{ field, code: 'invalid', message }]);
  const mandate = findMandateByReference(context, text(account, 'bank_reference_token'));
  if (!mandate) return invalid('bankReferenceToken', 'Unknown bank reference token.');
  if (mandate.status === 'created') return invalid('bankReferenceToken', 'The payer has not approved this mandate.');
  if (mandate.status !== 'approved') return invalid('bankReferenceToken', `This mandate is ${mandate.status} and can no longer be tokenized.`);
  if (text(account, 'last_4') !== mandate.iban.slice(-4)) return invalid('last4', 'last_4 does not match the mandate.');
  if (text(account, 'merchant_or_partner_customer_id') !== mandate.merchantOrPartnerCustomerId) return invalid('merchantOrPartnerCustomerId', 'The customer id does not match the mandate.');
  if (text(account, 'mandate_type') !== mandate.mandateType) return invalid('mandateType', 'The mandate type does not match the mandate.');
  const merchantAccountId = text(body, 'merchant_account_id');
  if (merchantAccountId && merchantAccountId !== mandate.merchantAccountId) return invalid('merchantAccountId', 'The merchant account does not match the mandate.');
  const record = createNonce(context.store, BANK_PLACEHOLDER_CARD, { customerId: token.customerId, kind: 'SepaDebitAccount', bankAccount: sepaAccountOf(mandate) });
  mandate.status = 'tokenized';
  mandate.updatedAt = new Date().toISOString();
  context.store.save();
  sendJson(request, response, 201, {
    nonce: record.nonce,
    type: 'SEPADebitAccount',
    description: `SEPA direct debit account ending in ${mandate.iban.slice(-4)}`,
    consumed: false,
    details: { ibanLastChars: mandate.iban.slice(-4), merchantOrPartnerCustomerId: mandate.merchantOrPartnerCustomerId, mandateType: mandate.mandateType },
  });
}

/** GET sepa_debit/{cart_id}: the mandate's details, for braintree-web's full-page redirect flow. */
export function describeSepaMandate(request: SandboxRequest, response: ServerResponse, context: SandboxContext, id: string): void {
  const mandate = findMandateByCart(context, id);
  if (!mandate) return sendJson(request, response, 404, { error: { message: 'Unknown cart id.' } });
  sendJson(request, response, 200, {
    sepaDebitMandateDetail: {
      last4: mandate.iban.slice(-4),
      merchantOrPartnerCustomerId: mandate.merchantOrPartnerCustomerId,
      mandateType: mandate.mandateType,
      bankReferenceToken: mandate.bankReferenceToken,
      status: mandate.status,
    },
  });
}
