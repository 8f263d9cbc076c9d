import fc from 'fast-check';
import {
  onBillingCountryChange,
  paymentSetupAfter,
  resetPaymentSetup,
  resetsPaymentSetup,
  shouldCheckTaxId,
  showsMexicanZeroTaxStatement,
  showsTaxExemption,
  showsTaxIdField,
  skipsTaxIdCheck,
  TAX_EXEMPTION_COUNTRIES,
  type CheckoutChange,
} from './tax-rules';

describe('the tax exemption block', () => {
  const shown = { billingCountry: 'US', accountType: 'business' as const, gateway: 'digital-river' as const, orderIsComplimentary: false };

  it('shows for organisations in the US list paying the merchant of record', () => {
    expect(TAX_EXEMPTION_COUNTRIES).toEqual(['US', 'PR', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI']);
    for (const country of TAX_EXEMPTION_COUNTRIES) expect(showsTaxExemption({ ...shown, billingCountry: country })).toBe(true);
    expect(showsTaxExemption({ ...shown, accountType: 'education' })).toBe(true);
  });

  it('hides for any condition that fails', () => {
    expect(showsTaxExemption({ ...shown, billingCountry: 'CA' })).toBe(false);
    expect(showsTaxExemption({ ...shown, accountType: 'personal' })).toBe(false);
    expect(showsTaxExemption({ ...shown, gateway: 'braintree' })).toBe(false);
    expect(showsTaxExemption({ ...shown, gateway: null })).toBe(false);
    expect(showsTaxExemption({ ...shown, orderIsComplimentary: true })).toBe(false);
  });
});

describe('tax IDs', () => {
  it('checks a given ID of an organisation outside JP', () => {
    expect(skipsTaxIdCheck('JP')).toBe(true);
    expect(skipsTaxIdCheck('DE')).toBe(false);
    expect(shouldCheckTaxId({ vatId: 'DE123456789', accountType: 'business', country: 'DE' })).toBe(true);
    expect(shouldCheckTaxId({ vatId: 'T1234567890123', accountType: 'business', country: 'JP' })).toBe(false);
    expect(shouldCheckTaxId({ vatId: 'DE123456789', accountType: 'personal', country: 'DE' })).toBe(false);
    expect(shouldCheckTaxId({ vatId: '  ', accountType: 'education', country: 'DE' })).toBe(false);
    expect(shouldCheckTaxId({ vatId: null, accountType: 'education', country: 'DE' })).toBe(false);
  });

  it('shows the field only to organisations in the listed countries', () => {
    expect(showsTaxIdField('business', 'DE', ['DE', 'FR'])).toBe(true);
    expect(showsTaxIdField('education', 'FR', ['DE', 'FR'])).toBe(true);
    expect(showsTaxIdField('personal', 'DE', ['DE'])).toBe(false);
    expect(showsTaxIdField('business', 'US', ['DE'])).toBe(false);
    expect(showsTaxIdField('business', 'JP')).toBe(true);
    expect(showsTaxIdField('business', 'US')).toBe(false);
  });

  it('shows the Mexican statement only for MX with no tax', () => {
    expect(showsMexicanZeroTaxStatement('MX', true)).toBe(true);
    expect(showsMexicanZeroTaxStatement('MX', false)).toBe(false);
    expect(showsMexicanZeroTaxStatement('US', true)).toBe(false);
  });
});

describe('payment set-up resets', () => {
  const ready = { gateway: 'digital-river' as const, session: { id: 's' }, source: { id: 'src' }, clientToken: 't', isMorReady: true };

  it('throws the set-up away after basket and billing changes only', () => {
    const changes: CheckoutChange[] = ['change-choice', 'change-quantity', 'remove-line', 'apply-discount', 'remove-discount', 'change-billing-address'];
    for (const change of changes) {
      expect(resetsPaymentSetup(change)).toBe(true);
      expect(paymentSetupAfter(change, ready)).toEqual(resetPaymentSetup());
    }
    expect(paymentSetupAfter('sign-in', ready)).toBe(ready);
    expect(resetPaymentSetup()).toEqual({ gateway: null, session: null, source: null, clientToken: null, isMorReady: false });
  });

  it('clears the state on a real country change and the tax ID on any', () => {
    const address = { country: 'US', state: 'CA', vat_id: 'X1', line_1: '1 Main St' };
    expect(onBillingCountryChange(address, 'CA', 'US')).toEqual({ country: 'CA', state: '', vat_id: '', line_1: '1 Main St' });
    expect(onBillingCountryChange(address, 'US', 'US')).toEqual({ country: 'US', state: 'CA', vat_id: '', line_1: '1 Main St' });
    fc.assert(
      fc.property(fc.constantFrom('US', 'CA', 'GB', 'IT'), fc.option(fc.constantFrom('US', 'CA'), { nil: null }), (next, stored) => {
        const after = onBillingCountryChange(address, next, stored);
        expect(after.vat_id).toBe('');
        expect(after.state === '').toBe(next !== stored);
      }),
    );
  });
});
