import fc from 'fast-check';
import { TAX_EXEMPTION_COUNTRIES } from '../tax/tax-rules';
import { isRegionOf, regionsOf } from './regions';
import { isTaxAuthority, TAX_AUTHORITIES } from './tax-authorities';

const codes = TAX_AUTHORITIES.map((authority) => authority.code);
const names = TAX_AUTHORITIES.map((authority) => authority.name);

describe('TAX_AUTHORITIES', () => {
  it('are the 50 states, DC and 8 inhabited territories and associated states, sorted by name, each once', () => {
    expect(TAX_AUTHORITIES).toHaveLength(59);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('come from the US address list, with the same names', () => {
    for (const authority of TAX_AUTHORITIES) expect(regionsOf('US')).toContainEqual(authority);
  });

  it('include DC, Puerto Rico and the other territories', () => {
    expect(TAX_AUTHORITIES).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(TAX_AUTHORITIES).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    for (const code of ['GU', 'VI', 'AS', 'MP', 'CA', 'TX', 'NY']) expect(codes).toContain(code);
  });

  it('cover every billing country for which the exemption block shows', () => {
    for (const country of TAX_EXEMPTION_COUNTRIES.filter((code) => code !== 'US')) expect(codes).toContain(country);
  });

  it('leave out the armed forces codes and the uninhabited minor outlying islands', () => {
    for (const code of ['AA', 'AE', 'AP', 'UM']) expect(codes).not.toContain(code);
  });
});

describe('isTaxAuthority', () => {
  it('accepts listed codes exactly as written', () => {
    expect(isTaxAuthority('DC')).toBe(true);
    expect(isTaxAuthority('PR')).toBe(true);
    expect(isTaxAuthority('CA')).toBe(true);
  });

  it('rejects armed forces, UM, lower case, regions of other countries and empty input', () => {
    for (const code of ['AA', 'AE', 'AP', 'UM', 'ca', 'dc', 'ON', 'QC', 'NSW', 'XX', '']) expect(isTaxAuthority(code)).toBe(false);
  });

  it('never accepts what is not a US region', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Z]{2}$/)), (code) => {
        if (isTaxAuthority(code)) expect(isRegionOf('US', code)).toBe(true);
        expect(isTaxAuthority(code)).toBe(codes.includes(code));
      }),
    );
  });
});
