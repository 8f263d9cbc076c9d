import type { TaxIdChecker, TaxIdCheckRequest, TaxIdVerdict } from '@store/application';

/** The member states (and XI, Northern Ireland) whose numbers the EU's VIES register answers for. */
const VIES_COUNTRIES = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]);

interface ViesAnswer {
  readonly valid?: boolean;
  readonly requestIdentifier?: string;
  readonly requestDate?: string;
  readonly actionSucceed?: boolean;
  readonly errorWrappers?: readonly { readonly error?: string }[];
}

/**
 * The EU VIES register (its REST API, POST {base}/check-vat-number). The offline format check runs
 * first, so a malformed number is refused without asking. When VIES cannot answer (a member state's
 * service down, VIES busy, a timeout, a network failure) the number is 'unverified', not refused:
 * the order goes on and the check is tried again later. Numbers of other countries are checked offline.
 */
export class ViesTaxIdChecker implements TaxIdChecker {
  constructor(
    private readonly baseUrl: string,
    private readonly offline: TaxIdChecker,
    private readonly timeoutMs = 5000,
  ) {}

  async check(request: TaxIdCheckRequest): Promise<TaxIdVerdict> {
    const offline = await this.offline.check(request);
    const country = request.country.toUpperCase();
    if (!VIES_COUNTRIES.has(country) || offline.result === 'invalid') return offline;
    const prefix = country === 'GR' ? 'EL' : country;
    const compact = request.taxId.replace(/[\s.\-/]/g, '').toUpperCase();
    const vatNumber = compact.startsWith(prefix) ? compact.slice(2) : compact.startsWith(country) ? compact.slice(2) : compact;
    try {
      const response = await fetch(`${this.baseUrl.replace(/\/$/, '')}/check-vat-number`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ countryCode: prefix, vatNumber }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return this.unverified();
      const answer = (await response.json()) as ViesAnswer;
      if (answer.actionSucceed === false || typeof answer.valid !== 'boolean') return this.unverified();
      return { result: answer.valid ? 'valid' : 'invalid', service: 'vies', reference: answer.requestIdentifier || answer.requestDate || null };
    } catch {
      return this.unverified();
    }
  }

  private unverified(): TaxIdVerdict {
    return { result: 'unverified', service: 'vies', reference: null };
  }
}
