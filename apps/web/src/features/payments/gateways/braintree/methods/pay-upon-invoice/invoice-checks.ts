import type { CustomerJson } from '@store/domain';

/** The details of pay upon invoice the shopper gives or can put right, each shown at its own place. */
export type InvoiceField = 'birthDate' | 'phone' | 'phoneCountryCode' | 'email' | 'address';
export type InvoiceProblems = Partial<Record<InvoiceField | 'form', string>>;

/** Ours: Ratepay invoices adults only. */
export const MINIMUM_AGE = 18;

/**
 * Ours: the shopper's words for spec 3 §5's required options of pay upon invoice (the library's
 * "Missing required '{option}' option." is for the developer), and for the provider refusing one.
 */
export const PAY_UPON_INVOICE_MESSAGES = {
  birthDateMissing: 'Enter your date of birth.',
  birthDateInvalid: 'Enter your date of birth as a date in the past.',
  tooYoung: `Pay upon invoice is for customers aged ${MINIMUM_AGE} or over. Please choose another way to pay.`,
  emailMissing: 'Your account has no email address for the invoice. Add one in your account details.',
  addressIncomplete: 'Your billing address needs a street, a postal code, a city and the country. Change it in the billing address step.',
  addressNotGermany: 'Pay upon invoice is for billing addresses in Germany.',
  nameMissing: 'Your account needs your first and last name. Add them in your account details.',
  refused: {
    birthDate: 'Ratepay could not accept this date of birth. Please check it.',
    phone: 'Ratepay could not accept this phone number. Please check it.',
    phoneCountryCode: 'Ratepay could not accept this country code. Please check it.',
    email: 'Ratepay could not accept this email address. Change it in your account details.',
    address: 'Ratepay could not accept this billing address. Please check it in the billing address step.',
    form: 'Ratepay could not accept these details. Please check them, or choose another way to pay.',
  },
} as const;

/** A date typed as YYYY-MM-DD that exists (no 31 February). */
function parseDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : null;
}

/** Whole years from birth to today (a birthday today counts). */
function ageOn(birth: Date, today: Date): number {
  const years = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday = today.getUTCMonth() < birth.getUTCMonth() || (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  return beforeBirthday ? years - 1 : years;
}

/**
 * What stops pay upon invoice before the provider is asked (spec 3 §5's required options that come
 * from the shopper): the date of birth, the phone (checked by readPhone), the email, the billing
 * address in Germany with its street, postal code, city and country, and the names.
 */
export function invoiceProblems(input: {
  readonly customer: CustomerJson;
  readonly birthDate: string;
  readonly phone: { readonly countryCode?: string; readonly number?: string };
  readonly today: Date;
}): InvoiceProblems {
  const problems: InvoiceProblems = {};
  const birth = parseDate(input.birthDate.trim());
  if (input.birthDate.trim() === '') problems.birthDate = PAY_UPON_INVOICE_MESSAGES.birthDateMissing;
  else if (!birth || birth.getTime() >= input.today.getTime()) problems.birthDate = PAY_UPON_INVOICE_MESSAGES.birthDateInvalid;
  else if (ageOn(birth, input.today) < MINIMUM_AGE) problems.birthDate = PAY_UPON_INVOICE_MESSAGES.tooYoung;
  if (input.phone.countryCode) problems.phoneCountryCode = input.phone.countryCode;
  if (input.phone.number) problems.phone = input.phone.number;
  if (!input.customer.email.trim()) problems.email = PAY_UPON_INVOICE_MESSAGES.emailMissing;
  const billing = input.customer.billing;
  if (!billing || ![billing.line_1, billing.postal_code, billing.city, billing.country].every((part) => part.trim() !== '')) {
    problems.address = PAY_UPON_INVOICE_MESSAGES.addressIncomplete;
  } else if (billing.country.toUpperCase() !== 'DE') problems.address = PAY_UPON_INVOICE_MESSAGES.addressNotGermany;
  if (!input.customer.first_name.trim() || !input.customer.last_name.trim()) problems.form = PAY_UPON_INVOICE_MESSAGES.nameMissing;
  return problems;
}
