import type { CustomerType, ItemRequest } from './model';

/**
 * The sandbox's tax and seller tables, and how a checkout is priced. Pure functions.
 *
 * Digital River computes tax from the bill-to address for digital goods; the rates below are
 * ours (rounded standard rates, for tests), not the provider's answers.
 */

export interface SellingEntity {
  readonly id: string;
  readonly name: string;
  /** The entity's own country: a sale to a business there is domestic, so no reverse charge. */
  readonly home: string;
}

/** The provider's selling entity ids and names (its "Selling entities" guide and tax identifier table). */
export const SELLING_ENTITIES = {
  inc: { id: 'DR_INC-ENTITY', name: 'Digital River, Inc.', home: 'US' },
  uk: { id: 'DR_UK-ENTITY', name: 'Digital River UK', home: 'GB' },
  ireland: { id: 'DR_IRELAND-ENTITY', name: 'Digital River Ireland Ltd.', home: 'IE' },
} as const satisfies Record<string, SellingEntity>;

/**
 * Ours: the seller of record follows the checkout's currency (USD: Digital River, Inc.; GBP:
 * Digital River UK; any other: Digital River Ireland Ltd.). Digital River picks it from the bill-to
 * country for digital goods and from the contract; per currency keeps tests predictable.
 */
export function sellingEntityFor(currency: string): SellingEntity {
  if (currency === 'USD') return SELLING_ENTITIES.inc;
  if (currency === 'GBP') return SELLING_ENTITIES.uk;
  return SELLING_ENTITIES.ireland;
}

/** The currencies the sandbox sells in, with their minor-unit digits. */
export const CURRENCY_DIGITS: Readonly<Record<string, number>> = {
  USD: 2, GBP: 2, EUR: 2, AUD: 2, CAD: 2, NZD: 2, CHF: 2, SEK: 2, DKK: 2, NOK: 2, PLN: 2, CZK: 2, HUF: 2, MXN: 2, SGD: 2, HKD: 2, BRL: 2, INR: 2, ZAR: 2,
  JPY: 0, KRW: 0,
};

/** Ours: standard rates by bill-to country (VAT, GST, consumption tax); 0 for every country not listed. */
export const COUNTRY_TAX_RATES: Readonly<Record<string, number>> = {
  GB: 0.2, IM: 0.2, IE: 0.23, DE: 0.19, FR: 0.2, MC: 0.2, NL: 0.21, BE: 0.21, LU: 0.17, IT: 0.22, ES: 0.21, PT: 0.23, AT: 0.2, SE: 0.25, DK: 0.25, FI: 0.255,
  PL: 0.23, CZ: 0.21, SK: 0.23, HU: 0.27, SI: 0.22, HR: 0.25, RO: 0.19, BG: 0.2, GR: 0.24, CY: 0.19, MT: 0.18, EE: 0.22, LV: 0.21, LT: 0.21,
  CH: 0.081, NO: 0.25, IS: 0.24,
  MX: 0.16, JP: 0.1, AU: 0.1, NZ: 0.15, CA: 0.05, SG: 0.09, IN: 0.18, KR: 0.1, ZA: 0.15,
};

/** Ours: a few US states' rates on digital goods (by `billTo.address.state`); every other state 0. */
export const US_STATE_TAX_RATES: Readonly<Record<string, number>> = {
  NY: 0.08875, WA: 0.101, TX: 0.0825, PA: 0.06, CT: 0.0635, NJ: 0.06625, OH: 0.0575, TN: 0.0955, UT: 0.0719, AZ: 0.086, MN: 0.07525,
};

