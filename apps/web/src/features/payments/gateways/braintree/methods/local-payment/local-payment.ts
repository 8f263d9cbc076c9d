// What the four local payment methods (spec 3 §1) share: braintree-web's local-payment module,
// loaded and made once for them all, the start options every type takes, the phone number and the
// invoice's lines, and what each of the module's errors tells the shopper.
import {
  ErrorCatalogue,
  methodAvailable,
  money,
  paymentMethod,
  prorate,
  toDecimalString,
  type BasketJson,
  type CustomerJson,
  type LocalPaymentMethod,
  type PaymentMethodDescriptor,
} from '@store/domain';
import type { Client } from 'braintree-web/client';
import type { LocalPayment, LocalPaymentAddress, LocalPaymentLineItem, LocalPaymentStartOptions } from 'braintree-web/local-payment';
import { yieldToMain } from '../../../../../../lib/yield-to-main';
import type { LocalPaymentEnd } from '../../../../../orders';
import type { MethodSetUp, OfferFacts } from '../../method';

type LocalPaymentModule = typeof import('braintree-web/local-payment');

/** The module and its popup instance, shared by the four methods: one payment in progress at a time (spec 3 §4). */
export interface LocalPaymentKit {
  readonly module: LocalPaymentModule;
  readonly client: Client;
  /** The popup flow's instance (its frame service); the deferred types start through it too. */
  readonly popup: LocalPayment;
}

/** Spec 3 §2: the local payment popup is 1282x720 (big enough for the banks' QR codes). */
export const LOCAL_PAYMENT_WINDOW = { width: 1282, height: 720 } as const;

/**
 * Ours: how long the provider's window may stay open before the page gives up (the provider lets an
 * unapproved payment expire after 15 minutes, so a later approval could not be charged anyway).
 */
export const LOCAL_PAYMENT_WINDOW_LIMIT_MS = 15 * 60_000;

/** Ours: what the provider's page names as the way back to the store. */
export const RETURN_BUTTON_TEXT = 'Return to Affinity Store';
export const CANCEL_BUTTON_TEXT = 'Cancel and return to Affinity Store';

/** The return page of the redirect flow (and the popup's fallback), a route of the store. */
export const returnPath = (urlLocale: string) => `/${urlLocale}/checkout/local-payment/`;

let loading: Promise<LocalPaymentModule> | null = null;
const made = new WeakMap<Client, Promise<LocalPaymentKit>>();

const LOCAL_METHODS = ['blik', 'mbway', 'bancomatpay', 'pay-upon-invoice'] as const satisfies readonly LocalPaymentMethod[];

/** Whether any local method can charge this currency: only then is the module worth downloading. */
const anyLocalMethodFor = (currency: string) =>
  LOCAL_METHODS.some((key) => {
    const currencies = paymentMethod(key).availability.currencies;
    return currencies === 'any' || currencies.includes(currency.toUpperCase());
  });

/**
 * A local method's set-up: the module downloads once however many methods want it, and is made once
 * per gateway client (braintree-web's frame service), within the gateway's load limit.
 */
export function localPaymentSetUp(what: string): MethodSetUp<LocalPaymentModule, LocalPaymentKit> {
  return {
    what,
    load: ({ checkout, currency }) => {
      if (!checkout.local_payments || !anyLocalMethodFor(currency)) return null;
      loading ??= import('braintree-web/local-payment').catch((error: unknown) => {
        // A failed download may be retried by the next set-up.
        loading = null;
        throw error;
      });
      return loading;
    },
    make: (module, client) => {
      let kit = made.get(client);
      if (!kit) {
        kit = (async () => {
          await yieldToMain();
          return { module, client, popup: await module.create({ client }) };
        })();
        made.set(client, kit);
        kit.catch(() => made.delete(client));
      }
      return kit;
    },
  };
}

/** Offered where the domain's rule says (country, currency, the store's switch) once the module is made. */
export function localMethodOffered(key: LocalPaymentMethod) {
  const descriptor = paymentMethod(key) as PaymentMethodDescriptor;
  return ({ checkout, country, currency }: OfferFacts, instance: LocalPaymentKit | null): boolean =>
    instance !== null && methodAvailable(descriptor, { billingCountry: country, currency, flags: checkout.local_payments ? ['local-payments'] : [] });
}

