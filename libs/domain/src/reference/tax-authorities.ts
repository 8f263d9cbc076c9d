import { regionsOf, US_ARMED_FORCES, type Region } from './regions';

// UM is uninhabited and has no tax authority; armed forces codes are mail regions, not jurisdictions.
// FM, MH and PW stay: spec 2 §9 shows the exemption block for billing addresses there.
const NOT_TAX_AUTHORITIES: ReadonlySet<string> = new Set([...US_ARMED_FORCES.map((region) => region.code), 'UM']);

/**
 * The authorities a US sales-tax exemption certificate can be issued by: the states, DC and the
 * territories (spec 2 §3). Filtered from the US address list, so the two cannot drift apart and the
 * order by name is kept.
 */
export const TAX_AUTHORITIES: readonly Region[] = regionsOf('US').filter((region) => !NOT_TAX_AUTHORITIES.has(region.code));

const AUTHORITY_CODES: ReadonlySet<string> = new Set(TAX_AUTHORITIES.map((authority) => authority.code));

/** The certificate form accepts only an authority of the list; codes match exactly, as they are stored. */
export function isTaxAuthority(code: string): boolean {
  return AUTHORITY_CODES.has(code);
}
