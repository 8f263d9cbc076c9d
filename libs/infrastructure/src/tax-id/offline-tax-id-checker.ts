import type { TaxIdChecker, TaxIdCheckRequest, TaxIdVerdict } from '@store/application';
import { checkOwnTaxIdFormat, normaliseTaxId } from '@store/domain';
import { checkVAT, countries } from 'jsvat';

/** VAT prefixes that differ from the ISO country code. */
const VAT_PREFIX: Readonly<Record<string, string>> = { GR: 'EL' };

/** The countries whose numbers jsvat knows (the EU 27, GB, CH, NO, RS and a few more). */
const JSVAT_COUNTRIES = new Set(countries.map((country) => country.codes[0]));

/**
 * Offline tax ID checks: EU-style VAT numbers by jsvat (a maintained library with every member
 * state's format and check digits), every other Tax ID country by our own rules in the domain.
 * A number of a country neither knows is accepted as unverified: nothing here can refuse it.
 */
export class OfflineTaxIdChecker implements TaxIdChecker {
  async check({ country, taxId }: TaxIdCheckRequest): Promise<TaxIdVerdict> {
    const code = country.toUpperCase();
    if (JSVAT_COUNTRIES.has(code)) {
      const prefix = VAT_PREFIX[code] ?? code;
      // Swiss numbers are often written with their tax's name after them: CHE-123.456.788 MWST.
      const compact = taxId.replace(/[\s.\-/]/g, '').toUpperCase().replace(/(MWST|TVA|IVA)$/, '');
      const withPrefix = compact.startsWith(prefix) || compact.startsWith(code) ? compact.replace(new RegExp(`^(${prefix}|${code})`), prefix) : prefix + compact;
      const result = checkVAT(withPrefix, countries);
      const matchesCountry = result.country?.isoCode.short === code;
      return { result: result.isValid && matchesCountry ? 'valid' : 'invalid', service: 'offline', reference: null };
    }
    const own = checkOwnTaxIdFormat(code, normaliseTaxId(taxId, code));
    if (own === 'unknown-country') return { result: 'unverified', service: 'offline', reference: null };
    return { result: own, service: 'offline', reference: null };
  }
}
