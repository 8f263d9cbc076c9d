import fc from 'fast-check';
import { hasRegionList, isRegionOf, REGIONS_BY_COUNTRY, regionName, regionsOf, US_ARMED_FORCES, US_STATES, US_TERRITORIES, type Region } from './regions';

const namesOf = (regions: readonly Region[]) => regions.map((region) => region.name);
const codesOf = (regions: readonly Region[]) => regions.map((region) => region.code);

describe('REGIONS_BY_COUNTRY', () => {
  it('has lists for exactly the US, Canada, Australia and Italy', () => {
    expect(Object.keys(REGIONS_BY_COUNTRY).sort()).toEqual(['AU', 'CA', 'IT', 'US']);
  });

  it.each(Object.entries(REGIONS_BY_COUNTRY))('sorts %s by name, with each code once', (_country, regions) => {
    expect(namesOf(regions)).toEqual([...namesOf(regions)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(codesOf(regions)).size).toBe(regions.length);
    expect(new Set(namesOf(regions)).size).toBe(regions.length);
  });

  it.each([
    ['US_STATES', US_STATES],
    ['US_TERRITORIES', US_TERRITORIES],
    ['US_ARMED_FORCES', US_ARMED_FORCES],
  ])('sorts %s by name in English collation order as well', (_list, regions) => {
    expect(namesOf(regions)).toEqual([...namesOf(regions)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('uses two upper-case letters for US, CA and IT, and the postal abbreviations for AU', () => {
    for (const country of ['US', 'CA', 'IT']) for (const code of codesOf(regionsOf(country))) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codesOf(regionsOf('AU')).sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
  });
});

describe('US regions', () => {
  it('are the 50 states and DC, 9 territories and associated states, and 3 armed forces codes', () => {
    expect(US_STATES).toHaveLength(51);
    expect(US_TERRITORIES).toHaveLength(9);
    expect(US_ARMED_FORCES).toHaveLength(3);
    expect(codesOf(regionsOf('US')).sort()).toEqual(codesOf([...US_STATES, ...US_TERRITORIES, ...US_ARMED_FORCES]).sort());
  });

  it.each([
    ['DC', 'District of Columbia'],
    ['CA', 'California'],
    ['NY', 'New York'],
    ['WY', 'Wyoming'],
    ['PR', 'Puerto Rico'],
    ['GU', 'Guam'],
    ['VI', 'U.S. Virgin Islands'],
    ['AS', 'American Samoa'],
    ['MP', 'Northern Mariana Islands'],
    ['UM', 'U.S. Minor Outlying Islands'],
    ['FM', 'Federated States of Micronesia'],
    ['MH', 'Marshall Islands'],
    ['PW', 'Palau'],
    ['AA', 'Armed Forces Americas'],
    ['AE', 'Armed Forces Europe'],
    ['AP', 'Armed Forces Pacific'],
  ])('include %s %s', (code, name) => {
    expect(regionsOf('US')).toContainEqual({ code, name });
  });
});

describe('Canadian, Australian and Italian regions', () => {
  it('has the 13 provinces and territories of Canada', () => {
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionsOf('CA')).toContainEqual({ code: 'QC', name: 'Quebec' });
    expect(regionsOf('CA')).toContainEqual({ code: 'NL', name: 'Newfoundland and Labrador' });
    expect(regionsOf('CA')).toContainEqual({ code: 'YT', name: 'Yukon' });
  });

  it('has the 8 states and territories of Australia', () => {
    expect(regionsOf('AU')).toHaveLength(8);
    expect(regionsOf('AU')[0]).toEqual({ code: 'ACT', name: 'Australian Capital Territory' });
    expect(regionsOf('AU')).toContainEqual({ code: 'NSW', name: 'New South Wales' });
  });

  it('has the 107 Italian provinces, metropolitan cities and free consortia by sigla', () => {
    expect(regionsOf('IT')).toHaveLength(107);
    for (const region of [
      { code: 'MI', name: 'Milano' },
      { code: 'RM', name: 'Roma' },
      { code: 'SU', name: 'Sud Sardegna' },
      { code: 'AQ', name: "L'Aquila" },
      { code: 'BT', name: 'Barletta-Andria-Trani' },
      { code: 'FC', name: 'Forlì-Cesena' },
      { code: 'MB', name: 'Monza e Brianza' },
      { code: 'VB', name: 'Verbano-Cusio-Ossola' },
    ]) {
      expect(regionsOf('IT')).toContainEqual(region);
    }
  });

  it('no longer lists the Sardinian sigle merged into Sud Sardegna in 2016', () => {
    for (const code of ['CI', 'VS', 'OG', 'OT']) expect(isRegionOf('IT', code)).toBe(false);
  });
});

describe('regionsOf and hasRegionList', () => {
  it('find the list whatever the case of the country code', () => {
    expect(regionsOf('ca')).toBe(regionsOf('CA'));
    expect(hasRegionList('it')).toBe(true);
  });

  it('give nothing for countries without a list, empty input or Object.prototype keys', () => {
    for (const country of ['GB', 'DE', '', 'USA', 'constructor', '__proto__', 'toString']) {
      expect(regionsOf(country)).toEqual([]);
      expect(hasRegionList(country)).toBe(false);
    }
  });

  it('always return an array of regions for any input', () => {
    fc.assert(
      fc.property(fc.string(), (country) => {
        const regions = regionsOf(country);
        expect(Array.isArray(regions)).toBe(true);
        expect(hasRegionList(country)).toBe(regions.length > 0);
      }),
    );
  });
});

describe('isRegionOf', () => {
  it('accepts a region only under its own country', () => {
    expect(isRegionOf('US', 'DC')).toBe(true);
    expect(isRegionOf('CA', 'ON')).toBe(true);
    expect(isRegionOf('AU', 'VIC')).toBe(true);
    expect(isRegionOf('IT', 'MI')).toBe(true);
    expect(isRegionOf('US', 'ON')).toBe(false);
    expect(isRegionOf('CA', 'CA')).toBe(false);
    expect(isRegionOf('GB', 'CA')).toBe(false);
  });

  it('matches the country in any case but the region code exactly', () => {
    expect(isRegionOf('us', 'NY')).toBe(true);
    expect(isRegionOf('US', 'ny')).toBe(false);
    expect(isRegionOf('IT', 'XX')).toBe(false);
    expect(isRegionOf('US', '')).toBe(false);
  });

  it('accepts every listed region and nothing outside the list', () => {
    for (const [country, regions] of Object.entries(REGIONS_BY_COUNTRY)) {
      for (const region of regions) expect(isRegionOf(country, region.code)).toBe(true);
    }
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(REGIONS_BY_COUNTRY)), fc.string(), (country, code) => {
        expect(isRegionOf(country, code)).toBe(codesOf(REGIONS_BY_COUNTRY[country]).includes(code));
      }),
    );
  });

  it('names a region for people to read, and keeps a code it does not know as it is', () => {
    expect(regionName('US', 'NY')).toBe('New York');
    expect(regionName('us', 'TX')).toBe('Texas');
    expect(regionName('IT', 'VR')).toBe('Verona');
    expect(regionName('US', 'ZZ')).toBe('ZZ');
    expect(regionName('GB', 'Kent')).toBe('Kent');
  });
});
