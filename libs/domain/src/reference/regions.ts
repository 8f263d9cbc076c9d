/** A state, province or territory a billing address can name. */
export interface Region {
  /** The code stored and sent (e.g. 'CA' for California, 'ON' for Ontario, 'MI' for Milano). */
  readonly code: string;
  readonly name: string;
}

// PLACEHOLDER DATA: the reference-lists work replaces this with the full lists.
export const REGIONS_BY_COUNTRY: Readonly<Record<string, readonly Region[]>> = {
  US: [{ code: 'CA', name: 'California' }],
};

/** The regions of a country, sorted by name; empty when the country has no list. */
export function regionsOf(countryCode: string): readonly Region[] {
  return REGIONS_BY_COUNTRY[countryCode.toUpperCase()] ?? [];
}

/** A billing address must name a state when its country has a list of them (spec 1 §5). */
export function hasRegionList(countryCode: string): boolean {
  return regionsOf(countryCode).length > 0;
}
