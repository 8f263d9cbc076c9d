import { US_STATES, US_TERRITORIES, type Region } from './regions';

/**
 * The authorities a US sales-tax exemption certificate can be issued by: the states (with DC) and
 * the territories (spec 2 §3), never the armed forces mail regions.
 */
export const TAX_AUTHORITIES: readonly Region[] = [...US_STATES, ...US_TERRITORIES.filter((region) => region.code !== 'UM')].sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

export function isTaxAuthority(code: string): boolean {
  return TAX_AUTHORITIES.some((authority) => authority.code === code);
}
