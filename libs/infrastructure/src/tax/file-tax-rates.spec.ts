import { EU_MEMBER_STATES } from '@store/domain';
import { FileTaxRates } from './file-tax-rates';

describe('FileTaxRates', () => {
  it('reads the standard rates from the data file', () => {
    const rates = new FileTaxRates();
    expect(rates.standardRate('GB')).toBe(2000);
    expect(rates.standardRate('de')).toBe(1900);
    expect(rates.standardRate('US')).toBe(0);
    expect(rates.standardRate('ZZ')).toBe(0);
  });

  it('has every EU member state at its 2026 standard VAT rate, which the euro and Polish storefronts charge by billing country', () => {
    const rates = new FileTaxRates();
    // As each tax authority publishes them (the European Commission's VAT rates table, 2026).
    const expected: Record<string, number> = {
      AT: 2000, BE: 2100, BG: 2000, CY: 1900, CZ: 2100, DE: 1900, DK: 2500, EE: 2400, ES: 2100, FI: 2550, FR: 2000, GR: 2400, HR: 2500, HU: 2700,
      IE: 2300, IT: 2200, LT: 2100, LU: 1700, LV: 2100, MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SE: 2500, SI: 2200, SK: 2300,
    };
    expect(Object.keys(expected).sort()).toEqual([...EU_MEMBER_STATES].sort());
    for (const country of EU_MEMBER_STATES) expect([country, rates.standardRate(country)]).toEqual([country, expected[country]]);
  });

  it('refuses a data file with a rate that is not basis points', () => {
    expect(() => new FileTaxRates({ GB: 20.5 })).toThrow(/GB/);
    expect(() => new FileTaxRates({ gb: 2000 })).toThrow(/gb/);
    expect(() => new FileTaxRates({ GB: 12000 })).toThrow(/GB/);
  });
});
