import { canEnterTaxId } from '../accounts/account-permissions';
import type { AccountType } from '../accounts/account-types';
import { gatewayDescriptor, type PaymentGateway } from '../payments/payment-gateways';
import { showsVatIdField, VAT_ID_FIELD_COUNTRIES } from '../reference/vat-id-countries';

/** The US and the territories where a sales tax exemption certificate applies (spec 2 §4, §9). */
export const TAX_EXEMPTION_COUNTRIES: readonly string[] = ['US', 'PR', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI'];

export interface TaxExemptionInput {
  readonly billingCountry: string;
  readonly accountType: AccountType;
  readonly gateway: PaymentGateway | null;
  readonly orderIsComplimentary: boolean;
}

/**
 * Whether the exemption certificate block shows after billing (spec 2 §4): only organisations in
 * the US list, only when the merchant of record collects the sales tax, and never on a
 * complimentary order, which has no tax to exempt.
 */
export function showsTaxExemption(input: TaxExemptionInput): boolean {
  return (
    TAX_EXEMPTION_COUNTRIES.includes(input.billingCountry.toUpperCase()) &&
    input.accountType !== 'personal' &&
    input.gateway !== null &&
    gatewayDescriptor(input.gateway).merchantOfRecord &&
    !input.orderIsComplimentary
  );
}

/** JP tax IDs are not checked (spec 1 §9). */
export function skipsTaxIdCheck(country: string): boolean {
  return country.toUpperCase() === 'JP';
}

export interface TaxIdCheckInput {
  readonly vatId: string | null | undefined;
  readonly accountType: AccountType;
  readonly country: string;
}

/**
 * Whether the billing submit checks the tax ID before saving the address (spec 1 §4): a tax ID
 * given by a business or institution outside JP. A blank field is no tax ID.
 */
export function shouldCheckTaxId(input: TaxIdCheckInput): boolean {
  const given = (input.vatId ?? '').trim() !== '';
  return given && canEnterTaxId(input.accountType) && !skipsTaxIdCheck(input.country);
}

/** Shows the Tax ID field only to business or education accounts in the listed countries (spec 1 §5). */
export function showsTaxIdField(
  accountType: AccountType,
  country: string,
  vatIdFieldCountries: readonly string[] = VAT_ID_FIELD_COUNTRIES,
): boolean {
  return canEnterTaxId(accountType) && showsVatIdField(country, vatIdFieldCountries);
}

/** Mexico requires a compliance statement on a merchant-of-record order that charges no tax (spec 2 §2). */
export function isMexicanZeroTaxStatement(billingCountry: string, taxIsZero: boolean): boolean {
  return billingCountry.toUpperCase() === 'MX' && taxIsZero;
}
