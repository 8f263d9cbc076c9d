import fc from 'fast-check';
import { accountFormSchema, NAME_BLACKLIST, ORGANISATION_BLACKLIST, passwordRulesFor, passwordShapeRules, type AccountForm } from './account-form.rules';
import { ADDRESS_BLACKLIST, billingAddressSchema, billingFieldLabel, line1Warning, stripSpaces, type BillingAddressForm } from './billing-address.rules';
import { cardFieldMessage, cardholderNameMessage, securityCodeLabel } from './card-fields';
import { normaliseTextInput, parseQuantityInput, settleQuantity } from './input-normalisation';
import { Messages } from './messages';
import { firstError, validateForm, type Rule } from './rule';
import { emailCaptureRules, securityCodeRules, signInSchema } from './sign-in.rules';
import { defaultCertificateDates, isIsoDate, taxExemptionSchema, type TaxExemptionForm } from './tax-exemption.rules';

const account = (overrides: Partial<AccountForm> = {}): AccountForm => ({
  accountType: 'personal',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'GB',
  password: 'correct horse',
  termsAndConditions: true,
  marketingSignUp: false,
  companyName: '',
  businessSector: '',
  educationName: '',
  educationInstitution: '',
  ...overrides,
});
const noContext = { countryDetected: false, basketHasMultiUserProduct: false };

const PRINTABLE = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('') + 'éèñüøßåçÆŒ§¬';
const allowedCharacters = (blacklist: string) => [...PRINTABLE].filter((character) => !blacklist.includes(character));

describe('blacklists, exhaustively', () => {
  const fields: [string, string, (value: string) => string | null][] = [
    ['first name', NAME_BLACKLIST.characters, (v) => validateForm(account({ firstName: `A${v}a` }), accountFormSchema(noContext)).firstName ?? null],
    ['last name', NAME_BLACKLIST.characters, (v) => validateForm(account({ lastName: `A${v}a` }), accountFormSchema(noContext)).lastName ?? null],
    [
      'company name',
      ORGANISATION_BLACKLIST.characters,
      (v) => validateForm(account({ accountType: 'business', businessSector: 'x', companyName: `A${v}a` }), accountFormSchema(noContext)).companyName ?? null,
    ],
    [
      'institution name',
      ORGANISATION_BLACKLIST.characters,
      (v) =>
        validateForm(account({ accountType: 'education', educationInstitution: 'x', educationName: `A${v}a` }), accountFormSchema(noContext)).educationName ?? null,
    ],
    ...(['line_1', 'line_2', 'line_3', 'city', 'county', 'postal_code'] as const).map(
      (field) =>
        [
          `address ${field}`,
          ADDRESS_BLACKLIST.characters,
          (v: string) => validateForm(billing({ [field]: `A${v}a` }), billingAddressSchema)[field] ?? null,
        ] as [string, string, (value: string) => string | null],
    ),
  ];

  it.each(fields)('%s: every blacklisted character and the double hyphen are refused', (_name, blacklist, check) => {
    for (const character of blacklist) expect(check(character)).toBe(Messages.noInvalidChars);
    expect(check('--')).toBe(Messages.noInvalidChars);
  });

  it.each(fields)('%s: every other printable character is accepted', (_name, blacklist, check) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...allowedCharacters(blacklist)), { minLength: 1, maxLength: 30 }), (characters) => {
        const text = characters.join('').replace(/-(?=-)/g, '-x');
        expect(check(text)).toBeNull();
      }),
    );
  });
});

