import getCardTypes from 'braintree-web/hosted-fields/shared/get-card-types';
import cardValidator from 'card-validator';
import type { CardBrand, ClientConfiguration, FieldKey, FieldOptions } from './protocol';

export interface Validity {
  readonly isValid: boolean;
  readonly isPotentiallyValid: boolean;
}

/** The gateway's card type names and the brand ids the card-type library uses. */
const GATEWAY_TYPES: Readonly<Record<string, string>> = {
  Visa: 'visa',
  MasterCard: 'master-card',
  'American Express': 'american-express',
  Discover: 'discover',
  JCB: 'jcb',
  Maestro: 'maestro',
  UnionPay: 'unionpay',
  'Diners Club': 'diners-club',
};

// braintree-web still calls Mastercard "master-card" in events, whatever the card-type library says.
const brandId = (type: string) => (type === 'mastercard' ? 'master-card' : type);

export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The brands the merchant accepts: all of them unless the number field asks to reject the ones
 * the gateway does not support (`rejectUnsupportedCards`) or lists brands (`supportedCardBrands`).
 */
export function supportedBrands(options: FieldOptions | undefined, client: ClientConfiguration | null): ReadonlySet<string> | null {
  if (!options?.rejectUnsupportedCards && !options?.supportedCardBrands) return null;
  const gateway = client?.gatewayConfiguration.creditCards?.supportedCardTypes;
  const supported = new Set(gateway ? gateway.map((name) => GATEWAY_TYPES[name]).filter(Boolean) : Object.values(GATEWAY_TYPES));
  for (const [brand, allowed] of Object.entries(options.supportedCardBrands ?? {})) {
    if (allowed) supported.add(brandId(brand));
    else supported.delete(brandId(brand));
  }
  return supported;
}

export function possibleCards(number: string, supported: ReadonlySet<string> | null): CardBrand[] {
  // braintree-web's own brand detection, so `cards` in events match what its frame reports.
  return getCardTypes(digitsOf(number)).map((card) => ({
    type: brandId(card.type),
    niceType: card.niceType,
    code: { name: card.code.name, size: card.code.size },
    supported: supported === null || supported.has(brandId(card.type)),
  }));
}

export interface ValidationContext {
  readonly keys: readonly FieldKey[];
  readonly options: Readonly<Partial<Record<FieldKey, FieldOptions>>>;
  readonly cards: readonly CardBrand[];
  readonly supported: ReadonlySet<string> | null;
  readonly valueOf: (key: FieldKey) => string;
}

function validateNumber(value: string, context: ValidationContext): Validity {
  if (/[^\d\s-]/.test(value)) return { isValid: false, isPotentiallyValid: false };
  const result = cardValidator.number(digitsOf(value), { luhnValidateUnionPay: true, maxLength: context.options.number?.maxCardLength });
  if (result.card && context.supported !== null && !context.supported.has(brandId(result.card.type))) return { isValid: false, isPotentiallyValid: false };
  return result;
}

function validateCvv(value: string, context: ValidationContext): Validity {
  // Without a number field (a saved card's code typed again) the frame cannot know the brand: both
  // lengths are fine unless the merchant's `minlength` names the one length, as braintree-web's frame reads it.
  if (!context.keys.includes('number')) return cardValidator.cvv(value, context.options.cvv?.minlength || [3, 4]);
  const sizes = [...new Set(context.cards.map((card) => card.code.size))];
  return cardValidator.cvv(value, sizes.length > 0 ? sizes : [3, 4]);
}

/** Month and year are judged together once both look right, as an expiry in the past is invalid. */
function validateSplitExpiry(key: 'expirationMonth' | 'expirationYear', context: ValidationContext): Validity {
  const month = context.valueOf('expirationMonth');
  const year = context.valueOf('expirationYear');
  const own = key === 'expirationMonth' ? cardValidator.expirationMonth(month) : cardValidator.expirationYear(year);
  const bothFields = context.keys.includes('expirationMonth') && context.keys.includes('expirationYear');
  if (!bothFields || !cardValidator.expirationMonth(month).isValid || !cardValidator.expirationYear(year).isValid) return own;
  return cardValidator.expirationDate({ month, year });
}

export function validate(key: FieldKey, context: ValidationContext): Validity {
  const value = context.valueOf(key);
  switch (key) {
    case 'number':
      return validateNumber(value, context);
    case 'cvv':
      return validateCvv(value, context);
    case 'expirationMonth':
    case 'expirationYear':
      return validateSplitExpiry(key, context);
    case 'expirationDate':
      return cardValidator.expirationDate(value);
    case 'postalCode':
      return cardValidator.postalCode(value, { minLength: context.options.postalCode?.minlength });
    case 'cardholderName':
      return cardValidator.cardholderName(value);
  }
}

/** "12 / 2030", "12/30" or "1230" as month and four-digit year. */
export function splitExpirationDate(value: string): { month: string; year: string } {
  const compact = value.replace(/[\s/-]/g, '');
  const monthLength = compact.startsWith('0') || compact.startsWith('1') ? 2 : 1;
  const month = compact.slice(0, monthLength).padStart(2, '0');
  const year = compact.slice(monthLength);
  return { month, year: year.length === 2 ? `20${year}` : year };
}
