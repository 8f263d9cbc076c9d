import { checkOwnTaxIdFormat, compactTaxId, hasOwnTaxIdRule, normaliseTaxId } from './tax-id-formats';

// Published example numbers of each authority, as shoppers type them.
const VALID: Array<[string, string]> = [
  ['AU', '51 824 753 556'],
  ['NZ', '49-091-850'],
  ['NZ', '136410132'],
  ['KR', '124-81-00998'],
  ['TW', '04595257'],
  ['CL', '76.086.428-5'],
  ['CL', '12.345.678-5'],
  ['IN', '27AAPFU0939F1ZV'],
  ['TR', '4540536920'],
  ['MX', 'ABC680524P76'],
  ['MC', 'FR40303265045'],
  ['LI', '51234'],
  ['IS', '123456'],
  ['SG', 'M91234567X'],
  ['ZA', '4123456789'],
  ['SA', '310122393500003'],
  ['AE', '100123456700003'],
];

describe('our offline tax ID rules', () => {
  it.each(VALID)('accepts %s %s', (country, taxId) => {
    expect(checkOwnTaxIdFormat(country, taxId)).toBe('valid');
  });

  it.each(VALID.filter(([country]) => ['AU', 'NZ', 'KR', 'TW', 'CL', 'IN', 'TR'].includes(country)))(
    'refuses %s %s with one digit changed (check digit)',
    (country, taxId) => {
      const compact = normaliseTaxId(taxId, country);
      const at = compact.search(/\d/);
      const changed = compact.slice(0, at) + String((Number(compact[at]) + 1) % 10) + compact.slice(at + 1);
      expect(checkOwnTaxIdFormat(country, changed)).toBe('invalid');
    },
  );

  it('refuses wrong lengths and characters, and knows which countries it covers', () => {
    expect(checkOwnTaxIdFormat('AU', '5182475355')).toBe('invalid');
    expect(checkOwnTaxIdFormat('ZA', '5123456789')).toBe('invalid');
    expect(checkOwnTaxIdFormat('MX', 'ABC681324P76')).toBe('invalid');
    expect(checkOwnTaxIdFormat('SA', 'abc')).toBe('invalid');
    expect(checkOwnTaxIdFormat('DE', '136695976')).toBe('unknown-country');
    expect(hasOwnTaxIdRule('au')).toBe(true);
    expect(hasOwnTaxIdRule('JP')).toBe(false);
  });

  it('drops separators and a typed country prefix, but keeps a prefix that is part of the number', () => {
    expect(normaliseTaxId('au 51-824.753/556', 'AU')).toBe('51824753556');
    expect(normaliseTaxId('FR 40 303 265 045', 'MC')).toBe('FR40303265045');
  });

  it('compacts a number as its authority writes it, keeping the country prefix a shopper typed', () => {
    expect(compactTaxId(' de 123.456-789/0 ')).toBe('DE1234567890');
    expect(compactTaxId('gb\t123 456 789')).toBe('GB123456789');
    expect(compactTaxId(compactTaxId('de 123 456 789'))).toBe('DE123456789');
  });
});