describe('the account form', () => {
  it('passes a complete personal account', () => {
    expect(validateForm(account(), accountFormSchema(noContext))).toEqual({});
  });

  it('requires each type’s own fields, and only those', () => {
    expect(validateForm(account({ accountType: 'business' }), accountFormSchema(noContext))).toEqual({
      companyName: 'Company name is required',
      businessSector: 'Business sector is required',
    });
    expect(validateForm(account({ accountType: 'education' }), accountFormSchema(noContext))).toEqual({
      educationName: 'Institution name is required',
      educationInstitution: 'Institution type is required',
    });
  });

  it('refuses personal with a multi-user product and asks for a type', () => {
    const multi = accountFormSchema({ countryDetected: true, basketHasMultiUserProduct: true });
    expect(validateForm(account(), multi).accountType).toBe('Choose an account type');
    expect(validateForm(account({ accountType: '' }), multi).accountType).toBe('Choose an account type');
    expect(validateForm(account({ accountType: null }), accountFormSchema(noContext)).accountType).toBe('Account type is required');
  });

  it('asks for the country only when none was detected', () => {
    expect(validateForm(account({ country: '' }), accountFormSchema(noContext)).country).toBe('Country is required');
    expect(validateForm(account({ country: '' }), accountFormSchema({ ...noContext, countryDetected: true })).country).toBeUndefined();
  });

  it('checks the password, terms and marketing choice with their own messages', () => {
    const schema = accountFormSchema(noContext);
    expect(validateForm(account({ password: '' }), schema).password).toBe('Password is required');
    expect(validateForm(account({ password: 'abcde' }), schema).password).toBe('Your password must be at least six characters');
    expect(validateForm(account({ password: 'abcdef' }), schema).password).toBeUndefined();
    expect(validateForm(account({ password: 'x'.repeat(256) }), schema).password).toBe('Field must contain no more than 255 characters');
    // The store may ask for more than the spec's six (PASSWORD_MIN_LENGTH): 8, with its own number.
    const eight = accountFormSchema({ ...noContext, passwordMinLength: 8 });
    expect(validateForm(account({ password: 'abcdefg' }), eight).password).toBe('Your password must be at least 8 characters');
    expect(validateForm(account({ password: 'abcdefgh' }), eight).password).toBeUndefined();
    expect(firstError('abcde', passwordRulesFor())).toBe('Your password must be at least six characters');
    expect(firstError('abcdefg', passwordRulesFor(8))).toBe('Your password must be at least 8 characters');
    expect(firstError('abc', passwordShapeRules)).toBeNull();
    expect(firstError('', passwordShapeRules)).toBe('Password is required');
    expect(validateForm(account({ termsAndConditions: false }), schema).termsAndConditions).toBe(
      'You must agree to the terms and conditions before you can continue',
    );
    expect(validateForm(account({ marketingSignUp: null }), schema).marketingSignUp).toBe('Choose a marketing preference');
    expect(validateForm(account({ firstName: 'x'.repeat(256) }), schema).firstName).toBe('Field must contain no more than 255 characters');
  });
});

describe('sign-in and email capture', () => {
  it('asks for email and password, or only the security code', () => {
    expect(validateForm({ email: '', password: '' }, signInSchema(false))).toEqual({
      email: 'Enter your email address',
      password: 'Enter your password',
    });
    expect(validateForm({ email: 'not-an-email', password: 'x' }, signInSchema(false))).toEqual({ email: 'Enter a valid email address' });
    expect(validateForm({ email: '', password: '', otp: '' }, signInSchema(true))).toEqual({ otp: 'Enter your security code' });
  });

  it.each([
    ['', 'Enter your security code'],
    ['12345', 'Your security code must contain at least 6 characters'],
    ['12345678901', 'Your security code must contain no more than 10 characters'],
    ['123 456', 'Field contains invalid characters'],
    ['123456', null],
    ['abcd-efgh', null],
  ])('security code "%s"', (code, message) => {
    let result: string | null = null;
    for (const rule of securityCodeRules as Rule[]) {
      result = rule(code);
      if (result !== null) break;
    }
    expect(result).toBe(message);
  });

  it('captures an email of at most 255 characters', () => {
    const check = (value: string) => emailCaptureRules.map((rule) => rule(value)).find((message) => message !== null) ?? null;
    expect(check('')).toBe('Email address is required');
    expect(check('jo@example.com')).toBeNull();
    expect(check(`${'a'.repeat(250)}@example.com`)).toBe('Field must contain no more than 255 characters');
  });
});

