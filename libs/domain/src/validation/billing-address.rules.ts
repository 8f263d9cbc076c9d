import { hasRegionList, regionsOf } from '../reference/regions';
import { Messages } from './messages';
import type { FormSchema, Rule } from './rule';
import { maxLength, noInvalidChars, required, vatIdCharacters, type Blacklist } from './rules';

/** The billing address of spec 1 §3, as the form holds it. */
export interface BillingAddressForm {
  readonly line_1: string;
  readonly line_2: string;
  readonly line_3: string;
  readonly city: string;
  readonly county: string;
  readonly state: string;
  readonly postal_code: string;
  readonly country: string;
  readonly vat_id: string;
}

export type BillingField = keyof BillingAddressForm;

/** Address lines may not contain these, nor a double hyphen (spec 1 §5). */
export const ADDRESS_BLACKLIST: Blacklist = { characters: '`~@$%§^*=[]{}|<>?";:¬\\', doubleHyphen: true };
export const ADDRESS_FIELD_MAX = 255;
export const LINE_1_WARNING_LENGTH = 45;

const REQUIRED_FIELDS: readonly BillingField[] = ['line_1', 'city', 'postal_code', 'country'];

/** Whether a field must be filled for this country: the state only where the country lists states. */
export function isBillingFieldRequired(field: BillingField, country: string): boolean {
  if (field === 'state') return hasRegionList(country);
  return REQUIRED_FIELDS.includes(field);
}

// Our choice: the labels the spec does not give (it fixes only 'Province/Territory' and 'Zip Code').
const BASE_LABELS: Record<BillingField, string> = {
  line_1: 'Address line 1',
  line_2: 'Address line 2',
  line_3: 'Address line 3',
  city: 'Town/City',
  county: 'County',
  state: 'State',
  postal_code: 'Postal code',
  country: 'Country',
  vat_id: 'Tax ID',
};

/** The label of a billing field for a country, with ' (optional)' when the field is not required. */
export function billingFieldLabel(field: BillingField, country: string): string {
  let label = BASE_LABELS[field];
  if (field === 'state' && (country === 'CA' || country === 'IT')) label = 'Province/Territory';
  if (field === 'postal_code' && country === 'US') label = 'Zip Code';
  return isBillingFieldRequired(field, country) ? label : `${label}${Messages.optionalSuffix}`;
}

/** The label without the optional suffix, as used in '{label} is required'. */
function bareLabel(field: BillingField, country: string): string {
  return billingFieldLabel(field, country).replace(Messages.optionalSuffix, '');
}

const addressLineRules: readonly Rule[] = [maxLength(ADDRESS_FIELD_MAX), noInvalidChars(ADDRESS_BLACKLIST)];

const stateRule: Rule<unknown, BillingAddressForm> = (value, form) => {
  const country = form?.country ?? '';
  if (!hasRegionList(country)) return null;
  const code = typeof value === 'string' ? value.trim() : '';
  if (code === '') return Messages.required(bareLabel('state', country));
  // Our choice: a state must be one of the country's list, not free text.
  return regionsOf(country).some((region) => region.code === code) ? null : Messages.noInvalidChars;
};

const requiredFor =
  (field: BillingField): Rule<unknown, BillingAddressForm> =>
  (value, form) =>
    required(bareLabel(field, form?.country ?? ''))(value);

/** The rules of the billing address form (spec 1 §5). */
export const billingAddressSchema: FormSchema<BillingAddressForm> = {
  line_1: [requiredFor('line_1'), ...addressLineRules],
  line_2: addressLineRules,
  line_3: addressLineRules,
  city: [requiredFor('city'), ...addressLineRules],
  county: addressLineRules,
  state: [stateRule],
  postal_code: [requiredFor('postal_code'), ...addressLineRules],
  country: [requiredFor('country'), maxLength(ADDRESS_FIELD_MAX)],
  vat_id: [maxLength(ADDRESS_FIELD_MAX), vatIdCharacters],
} as FormSchema<BillingAddressForm>;

/** Spaces are stripped from the tax ID when the field loses focus (spec 1 §5). */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}

/** A warning, not an error: a long first line with a comma is probably a whole address. */
export function line1Warning(line1: string): string | null {
  return line1.includes(',') && line1.length > LINE_1_WARNING_LENGTH ? Messages.line1TooLong : null;
}
