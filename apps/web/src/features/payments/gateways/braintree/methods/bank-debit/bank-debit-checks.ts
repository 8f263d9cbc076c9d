// What the two bank debits (SEPA direct debit, US bank account) check in the page before the
// provider sees anything, and what each of braintree-web's errors tells the shopper. The provider
// swallows a refused IBAN into SEPA_CREATE_MANDATE_FAILED and reports a refused routing number as a
// network error, so the page must catch what it can itself.
import { ErrorCatalogue, SEPA_COUNTRIES } from '@store/domain';
import { electronicFormatIBAN, extractIBAN, validateIBAN, ValidationErrorsIBAN } from 'ibantools';

/** Ours: the words at each SEPA field, one per check of spec 3 §5 the shopper can put right. */
export const SEPA_MESSAGES = {
  ibanEmpty: 'Please enter your IBAN.',
  ibanCountry: 'This IBAN does not start with a country code. Please check it.',
  ibanLength: 'This IBAN has the wrong number of characters for its country. Please check it.',
  ibanChecksum: 'This IBAN is not valid. Please check it for typing mistakes.',
  ibanNotSepa: 'Only IBANs of the SEPA countries can be debited. Please use another account.',
  holderEmpty: "Please enter the account holder's name.",
  holderTooLong: "The account holder's name can have at most 70 characters.",
  countryMissing: 'Please enter your billing address first.',
  countryNotSepa: 'SEPA Direct Debit is only available for billing addresses in the SEPA countries.',
} as const;

export type SepaField = 'iban' | 'accountHolderName' | 'countryCode';
export type SepaProblems = Partial<Record<SepaField | 'form', string>>;

/** The IBAN as the provider takes it: no spaces, upper case. */
export const ibanOf = (typed: string): string => electronicFormatIBAN(typed) ?? '';

/** What is wrong with the typed IBAN (country, length for that country, check digits), or null. */
export function ibanProblem(typed: string): string | null {
  const iban = ibanOf(typed);
  if (!iban) return SEPA_MESSAGES.ibanEmpty;
  const { valid, errorCodes } = validateIBAN(iban);
  if (!valid) {
    if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) return SEPA_MESSAGES.ibanCountry;
    if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) return SEPA_MESSAGES.ibanLength;
    return SEPA_MESSAGES.ibanChecksum;
  }
  const country = extractIBAN(iban).countryCode ?? '';
  return SEPA_COUNTRIES.includes(country) ? null : SEPA_MESSAGES.ibanNotSepa;
}

/** The last four characters of the IBAN, as the mandate and the result name the account. */
export const ibanLastFour = (typed: string): string => ibanOf(typed).slice(-4);

/** Every check of the SEPA form: IBAN, holder, and the billing country the mandate is signed in. */
export function sepaProblems(input: { readonly iban: string; readonly accountHolderName: string; readonly billingCountry: string }): SepaProblems {
  const problems: SepaProblems = {};
  const iban = ibanProblem(input.iban);
  if (iban) problems.iban = iban;
  const holder = input.accountHolderName.trim();
  if (!holder) problems.accountHolderName = SEPA_MESSAGES.holderEmpty;
  else if (holder.length > 70) problems.accountHolderName = SEPA_MESSAGES.holderTooLong;
  const country = input.billingCountry.toUpperCase();
  if (!country) problems.countryCode = SEPA_MESSAGES.countryMissing;
  else if (!SEPA_COUNTRIES.includes(country)) problems.countryCode = SEPA_MESSAGES.countryNotSepa;
  return problems;
}

/**
 * What the shopper hears for each of the sepa module's errors (spec 3 §8), by catalogue code: the
 * bank debits' own words, since a mandate is neither a charge nor a payment window.
 */
export function sepaFailureCode(providerCode: string | undefined): number {
  switch (providerCode) {
    case 'SEPA_CUSTOMER_CANCELED':
      // The module reports Cancel and a closed window alike (spec 3 §4).
      return ErrorCatalogue.SEPA_MANDATE_NOT_APPROVED.code;
    case 'SEPA_TRANSACTION_FAILED':
      // Only after the mandate was approved: the shopper should know the mandate itself went through.
      return ErrorCatalogue.SEPA_DEBIT_NOT_SET_UP.code;
    case 'SEPA_TOKENIZE_MISSING_REQUIRED_OPTION':
    case 'SEPA_INVALID_MANDATE_TYPE':
      // The store's own request was wrong: trying again cannot help.
      return ErrorCatalogue.SEPA_UNAVAILABLE.code;
    case 'SEPA_CREATE_MANDATE_FAILED':
    case 'SEPA_TOKENIZATION_FAILED':
    default:
      return ErrorCatalogue.SEPA_MANDATE_FAILED.code;
  }
}