function billing(overrides: Partial<BillingAddressForm> = {}): BillingAddressForm {
  return {
    line_1: '1 Long Road',
    line_2: '',
    line_3: '',
    city: 'Nottingham',
    county: '',
    state: '',
    postal_code: 'NG1 1AA',
    country: 'GB',
    vat_id: '',
    ...overrides,
  };
}

describe('the billing address', () => {
  it('requires line 1, city, postal code and country, and a state where the country lists them', () => {
    expect(validateForm(billing(), billingAddressSchema)).toEqual({});
    expect(validateForm(billing({ line_1: '', city: '', postal_code: '', country: '' }), billingAddressSchema)).toEqual({
      line_1: 'Address line 1 is required',
      city: 'Town/City is required',
      postal_code: 'Postal code is required',
      country: 'Country is required',
    });
    expect(validateForm(billing({ country: 'US', postal_code: '' }), billingAddressSchema)).toEqual({
      state: 'State is required',
      postal_code: 'Zip Code is required',
    });
    expect(validateForm(billing({ country: 'US', state: 'ZZ' }), billingAddressSchema).state).toBe('Field contains invalid characters');
  });

  it('labels the fields for the country, marking optional ones', () => {
    expect(billingFieldLabel('state', 'US')).toBe('State');
    expect(billingFieldLabel('postal_code', 'US')).toBe('Zip Code');
    expect(billingFieldLabel('postal_code', 'GB')).toBe('Postal code');
    expect(billingFieldLabel('line_2', 'GB')).toBe('Address line 2 (optional)');
    expect(billingFieldLabel('county', 'GB')).toBe('County (optional)');
    expect(billingFieldLabel('vat_id', 'DE')).toBe('Tax ID (optional)');
    expect(billingFieldLabel('state', 'GB')).toBe('State (optional)');
  });

  it('keeps the tax ID to its characters and strips spaces on blur', () => {
    expect(validateForm(billing({ vat_id: 'DE 123' }), billingAddressSchema).vat_id).toBe('The Tax ID you have entered is not valid');
    expect(stripSpaces(' DE 123 456\t789 ')).toBe('DE123456789');
    expect(validateForm(billing({ vat_id: stripSpaces('DE 123 456 789') }), billingAddressSchema).vat_id).toBeUndefined();
  });

  it('warns about a long first line with a comma', () => {
    expect(line1Warning('Flat 3, The Old Mill, 12 Riverside Walk, Nottingham')).toBe(Messages.line1TooLong);
    expect(line1Warning('Flat 3 The Old Mill 12 Riverside Walk Nottingham NG1')).toBeNull();
    expect(line1Warning('Flat 3, The Old Mill')).toBeNull();
    expect(line1Warning(`${'a'.repeat(44)},`)).toBeNull();
    expect(line1Warning(`${'a'.repeat(45)},`)).toBe(Messages.line1TooLong);
  });
});

describe('quantity and text inputs', () => {
  it('parses digits only', () => {
    expect(parseQuantityInput('12')).toBe(12);
    expect(parseQuantityInput(' 7 ')).toBe(7);
    for (const input of ['', '1.5', '-1', '1e3', 'two', '0x10']) expect(parseQuantityInput(input)).toBeNull();
  });

  it('always settles within min..max', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (input, min, extra) => {
        const settled = settleQuantity(input, min, min + extra);
        expect(Number.isInteger(settled)).toBe(true);
        expect(settled).toBeGreaterThanOrEqual(min);
        expect(settled).toBeLessThanOrEqual(min + extra);
      }),
    );
    expect(settleQuantity('250', 5, 100)).toBe(100);
    expect(settleQuantity('2', 5, 100)).toBe(5);
    expect(settleQuantity('abc', 5, 100)).toBe(5);
  });

  it('strips a pattern and treats empty as null', () => {
    expect(normaliseTextInput('  ', undefined)).toBe('  ');
    expect(normaliseTextInput('', undefined)).toBeNull();
    expect(normaliseTextInput(null)).toBeNull();
    expect(normaliseTextInput(undefined)).toBeNull();
    expect(normaliseTextInput('AB-12 3', /[^A-Z0-9]/)).toBe('AB123');
    expect(normaliseTextInput('---', /-/g)).toBeNull();
  });
});

