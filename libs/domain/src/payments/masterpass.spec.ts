import { ErrorCatalogue } from '../errors/error-catalogue';
import { MASTERPASS_ERROR_CODES, masterpassFailureCode } from './masterpass';

describe('masterpassFailureCode', () => {
  it('maps every Masterpass error of spec 3 §8 to a Masterpass entry of the catalogue', () => {
    const spec = [
      'BROWSER_NOT_SUPPORTED',
      'NOT_ENABLED',
      'TOKENIZE_MISSING_REQUIRED_OPTION',
      'TOKENIZATION_ALREADY_IN_PROGRESS',
      'ACCOUNT_TOKENIZATION_FAILED',
      'POPUP_OPEN_FAILED',
      'POPUP_MISSING_REQUIRED_PARAMETERS',
      'POPUP_CLOSED',
      'INVALID_PAYMENT_OPTION',
      'FLOW_FAILED',
    ].map((name) => `MASTERPASS_${name}`);
    expect([...MASTERPASS_ERROR_CODES].sort()).toEqual([...spec].sort());
    const masterpassCodes = Object.entries(ErrorCatalogue)
      .filter(([key]) => key.startsWith('MASTERPASS_'))
      .map(([, entry]) => entry.code);
    for (const code of spec) expect(masterpassCodes).toContain(masterpassFailureCode({ code }));
  });

  it.each([
    ['MASTERPASS_POPUP_CLOSED', 'MASTERPASS_CANCELED'],
    ['MASTERPASS_POPUP_OPEN_FAILED', 'MASTERPASS_WINDOW_BLOCKED'],
    ['MASTERPASS_TOKENIZATION_ALREADY_IN_PROGRESS', 'MASTERPASS_IN_PROGRESS'],
    ['MASTERPASS_FLOW_FAILED', 'MASTERPASS_SETUP_FAILED'],
    ['MASTERPASS_NOT_ENABLED', 'MASTERPASS_UNAVAILABLE'],
    ['MASTERPASS_INVALID_PAYMENT_OPTION', 'MASTERPASS_NOT_STARTED'],
  ] as const)('says %s in the words of %s', (code, entry) => {
    expect(masterpassFailureCode({ code })).toBe(ErrorCatalogue[entry].code);
  });

  it('treats anything it does not know as Masterpass failing', () => {
    expect(masterpassFailureCode({ code: 'CLIENT_GATEWAY_NETWORK' })).toBe(ErrorCatalogue.MASTERPASS_FAILED.code);
    expect(masterpassFailureCode(new Error('boom'))).toBe(ErrorCatalogue.MASTERPASS_FAILED.code);
    expect(masterpassFailureCode(null)).toBe(ErrorCatalogue.MASTERPASS_FAILED.code);
  });
});