/** Ours: the words at each US bank account field. */
export const ACH_MESSAGES = {
  routingEmpty: 'Please enter the routing number.',
  routingInvalid: 'This routing number is not valid. It has 9 digits: please check them.',
  accountEmpty: 'Please enter the account number.',
  accountInvalid: 'The account number has 4 to 17 digits.',
  businessNameEmpty: 'Please enter the business name.',
  mandateNotAccepted: 'Please accept the authorization to debit your account.',
  addressMissing: 'Please enter your billing address first.',
  refusedRouting: 'Your bank did not recognise this routing number. Please check it.',
  refusedAccount: 'Your bank did not accept this account number. Please check it.',
} as const;

export type AchField = 'routingNumber' | 'accountNumber' | 'businessName' | 'mandate' | 'address';
export type AchProblems = Partial<Record<AchField | 'form', string>>;

const digitsOf = (typed: string) => typed.replace(/[\s-]/g, '');

/** The ABA routing number's checksum: 3·d1 + 7·d2 + d3 + 3·d4 … ≡ 0 (mod 10), over nine digits. */
export function abaRoutingValid(typed: string): boolean {
  const digits = digitsOf(typed);
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  return sum % 10 === 0;
}

export const routingNumberOf = digitsOf;
export const accountNumberOf = digitsOf;

export function achProblems(input: {
  readonly routingNumber: string;
  readonly accountNumber: string;
  readonly ownershipType: 'personal' | 'business';
  readonly businessName: string;
  readonly mandateAccepted: boolean;
  readonly hasAddress: boolean;
}): AchProblems {
  const problems: AchProblems = {};
  const routing = digitsOf(input.routingNumber);
  if (!routing) problems.routingNumber = ACH_MESSAGES.routingEmpty;
  else if (!abaRoutingValid(routing)) problems.routingNumber = ACH_MESSAGES.routingInvalid;
  const account = digitsOf(input.accountNumber);
  if (!account) problems.accountNumber = ACH_MESSAGES.accountEmpty;
  else if (!/^\d{4,17}$/.test(account)) problems.accountNumber = ACH_MESSAGES.accountInvalid;
  if (input.ownershipType === 'business' && !input.businessName.trim()) problems.businessName = ACH_MESSAGES.businessNameEmpty;
  if (!input.hasAddress) problems.address = ACH_MESSAGES.addressMissing;
  if (!input.mandateAccepted) problems.mandate = ACH_MESSAGES.mandateNotAccepted;
  return problems;
}

interface GraphQlError {
  readonly message?: unknown;
  readonly extensions?: { readonly errorClass?: unknown; readonly inputPath?: unknown };
}

/** The provider's GraphQL errors that braintree-web wraps two levels down in its error's details. */
function graphQlErrorsOf(error: unknown): readonly GraphQlError[] {
  const inner = (error as { details?: { originalError?: { details?: { originalError?: unknown } } } } | null)?.details?.originalError?.details?.originalError;
  return Array.isArray(inner) ? (inner as GraphQlError[]) : [];
}

/**
 * What the us-bank-account module's refusal means. braintree-web 3.124.0 reports the provider's
 * refusal of bank details (HTTP 200 with a GraphQL errors list) as a network error, so a network
 * error with validation errors inside is the details, shown at their field; a real network
 * failure says so.
 */
export function achFailure(providerCode: string | undefined, error: unknown): { readonly code: number; readonly fields: AchProblems } {
  const validation = graphQlErrorsOf(error).filter((item) => item.extensions?.errorClass === 'VALIDATION');
  if (validation.length > 0 || providerCode === 'US_BANK_ACCOUNT_FAILED_TOKENIZATION' || providerCode === 'US_BANK_ACCOUNT_BAD_REQUEST') {
    const fields: AchProblems = {};
    for (const item of validation) {
      const words = `${String(item.message ?? '')} ${JSON.stringify(item.extensions?.inputPath ?? '')}`.toLowerCase();
      if (words.includes('routing')) fields.routingNumber = ACH_MESSAGES.refusedRouting;
      else if (words.includes('account')) fields.accountNumber = ACH_MESSAGES.refusedAccount;
    }
    return { code: ErrorCatalogue.BANK_ACCOUNT_DETAILS_REFUSED.code, fields };
  }
  if (providerCode === 'US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR') return { code: ErrorCatalogue.BANK_ACCOUNT_NETWORK_FAILED.code, fields: {} };
  // Not switched on for the store, bank login (never offered), or options the store got wrong: nothing the shopper can change.
  if (
    providerCode === 'US_BANK_ACCOUNT_NOT_ENABLED' ||
    providerCode === 'US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED' ||
    providerCode === 'US_BANK_ACCOUNT_OPTION_REQUIRED' ||
    providerCode === 'US_BANK_ACCOUNT_MUTUALLY_EXCLUSIVE_OPTIONS'
  ) {
    return { code: ErrorCatalogue.BANK_ACCOUNT_UNAVAILABLE.code, fields: {} };
  }
  return { code: ErrorCatalogue.BANK_ACCOUNT_FAILED.code, fields: {} };
}