/** The provider's payment type of a method (spec 3 §1). */
export const paymentTypeOf = (key: LocalPaymentMethod): string => paymentMethod(key).localPaymentType ?? key;

/** The billing address in the module's shape (spec 3 §3); the shipping address is the same (software). */
export function addressOf(customer: CustomerJson): LocalPaymentAddress {
  const billing = customer.billing;
  if (!billing) return {};
  const extended = [billing.line_2, billing.line_3].filter((line): line is string => Boolean(line?.trim())).join(', ');
  const region = billing.state ?? billing.county;
  return {
    streetAddress: billing.line_1,
    ...(extended ? { extendedAddress: extended } : {}),
    locality: billing.city,
    ...(region ? { region } : {}),
    postalCode: billing.postal_code,
    countryCode: billing.country,
  };
}

/**
 * The options every type takes (spec 3 §3): the amount and currency, the payment type, the
 * customer's name and email, the billing address, no shipping (software), the way back for the
 * redirect (and the popup's fallback), the popup's size.
 */
export function baseStartOptions(input: {
  readonly method: LocalPaymentMethod;
  readonly amount: string;
  readonly currency: string;
  readonly customer: CustomerJson;
  readonly returnUrl: string;
}): Omit<LocalPaymentStartOptions, 'onPaymentStart'> {
  const { customer } = input;
  const address = addressOf(customer);
  return {
    paymentType: paymentTypeOf(input.method),
    amount: input.amount,
    currencyCode: input.currency,
    givenName: customer.first_name,
    surname: customer.last_name,
    email: customer.email,
    ...(address.countryCode ? { paymentTypeCountryCode: address.countryCode } : {}),
    address,
    shippingAddressRequired: false,
    fallback: { url: input.returnUrl, buttonText: RETURN_BUTTON_TEXT, cancelUrl: input.returnUrl, cancelButtonText: CANCEL_BUTTON_TEXT },
    windowOptions: { ...LOCAL_PAYMENT_WINDOW },
  };
}

/** A phone number as the provider takes it (spec 3 §3): the national number and the country calling code, digits only. */
export interface PhoneNumber {
  readonly countryCode: string;
  readonly number: string;
}

/** Ours: the words of the phone number's checks, at each field. */
export const PHONE_MESSAGES = {
  countryCodeMissing: 'Enter the country calling code, such as 351.',
  countryCodeInvalid: 'The country calling code is 1 to 3 digits, such as 351 (without + or 00).',
  numberMissing: 'Enter your mobile phone number.',
  numberInvalid: 'Enter the mobile number without the country code: 6 to 14 digits.',
} as const;

/** The calling codes of the countries the local methods are offered in (prefilled for the shopper). */
export const CALLING_CODES: Readonly<Record<string, string>> = { PL: '48', PT: '351', IT: '39', DE: '49' };

/** Reads what the shopper typed: spaces, dots, dashes and brackets go; a leading + or 00 on the code too. */
export function readPhone(countryCode: string, number: string): { readonly phone?: PhoneNumber; readonly errors: { countryCode?: string; number?: string } } {
  const code = countryCode.trim().replace(/^(\+|00)/, '');
  const digits = number.replace(/[\s.\-()/]/g, '');
  const errors: { countryCode?: string; number?: string } = {};
  if (code === '') errors.countryCode = PHONE_MESSAGES.countryCodeMissing;
  else if (!/^\d{1,3}$/.test(code)) errors.countryCode = PHONE_MESSAGES.countryCodeInvalid;
  if (digits === '') errors.number = PHONE_MESSAGES.numberMissing;
  else if (!/^\d{6,14}$/.test(digits)) errors.number = PHONE_MESSAGES.numberInvalid;
  return errors.countryCode || errors.number ? { errors } : { phone: { countryCode: code, number: digits }, errors };
}

/**
 * The invoice's lines (pay upon invoice, spec 3 §3): each basket line at its price after discount,
 * split into its net and its share of the basket's tax, per unit. A line whose amounts do not divide
 * evenly by its quantity goes as one unit named with the quantity, so that the lines add up to the
 * total to the cent, as the provider checks.
 */
