import type { AccountType } from '../accounts/account-types';
import type { Gateway } from '../journey/journey';
import { VAT_ID_FIELD_COUNTRIES } from '../reference/vat-id-countries';

/** The US and the territories where a sales-tax exemption certificate applies (spec 2 §4, §9). */
export const TAX_EXEMPTION_COUNTRIES: readonly string[] = ['US', 'PR', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI'];

/**
 * The exemption block shows after billing when the country is in the US list, the account is not
 * personal and the merchant of record takes the payment; a complimentary order hides it (spec 2 §4).
 */
export function showsTaxExemption(input: {
  readonly billingCountry: string;
  readonly accountType: AccountType;
  readonly gateway: Gateway | null;
  readonly orderIsComplimentary: boolean;
}): boolean {
  return (
    TAX_EXEMPTION_COUNTRIES.includes(input.billingCountry) &&
    input.accountType !== 'personal' &&
    input.gateway === 'digital-river' &&
    !input.orderIsComplimentary
  );
}

/** JP skips the tax ID check (spec 1 §9). */
export function skipsTaxIdCheck(country: string): boolean {
  return country === 'JP';
}

/** A tax ID given by a business or institution outside JP is checked before the address is saved (spec 1 §4). */
export function shouldCheckTaxId(input: { readonly vatId: string | null; readonly accountType: AccountType; readonly country: string }): boolean {
  return Boolean(input.vatId && input.vatId.trim() !== '') && input.accountType !== 'personal' && !skipsTaxIdCheck(input.country);
}

/** The Tax ID field shows only for business or education accounts in the listed countries (spec 1 §5). */
export function showsTaxIdField(
  accountType: AccountType,
  country: string,
  vatIdFieldCountries: readonly string[] = VAT_ID_FIELD_COUNTRIES,
): boolean {
  return accountType !== 'personal' && vatIdFieldCountries.includes(country);
}

/** Mexico requires a compliance statement when no tax is charged (spec 2 §2). */
export function showsMexicanZeroTaxStatement(billingCountry: string, taxIsZero: boolean): boolean {
  return billingCountry === 'MX' && taxIsZero;
}

/** What payment set-up has produced so far; any basket or billing change throws it away (spec 2 §4). */
export interface PaymentSetup {
  readonly gateway: Gateway | null;
  readonly session: unknown | null;
  readonly source: unknown | null;
  readonly clientToken: string | null;
  readonly isMorReady: boolean;
}

export type CheckoutChange =
  | 'change-choice'
  | 'change-quantity'
  | 'remove-line'
  | 'apply-discount'
  | 'remove-discount'
  | 'change-billing-address'
  | 'change-account-type'
  | 'sign-in';

const RESETTING_CHANGES: readonly CheckoutChange[] = [
  'change-choice',
  'change-quantity',
  'remove-line',
  'apply-discount',
  'remove-discount',
  'change-billing-address',
];

/** Basket edits and billing address changes alter the amount or the tax, so payment is set up again. */
export function resetsPaymentSetup(change: CheckoutChange): boolean {
  return RESETTING_CHANGES.includes(change);
}

export function resetPaymentSetup(): PaymentSetup {
  return { gateway: null, session: null, source: null, clientToken: null, isMorReady: false };
}

/** After a change: a fresh set-up when the change resets payment, the same one otherwise. */
export function paymentSetupAfter(change: CheckoutChange, setup: PaymentSetup): PaymentSetup {
  return resetsPaymentSetup(change) ? resetPaymentSetup() : setup;
}

/**
 * Choosing another billing country clears the state when it differs from the stored billing
 * country, and always clears the tax ID (spec 1 §4).
 */
export function onBillingCountryChange<A extends { readonly country: string; readonly state: string; readonly vat_id: string }>(
  address: A,
  newCountry: string,
  storedCountry: string | null,
): A {
  return { ...address, country: newCountry, state: newCountry !== storedCountry ? '' : address.state, vat_id: '' };
}
