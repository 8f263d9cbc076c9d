import fc from 'fast-check';
import { ACCOUNT_TYPES, type AccountType } from '../accounts/account-types';
import type { PaymentGateway } from '../payments/payment-gateways';
import {
  isMexicanZeroTaxStatement,
  shouldCheckTaxId,
  showsTaxExemption,
  showsTaxIdField,
  skipsTaxIdCheck,
  TAX_EXEMPTION_COUNTRIES,
  type TaxExemptionInput,
} from './tax-rules';

const eligible: TaxExemptionInput = { billingCountry: 'US', accountType: 'business', gateway: 'digital-river', orderIsComplimentary: false };

describe('showsTaxExemption', () => {
  it('lists the US and its territories', () => {
    expect(TAX_EXEMPTION_COUNTRIES).toEqual(['US', 'PR', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI']);
  });

  it.each(['US', 'PR', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI'])('shows for a business in %s', (country) => {
    expect(showsTaxExemption({ ...eligible, billingCountry: country })).toBe(true);
  });

  it.each<[string, Partial<TaxExemptionInput>]>([
    ['a country outside the list', { billingCountry: 'CA' }],
    ['the UM islands, not in the list', { billingCountry: 'UM' }],
    ['a personal account', { accountType: 'personal' }],
    ['the card gateway', { gateway: 'braintree' }],
    ['a complimentary gateway', { gateway: 'complimentary' }],
    ['no gateway yet', { gateway: null }],
    ['a complimentary order', { orderIsComplimentary: true }],
  ])('does not show for %s', (_name, overrides) => {
    expect(showsTaxExemption({ ...eligible, ...overrides })).toBe(false);
  });

  it('shows for education accounts and for lower-case codes too', () => {
    expect(showsTaxExemption({ ...eligible, accountType: 'education', billingCountry: 'pr' })).toBe(true);
  });

  it('shows exactly when all four conditions hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('US', 'PR', 'VI', 'GB', 'CA', 'MX', 'DE'),
        fc.constantFrom<AccountType>(...ACCOUNT_TYPES),
        fc.constantFrom<PaymentGateway | null>('braintree', 'digital-river', 'complimentary', null),
        fc.boolean(),
        (billingCountry, accountType, gateway, orderIsComplimentary) => {
          const expected =
            ['US', 'PR', 'VI'].includes(billingCountry) && accountType !== 'personal' && gateway === 'digital-river' && !orderIsComplimentary;
          expect(showsTaxExemption({ billingCountry, accountType, gateway, orderIsComplimentary })).toBe(expected);
        },
      ),
    );
  });
});

describe('tax ID checks', () => {
  it.each<[string, boolean]>([
    ['JP', true],
    ['jp', true],
    ['DE', false],
    ['US', false],
  ])('skipsTaxIdCheck(%s) is %s', (country, skips) => {
    expect(skipsTaxIdCheck(country)).toBe(skips);
  });

  it.each<[string | null | undefined, AccountType, string, boolean]>([
    ['DE123456789', 'business', 'DE', true],
    ['DE123456789', 'education', 'DE', true],
    ['T1234567890123', 'business', 'JP', false],
    ['DE123456789', 'personal', 'DE', false],
    ['  ', 'education', 'DE', false],
    ['', 'business', 'DE', false],
    [null, 'education', 'DE', false],
    [undefined, 'business', 'GB', false],
  ])('vat id %p for a %s account in %s: checked %s', (vatId, accountType, country, checked) => {
    expect(shouldCheckTaxId({ vatId, accountType, country })).toBe(checked);
  });

  it.each<[AccountType, string, readonly string[] | undefined, boolean]>([
    ['business', 'DE', ['DE', 'FR'], true],
    ['education', 'FR', ['DE', 'FR'], true],
    ['personal', 'DE', ['DE'], false],
    ['business', 'US', ['DE'], false],
    ['business', 'JP', undefined, true],
    ['business', 'US', undefined, false],
  ])('the Tax ID field for %s in %s (list %j) shows: %s', (type, country, list, shows) => {
    expect(showsTaxIdField(type, country, list)).toBe(shows);
  });
});

describe('isMexicanZeroTaxStatement', () => {
  it.each<[string, boolean, boolean]>([
    ['MX', true, true],
    ['mx', true, true],
    ['MX', false, false],
    ['US', true, false],
    ['ES', true, false],
  ])('%s with zero tax %s: %s', (country, zero, shows) => {
    expect(isMexicanZeroTaxStatement(country, zero)).toBe(shows);
  });
});