export function invoiceLineItems(basket: BasketJson): LocalPaymentLineItem[] {
  const totals = basket.pricing.total_with_discount_applied ?? basket.pricing.total;
  const currency = totals.gross.currency;
  const inclusive = basket.pricing.tax_inclusive;
  const lines = basket.lines.filter((line) => line.total.amount_minor - line.discount.amount_minor > 0);
  const charged = lines.map((line) => line.total.amount_minor - line.discount.amount_minor);
  const taxes = prorate(charged, totals.tax.amount_minor);
  return lines.map((line, index) => {
    const tax = taxes[index];
    const net = inclusive ? charged[index] - tax : charged[index];
    const even = net % line.quantity === 0 && tax % line.quantity === 0;
    const quantity = even ? line.quantity : 1;
    const decimal = (minor: number) => toDecimalString(money(minor / quantity, currency));
    return {
      category: 'DIGITAL_GOODS',
      name: (even || line.quantity === 1 ? line.name : `${line.quantity} × ${line.name}`).slice(0, 127),
      quantity: String(quantity),
      unitAmount: decimal(net),
      unitTaxAmount: decimal(tax),
    };
  });
}

/** What the shopper is told when a local payment does not go through, and why the order is ended. */
export interface LocalPaymentFailure {
  /** The catalogue's entry (its words are the shopper's). */
  readonly code: number;
  /** CANCEL_LOCAL_PAYMENT's reason when an order was reserved; null leaves the order alone (another payment holds it). */
  readonly reason: LocalPaymentEnd | null;
}

/** Our own failure: the provider's window stayed open past the limit. */
export const TIMED_OUT = 'LOCAL_PAYMENT_TIMED_OUT';

/** Spec 3 §8: each error of the local-payment module, with the shopper's message and the order's end. */
export function localPaymentFailure(code: string | undefined): LocalPaymentFailure {
  switch (code) {
    case 'LOCAL_PAYMENT_CANCELED':
      return { code: ErrorCatalogue.LOCAL_PAYMENT_CANCELED.code, reason: 'canceled' };
    case 'LOCAL_PAYMENT_WINDOW_CLOSED':
      return { code: ErrorCatalogue.LOCAL_PAYMENT_WINDOW_CLOSED.code, reason: 'window-closed' };
    case 'LOCAL_PAYMENT_WINDOW_OPEN_FAILED':
      return { code: ErrorCatalogue.LOCAL_PAYMENT_WINDOW_BLOCKED.code, reason: 'failed' };
    case TIMED_OUT:
      return { code: ErrorCatalogue.LOCAL_PAYMENT_TIMED_OUT.code, reason: 'timeout' };
    case 'LOCAL_PAYMENT_ALREADY_IN_PROGRESS':
      // The other payment goes on: nothing of ours to end.
      return { code: ErrorCatalogue.LOCAL_PAYMENT_IN_PROGRESS.code, reason: null };
    case 'LOCAL_PAYMENT_INVALID_PAYMENT_OPTION':
    case 'LOCAL_PAYMENT_START_PAYMENT_MISSING_REQUIRED_OPTION':
      return { code: ErrorCatalogue.LOCAL_PAYMENT_DETAILS_REFUSED.code, reason: 'failed' };
    case 'LOCAL_PAYMENT_NOT_ENABLED':
      return { code: ErrorCatalogue.LOCAL_PAYMENT_NOT_ENABLED.code, reason: 'failed' };
    default:
      // START_PAYMENT_FAILED (also the provider's processing_error in the window), the deferred
      // type's unexpected redirect, TOKENIZATION_FAILED, or anything unforeseen.
      return { code: ErrorCatalogue.LOCAL_PAYMENT_FAILED.code, reason: 'failed' };
  }
}

/** The option braintree-web names in "Missing required '{option}' option." (spec 3 §5), or null. */
export function missingOptionOf(error: unknown): string | null {
  const details = typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : undefined;
  const match = typeof details === 'string' ? /^Missing required '([^']+)' option\.$/.exec(details) : null;
  return match ? match[1] : null;
}

/** A braintree-web error's code. */
export const providerCodeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
