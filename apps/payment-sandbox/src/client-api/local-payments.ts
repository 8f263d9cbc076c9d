import { defaultMerchantAccount } from '../context';
import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { findAlias, markOneClickRegistration } from '../local-payments/blik-aliases';
import { findLocalPayment, newPaymentId, newPaymentToken, nonceOf } from '../local-payments/payments';
import type { ClientTokenRecord, LocalPaymentRecord } from '../store';
import { BLIK_REFUSED_CODE, LOCAL_PAYMENT_TYPES } from '../test-values';
import { isObject, sendJson, stringOf, type JsonObject } from './http';

/**
 * Local payments through the client API, as braintree-web's local-payment module calls it:
 * `local_payments/create` sets a payment up (the landing page's URL, or none for the deferred
 * types), and `payment_methods/paypal_accounts` with the approved payment's id and payer id gives
 * its nonce.
 */

/** The landing page stands in for the bank's or PayPal's, under PayPal's host (routed to the sandbox). */
export const LOCAL_PAYMENT_LANDING_ORIGIN = 'https://www.sandbox.paypal.com';
export const LOCAL_PAYMENT_LANDING_PATH = /^\/__sandbox\/lpm\/(PAY-[A-Z0-9]+)$/;
export const landingUrlOf = (payment: LocalPaymentRecord) => `${LOCAL_PAYMENT_LANDING_ORIGIN}/__sandbox/lpm/${payment.paymentId}`;