/** The US and its territories: tax certificates (exemptions) apply there. */
export const US_TAX_COUNTRIES: ReadonlySet<string> = new Set(['US', 'PR', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI']);

export interface TaxIdentifierType {
  /** Checked against the upper-cased value with spaces removed. */
  readonly pattern: RegExp;
  readonly customerType: CustomerType;
  /** The bill-to countries it applies to. */
  readonly countries: readonly string[];
  readonly entities: readonly string[];
}

const IE = [SELLING_ENTITIES.ireland.id];
/**
 * Ours: EU business VAT numbers apply to Digital River UK as well as Ireland. The sandbox picks the
 * seller by currency (the issue asks for that), so an EU business buying in pounds meets the UK
 * entity; the provider would sell to it from Ireland, where the same number applies.
 */
const EU_SELLERS = [SELLING_ENTITIES.ireland.id, SELLING_ENTITIES.uk.id];
const eu = (pattern: RegExp, ...countries: string[]): TaxIdentifierType => ({ pattern, customerType: 'business', countries, entities: EU_SELLERS });

/**
 * The tax identifier types the sandbox knows (the provider's "Supported tax identifiers" table,
 * a subset), with format checks that are ours (the usual shape of each number).
 */
export const TAX_IDENTIFIER_TYPES: Readonly<Record<string, TaxIdentifierType>> = {
  at: eu(/^ATU\d{8}$/, 'AT'),
  be: eu(/^BE[01]\d{9}$/, 'BE'),
  bg: eu(/^BG\d{9,10}$/, 'BG'),
  cy: eu(/^CY\d{8}[A-Z]$/, 'CY'),
  cz: eu(/^CZ\d{8,10}$/, 'CZ'),
  de: eu(/^DE\d{9}$/, 'DE'),
  dk: eu(/^DK\d{8}$/, 'DK'),
  ee: eu(/^EE\d{9}$/, 'EE'),
  es: eu(/^ES[0-9A-Z]\d{7}[0-9A-Z]$/, 'ES'),
  fi: eu(/^FI\d{8}$/, 'FI'),
  fr: eu(/^FR[0-9A-Z]{2}\d{9}$/, 'FR', 'MC'),
  gr: eu(/^EL\d{9}$/, 'GR'),
  hr: eu(/^HR\d{11}$/, 'HR'),
  hu: eu(/^HU\d{8}$/, 'HU'),
  ie: eu(/^IE\d[0-9A-Z+*]\d{5}[A-W][A-IW]?$/, 'IE'),
  it: eu(/^IT\d{11}$/, 'IT'),
  it_natural: { pattern: /^IT\d{11}$/, customerType: 'individual', countries: ['IT'], entities: IE },
  lt: eu(/^LT(\d{9}|\d{12})$/, 'LT'),
  lu: eu(/^LU\d{8}$/, 'LU'),
  lv: eu(/^LV\d{11}$/, 'LV'),
  mt: eu(/^MT\d{8}$/, 'MT'),
  nl: eu(/^NL\d{9}B\d{2}$/, 'NL'),
  pl: eu(/^PL\d{10}$/, 'PL'),
  pt: eu(/^PT\d{9}$/, 'PT'),
  ro: eu(/^RO\d{2,10}$/, 'RO'),
  se: eu(/^SE\d{12}$/, 'SE'),
  si: eu(/^SI\d{8}$/, 'SI'),
  sk: eu(/^SK\d{10}$/, 'SK'),
  uk: { pattern: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, customerType: 'business', countries: ['GB', 'IM'], entities: [SELLING_ENTITIES.uk.id, SELLING_ENTITIES.ireland.id] },
  ch: eu(/^CHE\d{9}(MWST|TVA|IVA)?$/, 'CH'),
  no: eu(/^NO\d{9}(MVA)?$/, 'NO'),
  au: eu(/^\d{11}$/, 'AU'),
  nz: eu(/^\d{8,9}$/, 'NZ'),
  ca: { pattern: /^\d{9}(RT\d{4})?$/, customerType: 'business', countries: ['CA'], entities: [SELLING_ENTITIES.ireland.id, SELLING_ENTITIES.inc.id] },
  mx: eu(/^[A-ZÑ&]{3}\d{6}[A-Z0-9]{3}$/, 'MX'),
  mx_natural: { pattern: /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{3}$/, customerType: 'individual', countries: ['MX'], entities: IE },
};

/** The provider's documented test values that are `verified` (its "Test tax identifiers" table). */
export const VERIFIED_TEST_TAX_IDENTIFIERS: Readonly<Record<string, readonly string[]>> = {
  be: ['BE0000000000', 'BE1234567890'],
  de: ['DE000000000', 'DE123456789'],
  it: ['IT00000000000', 'IT12345678901'],
  it_natural: ['IT00000000000', 'IT12345678901'],
};

export const normalizeTaxIdentifier = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/**
 * A well-formed tax identifier's state: the provider's test values are `verified`; ours: a value
 * ending in 999 is `not_valid` (as if VIES said no); any other stays `pending` (as while VIES is
 * asked), which the provider treats as verified until told otherwise.
 */
export function taxIdentifierState(type: string, value: string): 'verified' | 'pending' | 'not_valid' {
  if (VERIFIED_TEST_TAX_IDENTIFIERS[type]?.includes(value)) return 'verified';
  return value.endsWith('999') ? 'not_valid' : 'pending';
}

export const applicabilityOf = (type: TaxIdentifierType) =>
  type.countries.flatMap((country) => type.entities.map((entity) => ({ country, entity, customerType: type.customerType })));

/** The checkout facts that decide its tax rate. */
export interface TaxFacts {
  readonly country: string | undefined;
  readonly state: string | undefined;
  readonly customerType: CustomerType;
  readonly sellingEntity: SellingEntity;
  /** The checkout carries an applicable tax identifier that is verified or pending. */
  readonly usableTaxIdentifier: boolean;
  /** The customer holds a tax certificate, valid today, for the bill-to state. */
  readonly taxCertificate: boolean;
}

export type TaxReason = 'no_address' | 'standard' | 'reverse_charge' | 'tax_certificate' | 'mx_business';

/** The rate (a fraction, as the provider returns `tax.rate`) and why. */
export function taxRateFor(facts: TaxFacts): { rate: number; reason: TaxReason } {
  const country = facts.country?.toUpperCase();
  if (!country) return { rate: 0, reason: 'no_address' };
  if (US_TAX_COUNTRIES.has(country)) {
    if (facts.taxCertificate) return { rate: 0, reason: 'tax_certificate' };
    return { rate: country === 'US' ? (US_STATE_TAX_RATES[facts.state?.toUpperCase() ?? ''] ?? 0) : 0, reason: 'standard' };
  }
  // Ours: the documented test condition for a Mexican sale with no tax (the page's compliance statement).
  if (country === 'MX' && facts.customerType === 'business') return { rate: 0, reason: 'mx_business' };
  if (facts.customerType === 'business' && facts.usableTaxIdentifier && country !== facts.sellingEntity.home) return { rate: 0, reason: 'reverse_charge' };
  return { rate: COUNTRY_TAX_RATES[country] ?? 0, reason: 'standard' };
}

export interface PricedItem {
  readonly amount: number;
  readonly tax: { readonly rate: number; readonly amount: number };
  readonly discount: number;
}

export interface PricedCheckout {
  readonly items: readonly PricedItem[];
  readonly subtotal: number;
  readonly totalTax: number;
  readonly totalDiscount: number;
  readonly totalAmount: number;
}

/**
 * Prices the items as the provider describes: discounts first (item discounts on `discount.quantity`
 * units, then the checkout discount spread over the items), then tax on what is left. With
 * `taxInclusive` the tax is taken out of the prices (`amount` is the pre-tax price); otherwise it
 * is added (`amount` is the price). `subtotal` sums `amount`, `totalAmount` adds `totalTax`.
 */
export function priceItems(
  items: readonly ItemRequest[],
  options: { readonly currency: string; readonly rate: number; readonly taxInclusive: boolean; readonly discount?: { amountOff?: number; percentOff?: number } },
): PricedCheckout {
  const scale = 10 ** (CURRENCY_DIGITS[options.currency] ?? 2);
  const minor = (major: number) => Math.round(major * scale);
  const major = (value: number) => value / scale;

  const lines = items.map((item) => {
    const gross = item.aggregatePrice !== undefined ? minor(item.aggregatePrice) : minor(item.price ?? 0) * item.quantity;
    const unit = item.quantity > 0 ? gross / item.quantity : 0;
    const units = Math.min(item.discount?.quantity ?? item.quantity, item.quantity);
    let discount = 0;
    if (item.discount?.percentOff !== undefined) discount = Math.round(((unit * item.discount.percentOff) / 100) * units);
    else if (item.discount?.amountOff !== undefined) discount = minor(item.discount.amountOff) * units;
    discount = Math.min(discount, gross);
    return { base: gross - discount, discount };
  });

  const checkoutDiscount = options.discount;
  if (checkoutDiscount?.percentOff !== undefined || checkoutDiscount?.amountOff !== undefined) {
    const before = lines.reduce((sum, line) => sum + line.base, 0);
    let off = checkoutDiscount.percentOff !== undefined ? Math.round((before * checkoutDiscount.percentOff) / 100) : minor(checkoutDiscount.amountOff ?? 0);
    off = Math.min(off, before);
    let left = off;
    lines.forEach((line, index) => {
      const share = index === lines.length - 1 ? left : before === 0 ? 0 : Math.round((off * line.base) / before);
      const taken = Math.min(share, line.base, left);
      line.base -= taken;
      line.discount += taken;
      left -= taken;
    });
  }

  const priced = lines.map((line) => {
    const tax = options.taxInclusive ? Math.round((line.base * options.rate) / (1 + options.rate)) : Math.round(line.base * options.rate);
    const amount = options.taxInclusive ? line.base - tax : line.base;
    return { amount, tax, discount: line.discount };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.amount, 0);
  const totalTax = priced.reduce((sum, line) => sum + line.tax, 0);
  return {
    items: priced.map((line) => ({ amount: major(line.amount), tax: { rate: options.rate, amount: major(line.tax) }, discount: major(line.discount) })),
    subtotal: major(subtotal),
    totalTax: major(totalTax),
    totalDiscount: major(priced.reduce((sum, line) => sum + line.discount, 0)),
    totalAmount: major(subtotal + totalTax),
  };
}