describe('the tax exemption form', () => {
  const today = '2026-11-22';
  const form = (overrides: Partial<TaxExemptionForm> = {}): TaxExemptionForm => ({
    certificateTaxAuthority: 'CA',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    fileInput: { name: 'certificate.pdf', size: 1000 },
    ...overrides,
  });
  const errors = (overrides: Partial<TaxExemptionForm>) => validateForm(form(overrides), taxExemptionSchema(today));

  it('passes a valid certificate', () => {
    expect(errors({})).toEqual({});
  });

  it.each([
    [{ certificateTaxAuthority: '' }, 'certificateTaxAuthority', 'Certificate tax authority is required'],
    [{ startDate: '' }, 'startDate', 'Start date is required'],
    [{ startDate: '1959-12-31' }, 'startDate', 'Certificate start date is before 1 January 1960'],
    [{ startDate: '2026-11-23' }, 'startDate', 'Certificate start date is in the future'],
    [{ startDate: '2026-02-30' }, 'startDate', 'Enter a valid date'],
    [{ endDate: '' }, 'endDate', 'End date is required'],
    [{ endDate: '2026-11-21' }, 'endDate', 'Your certificate has expired'],
    [{ fileInput: null }, 'fileInput', 'Certificate is required'],
    [{ fileInput: { name: 'certificate.docx', size: 10 } }, 'fileInput', 'File type is not supported'],
    [{ fileInput: { name: 'certificate.PNG', size: 10_485_761 } }, 'fileInput', 'File size exceeds 10MB'],
  ] as const)('%j → %s: %s', (overrides, field, message) => {
    expect(errors(overrides as Partial<TaxExemptionForm>)).toEqual({ [field]: message });
  });

  it('accepts the edges: 1960-01-01, today as start and end, exactly 10 MB, every file type', () => {
    expect(errors({ startDate: '1960-01-01', endDate: today })).toEqual({});
    expect(errors({ startDate: today })).toEqual({});
    for (const name of ['a.pdf', 'a.jpg', 'a.JPEG', 'a.png']) expect(errors({ fileInput: { name, size: 10_485_760 } })).toEqual({});
  });

  it('defaults to the first and last day of the month, leap years included', () => {
    expect(defaultCertificateDates('2026-11-22')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(defaultCertificateDates('2028-02-10')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(defaultCertificateDates('2100-02-10').endDate).toBe('2100-02-28');
    expect(defaultCertificateDates('2000-02-10').endDate).toBe('2000-02-29');
    expect(defaultCertificateDates('2026-12-31')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
  });
});

describe('card fields', () => {
  it.each([
    ['number', 'Card number is required', 'Card number is invalid'],
    ['expirationMonth', 'Expiry month is required', 'Expiry month is invalid'],
    ['expirationYear', 'Expiry year is required', 'Expiry year is invalid'],
    ['cvv', 'Security code is required', 'Security code is invalid'],
  ] as const)('%s says required when empty and invalid when wrong', (field, requiredMessage, invalidMessage) => {
    expect(cardFieldMessage(field, { isEmpty: true, isValid: false })).toBe(requiredMessage);
    expect(cardFieldMessage(field, { isEmpty: false, isValid: false })).toBe(invalidMessage);
    expect(cardFieldMessage(field, { isEmpty: false, isValid: true })).toBeNull();
  });

  it('names the security code after the card type and trims the cardholder name', () => {
    expect(securityCodeLabel('American Express')).toBe('CID');
    expect(securityCodeLabel('master-card')).toBe('CVC');
    expect(securityCodeLabel('Maestro')).toBe('CVC');
    expect(securityCodeLabel('Discover')).toBe('CID');
    expect(securityCodeLabel('Visa')).toBe('CVV');
    expect(securityCodeLabel(null)).toBe('CVV');
    expect(cardholderNameMessage('   ', true)).toBe('Cardholder name is required');
    expect(cardholderNameMessage('   ', false)).toBeNull();
    expect(cardholderNameMessage(' Ada ', true)).toBeNull();
  });
});
