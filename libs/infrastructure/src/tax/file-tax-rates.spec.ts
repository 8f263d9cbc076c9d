import { FileTaxRates } from './file-tax-rates';

describe('FileTaxRates', () => {
  it('reads the standard rates from the data file', () => {
    const rates = new FileTaxRates();
    expect(rates.standardRate('GB')).toBe(2000);
    expect(rates.standardRate('de')).toBe(1900);
    expect(rates.standardRate('US')).toBe(0);
    expect(rates.standardRate('ZZ')).toBe(0);
  });

  it('refuses a data file with a rate that is not basis points', () => {
    expect(() => new FileTaxRates({ GB: 20.5 })).toThrow(/GB/);
    expect(() => new FileTaxRates({ gb: 2000 })).toThrow(/gb/);
    expect(() => new FileTaxRates({ GB: 12000 })).toThrow(/GB/);
  });
});
