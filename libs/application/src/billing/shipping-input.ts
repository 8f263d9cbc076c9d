import { billingAddressSchema, DomainError, err, isCountryCode, ok, validateForm, type BillingAddressForm, type Result } from '@store/domain';
import type { ShippingAddress, ShippingChoice } from './shipping.ports';

export type ShippingAddressInput = Partial<Record<Exclude<keyof BillingAddressForm, 'vat_id'>, string | null>>;
export interface ShippingInput {
  readonly sameAsBilling: boolean;
  readonly address: ShippingAddressInput | null;
}

const FIELDS = ['line_1', 'line_2', 'line_3', 'city', 'county', 'state', 'postal_code', 'country'] as const;
/** Field messages name the payload's nested field, so a client can put each under its input. */
const PREFIX = 'shipping_address.';
const orNull = (value: string) => (value === '' ? null : value);

/**
 * Checks where a basket's physical products go, by the billing address's own rules (required fields
 * and state list per country, the character blacklist) in any country; nothing is saved here, so a
 * caller saving it with the billing address can refuse both before writing either.
 */
export function checkShippingInput(input: ShippingInput): Result<ShippingChoice, DomainError> {
  if (input.sameAsBilling) return ok({ sameAsBilling: true });
  const raw = input.address ?? {};
  const form = Object.fromEntries(FIELDS.map((field) => [field, (raw[field] ?? '').trim()])) as Record<(typeof FIELDS)[number], string>;
  const normalised = { ...form, country: form.country.toUpperCase(), vat_id: '' } as BillingAddressForm;
  const errors: Record<string, string[]> = Object.fromEntries(
    Object.entries(validateForm(normalised, billingAddressSchema)).map(([field, message]) => [`${PREFIX}${field}`, [message as string]]),
  );
  if (!errors[`${PREFIX}country`] && !isCountryCode(normalised.country)) errors[`${PREFIX}country`] = ['Country is not a country'];
  if (Object.keys(errors).length > 0) return err(new DomainError('VALIDATION_FAILED', { fields: errors }));
  return ok({ sameAsBilling: false, address: postalAddressOf(normalised) });
}

/** The postal part of a checked address form, as kept: empty optional fields are null. */
export function postalAddressOf(form: BillingAddressForm): ShippingAddress {
  return {
    line1: form.line_1,
    line2: orNull(form.line_2),
    line3: orNull(form.line_3),
    city: form.city,
    county: orNull(form.county),
    state: orNull(form.state),
    postalCode: form.postal_code,
    country: form.country,
  };
}