interface FieldError {
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

/**
 * The provider's client-API refusal: 422 with a message and the field errors (braintree-web turns
 * any 422 into LOCAL_PAYMENT_INVALID_PAYMENT_OPTION). Ours: the codes and messages, which the
 * provider does not document for these.
 */
function refuse(request: SandboxRequest, response: ServerResponse, errors: readonly FieldError[]): void {
  sendJson(request, response, 422, { error: { message: errors.map((error) => error.message).join(' ') }, fieldErrors: errors });
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

/** Required fields, each missing one named by its wire path. */
function requireFields(object: JsonObject, prefix: string, keys: readonly string[], errors: FieldError[]): void {
  for (const key of keys) if (text(object, key) === '') errors.push({ field: `${prefix}${key}`, code: 'required', message: `${prefix}${key} is required.` });
}

function checkPayUponInvoice(body: JsonObject, errors: FieldError[]): void {
  requireFields(body, '', ['payerEmail', 'phone', 'phoneCountryCode', 'birthDate', 'line1', 'city', 'postalCode', 'countryCode', 'correlationId'], errors);
  requireFields(objectAt(body, 'billingAddress'), 'billingAddress.', ['line1', 'city', 'postalCode', 'countryCode'], errors);
  requireFields(objectAt(body, 'experienceProfile'), 'experienceProfile.', ['locale', 'customerServiceInstructions'], errors);
  const email = text(body, 'payerEmail');
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.push({ field: 'payerEmail', code: 'invalid', message: 'payerEmail is not an email address.' });
  const birthDate = text(body, 'birthDate');
  if (birthDate && !(/^\d{4}-\d{2}-\d{2}$/.test(birthDate) && !Number.isNaN(Date.parse(birthDate)) && Date.parse(birthDate) < Date.now())) {
    errors.push({ field: 'birthDate', code: 'invalid', message: 'birthDate must be a past date as YYYY-MM-DD.' });
  }
  if (text(objectAt(body, 'billingAddress'), 'countryCode') && text(objectAt(body, 'billingAddress'), 'countryCode').toUpperCase() !== 'DE') {
    errors.push({ field: 'billingAddress.countryCode', code: 'unsupported', message: 'Pay upon invoice needs a billing address in Germany.' });
  }
  const items = body.lineItems;
  if (!Array.isArray(items) || items.length === 0) {
    errors.push({ field: 'lineItems', code: 'required', message: 'lineItems is required.' });
    return;
  }
  items.forEach((item, index) => requireFields(isObject(item) ? item : {}, `lineItems[${index}].`, ['category', 'name', 'quantity', 'unitAmount', 'unitTaxAmount'], errors));
}

/**
 * BLIK's code, typed on the merchant's page (level 0) or with a one-click alias: first use (a code
 * and the alias's label) or later use (the key of an alias an approved payment registered).
 */
function checkBlikOptions(context: SandboxContext, options: JsonObject, errors: FieldError[]): void {
  const code = (value: string, field: string) => {
    if (!/^\d{6}$/.test(value)) errors.push({ field, code: 'invalid', message: 'The BLIK code must be 6 digits.' });
    else if (value === BLIK_REFUSED_CODE) errors.push({ field, code: 'refused', message: 'The bank refused this BLIK code: it is wrong or has expired.' });
  };
  if (isObject(options.level_0)) code(text(options.level_0, 'authCode'), 'blikOptions.level_0.authCode');
  else if (isObject(options.oneClick)) {
    const oneClick = options.oneClick;
    if (text(oneClick, 'aliasKey') !== '') {
      requireFields(oneClick, 'blikOptions.oneClick.', ['consumerReference'], errors);
      const consumerReference = text(oneClick, 'consumerReference');
      if (consumerReference !== '' && !findAlias(context, consumerReference, text(oneClick, 'aliasKey'))) {
        errors.push({ field: 'blikOptions.oneClick.aliasKey', code: 'unknown', message: 'This BLIK one-click alias is not registered for this payer; pay with a BLIK code.' });
      }
    } else {
      requireFields(oneClick, 'blikOptions.oneClick.', ['consumerReference', 'aliasLabel'], errors);
      code(text(oneClick, 'authCode'), 'blikOptions.oneClick.authCode');
    }
  } else errors.push({ field: 'blikOptions', code: 'invalid', message: 'blikOptions needs level_0 or oneClick.' });
}

/** The merchant account the payment is for: the one named, else the client token's, else the default. */
function merchantAccountOf(context: SandboxContext, token: ClientTokenRecord, body: JsonObject): string {
  return text(body, 'merchantAccountId') || token.merchantAccountId || defaultMerchantAccount(context.config);
}

/** POST local_payments/create. */
export async function createLocalPayment(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): Promise<void> {
  if (context.config.localPaymentCreateDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, context.config.localPaymentCreateDelayMs));
  const errors: FieldError[] = [];
  const paymentType = text(body, 'fundingSource').toLowerCase();
  const type = Object.hasOwn(LOCAL_PAYMENT_TYPES, paymentType) ? LOCAL_PAYMENT_TYPES[paymentType] : null;
  if (!type) errors.push({ field: 'fundingSource', code: 'unsupported', message: `Payment type must be one of ${Object.keys(LOCAL_PAYMENT_TYPES).join(', ')}.` });
  const amount = text(body, 'amount');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) errors.push({ field: 'amount', code: 'invalid', message: 'Amount must be a positive number with at most two decimals.' });
  const currency = text(body, 'currencyIsoCode').toUpperCase();
  const merchantAccountId = merchantAccountOf(context, token, body);
  const accountCurrency = Object.hasOwn(context.config.merchantAccounts, merchantAccountId) ? context.config.merchantAccounts[merchantAccountId] : null;
  if (!accountCurrency) errors.push({ field: 'merchantAccountId', code: 'invalid', message: `Merchant account ${merchantAccountId} does not exist.` });
  else if (currency !== accountCurrency) errors.push({ field: 'currencyIsoCode', code: 'mismatch', message: `Currency ${currency || '(none)'} does not match merchant account ${merchantAccountId} (${accountCurrency}).` });
  else if (type && !type.currencies.includes(currency)) errors.push({ field: 'currencyIsoCode', code: 'unsupported', message: `${type.label} takes ${type.currencies.join(', ')} only.` });
  const intent = text(body, 'intent');
  if (intent && intent !== 'sale') errors.push({ field: 'intent', code: 'invalid', message: 'Intent must be sale.' });
  requireFields(body, '', ['firstName', 'lastName'], errors);

