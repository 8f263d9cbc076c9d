import { catalogueEntryFor, ErrorCatalogue } from '@store/domain';
import { abaRoutingValid, ACH_MESSAGES, achFailure, achProblems, ibanLastFour, ibanOf, ibanProblem, SEPA_MESSAGES, sepaFailureCode, sepaProblems } from './bank-debit-checks';

describe('the SEPA checks in the page', () => {
  it('accepts valid IBANs of SEPA countries, typed with spaces or in lower case', () => {
    expect(ibanProblem('PT50 0002 0123 1234 5678 9015 4')).toBeNull();
    expect(ibanProblem('it60x0542811101000000123456')).toBeNull();
    expect(ibanOf('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanLastFour('DE89 3704 0044 0532 0130 00')).toBe('3000');
  });

  it('tells a missing, short, mistyped and non-SEPA IBAN apart', () => {
    expect(ibanProblem('  ')).toBe(SEPA_MESSAGES.ibanEmpty);
    expect(ibanProblem('PT50 0002 0123 1234 5678 9015')).toBe(SEPA_MESSAGES.ibanLength);
    // One digit changed: the check digits no longer match.
    expect(ibanProblem('PT50 0002 0123 1234 5678 9015 5')).toBe(SEPA_MESSAGES.ibanChecksum);
    expect(ibanProblem('1234567890')).toBe(SEPA_MESSAGES.ibanCountry);
    // Brazil has IBANs but is not in the SEPA scheme.
    expect(ibanProblem('BR1800360305000010009795493C1')).toBe(SEPA_MESSAGES.ibanNotSepa);
  });

  it('needs the holder and a SEPA billing country', () => {
    const valid = { iban: 'PT50000201231234567890154', accountHolderName: 'Ana Silva', billingCountry: 'pt' };
    expect(sepaProblems(valid)).toEqual({});
    expect(sepaProblems({ ...valid, accountHolderName: ' ' })).toEqual({ accountHolderName: SEPA_MESSAGES.holderEmpty });
    expect(sepaProblems({ ...valid, accountHolderName: 'x'.repeat(71) })).toEqual({ accountHolderName: SEPA_MESSAGES.holderTooLong });
    expect(sepaProblems({ ...valid, billingCountry: '' })).toEqual({ countryCode: SEPA_MESSAGES.countryMissing });
    expect(sepaProblems({ ...valid, billingCountry: 'US' })).toEqual({ countryCode: SEPA_MESSAGES.countryNotSepa });
  });

  it("gives each of the sepa module's errors a bank debit's own catalogued message", () => {
    // Cancel in the mandate and its window closed arrive as the same error.
    expect(sepaFailureCode('SEPA_CUSTOMER_CANCELED')).toBe(ErrorCatalogue.SEPA_MANDATE_NOT_APPROVED.code);
    expect(sepaFailureCode('SEPA_CREATE_MANDATE_FAILED')).toBe(ErrorCatalogue.SEPA_MANDATE_FAILED.code);
    expect(sepaFailureCode('SEPA_TOKENIZATION_FAILED')).toBe(ErrorCatalogue.SEPA_MANDATE_FAILED.code);
    expect(sepaFailureCode('SEPA_TRANSACTION_FAILED')).toBe(ErrorCatalogue.SEPA_DEBIT_NOT_SET_UP.code);
    expect(sepaFailureCode('SEPA_TOKENIZE_MISSING_REQUIRED_OPTION')).toBe(ErrorCatalogue.SEPA_UNAVAILABLE.code);
    expect(sepaFailureCode('SEPA_INVALID_MANDATE_TYPE')).toBe(ErrorCatalogue.SEPA_UNAVAILABLE.code);
    expect(sepaFailureCode(undefined)).toBe(ErrorCatalogue.SEPA_MANDATE_FAILED.code);
  });

  it('speaks of the mandate and of nothing debited, never of a payment window or a charge', () => {
    expect(catalogueEntryFor(sepaFailureCode('SEPA_CUSTOMER_CANCELED')).message).toBe(
      'The SEPA mandate was not approved, so nothing will be debited. You can try again or choose another way to pay.',
    );
    for (const code of ['SEPA_CUSTOMER_CANCELED', 'SEPA_CREATE_MANDATE_FAILED', 'SEPA_TOKENIZATION_FAILED', 'SEPA_TRANSACTION_FAILED', 'SEPA_INVALID_MANDATE_TYPE', undefined]) {
      const { message } = catalogueEntryFor(sepaFailureCode(code));
      expect(message).toMatch(/SEPA/);
      expect(message).toMatch(/nothing will be debited/);
      expect(message).not.toMatch(/charged|payment window|payment provider did not accept/i);
    }
  });
});

describe('the US bank account checks in the page', () => {
  it('checks the ABA routing number checksum', () => {
    expect(abaRoutingValid('011000015')).toBe(true);
    expect(abaRoutingValid('021000021')).toBe(true);
    expect(abaRoutingValid('011000016')).toBe(false);
    expect(abaRoutingValid('01100001')).toBe(false);
    expect(abaRoutingValid('01100001a')).toBe(false);
  });

  it('names every missing or wrong field', () => {
    const valid = { routingNumber: '011000015', accountNumber: '1000000000', ownershipType: 'personal' as const, businessName: '', mandateAccepted: true, hasAddress: true };
    expect(achProblems(valid)).toEqual({});
    expect(achProblems({ ...valid, routingNumber: '011000016', accountNumber: '12', mandateAccepted: false })).toEqual({
      routingNumber: ACH_MESSAGES.routingInvalid,
      accountNumber: ACH_MESSAGES.accountInvalid,
      mandate: ACH_MESSAGES.mandateNotAccepted,
    });
    expect(achProblems({ ...valid, routingNumber: '', accountNumber: '', ownershipType: 'business', hasAddress: false })).toEqual({
      routingNumber: ACH_MESSAGES.routingEmpty,
      accountNumber: ACH_MESSAGES.accountEmpty,
      businessName: ACH_MESSAGES.businessNameEmpty,
      address: ACH_MESSAGES.addressMissing,
    });
  });

  it("reads the provider's refusal inside the module's network error, and tells a real network failure apart", () => {
    const refused = {
      code: 'US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR',
      details: { originalError: { details: { originalError: [{ message: 'Routing number is invalid.', extensions: { errorClass: 'VALIDATION' } }] } } },
    };
    expect(achFailure(refused.code, refused)).toEqual({ code: ErrorCatalogue.BANK_ACCOUNT_DETAILS_REFUSED.code, fields: { routingNumber: ACH_MESSAGES.refusedRouting } });
    const account = {
      code: 'US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR',
      details: {
        originalError: {
          details: {
            originalError: [
              { message: 'Account number must be 4 to 17 digits.', extensions: { errorClass: 'VALIDATION', inputPath: ['input', 'usBankAccount', 'accountNumber'] } },
            ],
          },
        },
      },
    };
    expect(achFailure(account.code, account)).toEqual({ code: ErrorCatalogue.BANK_ACCOUNT_DETAILS_REFUSED.code, fields: { accountNumber: ACH_MESSAGES.refusedAccount } });
    // An HTTP 4xx answer is the module's FAILED_TOKENIZATION, with nothing to point at a field.
    expect(achFailure('US_BANK_ACCOUNT_FAILED_TOKENIZATION', {})).toEqual({ code: ErrorCatalogue.BANK_ACCOUNT_DETAILS_REFUSED.code, fields: {} });
    const offline = { code: 'US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR', details: { originalError: new Error('Failed to fetch') } };
    expect(achFailure(offline.code, offline)).toEqual({ code: ErrorCatalogue.BANK_ACCOUNT_NETWORK_FAILED.code, fields: {} });
  });

  it("gives the us-bank-account module's other errors a bank debit's own catalogued message", () => {
    for (const code of ['US_BANK_ACCOUNT_NOT_ENABLED', 'US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED', 'US_BANK_ACCOUNT_OPTION_REQUIRED', 'US_BANK_ACCOUNT_MUTUALLY_EXCLUSIVE_OPTIONS']) {
      expect(achFailure(code, {})).toEqual({ code: ErrorCatalogue.BANK_ACCOUNT_UNAVAILABLE.code, fields: {} });
    }
    expect(achFailure('US_BANK_ACCOUNT_LOGIN_CLOSED', {}).code).toBe(ErrorCatalogue.BANK_ACCOUNT_FAILED.code);
    expect(achFailure(undefined, new TypeError('x is undefined')).code).toBe(ErrorCatalogue.BANK_ACCOUNT_FAILED.code);
  });

  it('speaks of the bank account, never of a payment window or the local payments\' words', () => {
    const refused = { code: 'US_BANK_ACCOUNT_FAILED_TOKENIZATION' };
    expect(catalogueEntryFor(achFailure(refused.code, refused).code).message).toBe('Your bank did not accept these account details. Please check them and try again.');
    const local = new Set(Object.values(ErrorCatalogue).filter((entry) => entry.code >= 310211 && entry.code <= 310218).map((entry) => entry.message));
    for (const code of ['US_BANK_ACCOUNT_FAILED_TOKENIZATION', 'US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR', 'US_BANK_ACCOUNT_NOT_ENABLED', undefined]) {
      const { message } = catalogueEntryFor(achFailure(code, {}).code);
      expect(local.has(message)).toBe(false);
      expect(message).toMatch(/bank account|account details/);
    }
  });
});