  const blikOptions = isObject(body.blikOptions) ? body.blikOptions : null;
  const deferred = type?.deferred === 'always' || (paymentType === 'blik' && blikOptions !== null && (isObject(blikOptions.level_0) || isObject(blikOptions.oneClick)));
  if (paymentType === 'pay_upon_invoice') checkPayUponInvoice(body, errors);
  if (paymentType === 'blik' && blikOptions) checkBlikOptions(context, blikOptions, errors);
  if (paymentType === 'mbway' || paymentType === 'bancomatpay') {
    if (!/^\d{6,14}$/.test(text(body, 'phone'))) errors.push({ field: 'phone', code: 'invalid', message: 'phone must be 6 to 14 digits.' });
    if (!/^\d{1,3}$/.test(text(body, 'phoneCountryCode'))) errors.push({ field: 'phoneCountryCode', code: 'invalid', message: 'phoneCountryCode must be 1 to 3 digits.' });
  }
  if (!deferred) {
    for (const key of ['returnUrl', 'cancelUrl']) if (!isHttpUrl(text(body, key))) errors.push({ field: key, code: 'invalid', message: `${key} must be an http or https URL.` });
  }
  if (errors.length > 0) return refuse(request, response, errors);

  const now = new Date().toISOString();
  const profile = objectAt(body, 'experienceProfile');
  const payment: LocalPaymentRecord = {
    paymentId: newPaymentId(),
    token: newPaymentToken(),
    paymentType,
    deferred,
    amount: Number(amount).toFixed(2),
    currency,
    merchantAccountId,
    displayName: text(profile, 'brandName') || context.config.displayName,
    payerEmail: text(body, 'payerEmail') || null,
    givenName: text(body, 'firstName'),
    surname: text(body, 'lastName'),
    returnUrl: deferred ? null : text(body, 'returnUrl'),
    cancelUrl: deferred ? null : text(body, 'cancelUrl'),
    customerId: token.customerId,
    createdAt: now,
    status: 'created',
    payerId: null,
    nonce: null,
    transactionId: null,
    updatedAt: now,
  };
  const oneClick = paymentType === 'blik' && blikOptions && isObject(blikOptions.oneClick) ? blikOptions.oneClick : null;
  if (oneClick && text(oneClick, 'aliasKey') === '') markOneClickRegistration(payment, text(oneClick, 'consumerReference'), text(oneClick, 'aliasLabel'));
  context.store.state.localPayments[payment.paymentId] = payment;
  context.store.save();
  // A deferred payment has no page to send the payer to: braintree-web fails it if one comes back.
  sendJson(request, response, 201, { paymentResource: { paymentToken: payment.paymentId, redirectUrl: deferred ? null : landingUrlOf(payment), intent: 'sale' } });
}

/** Whether a paypal_accounts call is a local payment's (its paymentToken is a local payment id). */
export function isLocalPaymentTokenization(context: SandboxContext, body: JsonObject): boolean {
  const account = objectAt(body, 'paypalAccount');
  return findLocalPayment(context, text(account, 'paymentToken')) !== null;
}

/** POST payment_methods/paypal_accounts for a local payment: its one nonce, once approved. */
export function tokenizeLocalPayment(request: SandboxRequest, response: ServerResponse, context: SandboxContext, body: JsonObject): void {
  const account = objectAt(body, 'paypalAccount');
  const payment = findLocalPayment(context, text(account, 'paymentToken'));
  const invalid = (message: string) => sendJson(request, response, 422, { error: { message } });
  if (!payment) return invalid('Unknown local payment.');
  if (payment.status === 'created') return invalid('The payer has not approved this payment.');
  if (payment.status !== 'approved') return invalid(`This payment is ${payment.status} and can no longer be tokenized.`);
  if (text(account, 'payerId') !== payment.payerId) return invalid('Payer ID does not match the approved payment.');
  const record = nonceOf(context, payment);
  payment.status = 'tokenized';
  payment.updatedAt = new Date().toISOString();
  context.store.save();
  sendJson(request, response, 201, {
    paypalAccounts: [
      {
        type: 'PayPalAccount',
        nonce: record.nonce,
        description: 'PayPal',
        consumed: false,
        details: {
          correlationId: text(account, 'correlationId') || payment.token,
          payerInfo: { email: payment.payerEmail, firstName: payment.givenName, lastName: payment.surname, payerId: payment.payerId },
        },
      },
    ],
  });
}
