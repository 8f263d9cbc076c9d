import { ErrorCatalogue, type BasketJson, type CustomerJson } from '@store/domain';
import { invoiceProblems, PAY_UPON_INVOICE_MESSAGES } from '../pay-upon-invoice/invoice-checks';
import { addressOf, baseStartOptions, invoiceLineItems, localPaymentFailure, missingOptionOf, PHONE_MESSAGES, readPhone, TIMED_OUT } from './local-payment';

const eur = (amount_minor: number) => ({ amount_minor, currency: 'EUR' });
const totals = (gross: number, tax: number) => ({ net: eur(gross - tax), tax: eur(tax), gross: eur(gross), is_zero_vat: false, is_zero_total: false });

/** A German basket (19% VAT included) with the given lines: [name, quantity, total, discount]. */
function basketOf(lines: readonly (readonly [string, number, number, number])[], tax: number, inclusive = true): BasketJson {
  const gross = lines.reduce((sum, [, , total, discount]) => sum + total - discount, 0) + (inclusive ? 0 : tax);
  return {
    lines: lines.map(([name, quantity, total, discount]) => ({ name, quantity, total: eur(total), discount: eur(discount) })),
    pricing: { tax_inclusive: inclusive, total: totals(gross, tax), total_with_discount_applied: null, applied_voucher: null, amount_to_pay: eur(gross) },
  } as unknown as BasketJson;
}

const sumOf = (items: ReturnType<typeof invoiceLineItems>) =>
  Math.round(items.reduce((sum, item) => sum + Number(item.quantity) * (Number(item.unitAmount) + Number(item.unitTaxAmount)) * 100, 0));

const customer = {
  public_id: 'c-1',
  email: 'max@example.de',
  first_name: 'Max',
  last_name: 'Mustermann',
  billing: { line_1: 'Schönhauser Allee 84', line_2: null, line_3: null, city: 'Berlin', county: null, state: null, postal_code: '10439', country: 'DE', vat_id: null, vat_id_status: null },
} as unknown as CustomerJson;

describe('the invoice lines of pay upon invoice', () => {
  it('split each line into net and tax per unit that add up to the total to the cent', () => {
    const basket = basketOf([['Affinity Photo 2', 1, 5999, 0], ['Affinity Designer 2', 2, 11998, 1200]], 2681);
    const items = invoiceLineItems(basket);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ category: 'DIGITAL_GOODS', name: 'Affinity Photo 2', quantity: '1' });
    expect(Number(items[0].unitAmount) + Number(items[0].unitTaxAmount)).toBeCloseTo(59.99, 2);
    expect(sumOf(items)).toBe(5999 + 11998 - 1200);
    const tax = Math.round(items.reduce((sum, item) => sum + Number(item.quantity) * Number(item.unitTaxAmount) * 100, 0));
    expect(tax).toBe(2681);
  });

  it('send a line whose amounts do not divide by its quantity as one unit named with the quantity', () => {
    const items = invoiceLineItems(basketOf([['Font pack', 3, 1000, 0]], 160));
    expect(items).toEqual([{ category: 'DIGITAL_GOODS', name: '3 × Font pack', quantity: '1', unitAmount: '8.40', unitTaxAmount: '1.60' }]);
  });

  it('add the tax on top when prices are before tax, and leave out lines that cost nothing', () => {
    const items = invoiceLineItems(basketOf([['Bonus brushes', 1, 0, 0], ['Affinity Photo 2', 2, 10000, 0]], 1900, false));
    expect(items).toEqual([{ category: 'DIGITAL_GOODS', name: 'Affinity Photo 2', quantity: '2', unitAmount: '50.00', unitTaxAmount: '9.50' }]);
  });
});

describe("the phone number in the provider's format", () => {
  it('takes the country code and the national number as digits', () => {
    expect(readPhone('+351', '912 345 678')).toEqual({ phone: { countryCode: '351', number: '912345678' }, errors: {} });
    expect(readPhone('0039', '(06) 1234-5678').phone).toEqual({ countryCode: '39', number: '0612345678' });
  });

  it('says at each field what is missing or wrong', () => {
    expect(readPhone('', '').errors).toEqual({ countryCode: PHONE_MESSAGES.countryCodeMissing, number: PHONE_MESSAGES.numberMissing });
    expect(readPhone('3510', '12345').errors).toEqual({ countryCode: PHONE_MESSAGES.countryCodeInvalid, number: PHONE_MESSAGES.numberInvalid });
    expect(readPhone('351', '91234567890123456').phone).toBeUndefined();
  });
});

describe('the start options every local payment takes (spec 3 §3)', () => {
  it('carry the amount, the customer, the billing address, no shipping, the way back and the popup size', () => {
    const options = baseStartOptions({ method: 'pay-upon-invoice', amount: '59.99', currency: 'EUR', customer, returnUrl: 'https://shop.test/en-eu/checkout/local-payment/' });
    expect(options).toMatchObject({
      paymentType: 'pay_upon_invoice',
      amount: '59.99',
      currencyCode: 'EUR',
      givenName: 'Max',
      surname: 'Mustermann',
      email: 'max@example.de',
      paymentTypeCountryCode: 'DE',
      address: { streetAddress: 'Schönhauser Allee 84', locality: 'Berlin', postalCode: '10439', countryCode: 'DE' },
      shippingAddressRequired: false,
      fallback: { url: 'https://shop.test/en-eu/checkout/local-payment/', buttonText: 'Return to Affinity Store' },
      windowOptions: { width: 1282, height: 720 },
    });
    expect(addressOf({ ...customer, billing: null })).toEqual({});
  });
});

describe("the local-payment module's errors (spec 3 §8)", () => {
  it('each give their own message and end the reserved order with their reason', () => {
    expect(localPaymentFailure('LOCAL_PAYMENT_CANCELED')).toEqual({ code: ErrorCatalogue.LOCAL_PAYMENT_CANCELED.code, reason: 'canceled' });
    expect(localPaymentFailure('LOCAL_PAYMENT_WINDOW_CLOSED')).toEqual({ code: ErrorCatalogue.LOCAL_PAYMENT_WINDOW_CLOSED.code, reason: 'window-closed' });
    expect(localPaymentFailure('LOCAL_PAYMENT_WINDOW_OPEN_FAILED')).toEqual({ code: ErrorCatalogue.LOCAL_PAYMENT_WINDOW_BLOCKED.code, reason: 'failed' });
    expect(localPaymentFailure(TIMED_OUT)).toEqual({ code: ErrorCatalogue.LOCAL_PAYMENT_TIMED_OUT.code, reason: 'timeout' });
    expect(localPaymentFailure('LOCAL_PAYMENT_INVALID_PAYMENT_OPTION')).toEqual({ code: ErrorCatalogue.LOCAL_PAYMENT_DETAILS_REFUSED.code, reason: 'failed' });
    expect(localPaymentFailure('LOCAL_PAYMENT_NOT_ENABLED').code).toBe(ErrorCatalogue.LOCAL_PAYMENT_NOT_ENABLED.code);
    for (const code of ['LOCAL_PAYMENT_START_PAYMENT_FAILED', 'LOCAL_PAYMENT_START_PAYMENT_DEFERRED_PAYMENT_FAILED', 'LOCAL_PAYMENT_TOKENIZATION_FAILED', undefined]) {
      expect(localPaymentFailure(code)).toEqual({ code: ErrorCatalogue.LOCAL_PAYMENT_FAILED.code, reason: 'failed' });
    }
  });

  it('leave another payment in progress alone', () => {
    expect(localPaymentFailure('LOCAL_PAYMENT_ALREADY_IN_PROGRESS')).toEqual({ code: ErrorCatalogue.LOCAL_PAYMENT_IN_PROGRESS.code, reason: null });
  });

  it("read the option braintree-web names missing, and nothing else", () => {
    expect(missingOptionOf({ code: 'LOCAL_PAYMENT_START_PAYMENT_MISSING_REQUIRED_OPTION', details: "Missing required 'birthDate' option." })).toBe('birthDate');
    expect(missingOptionOf({ details: { originalError: {} } })).toBeNull();
    expect(missingOptionOf(null)).toBeNull();
  });
});

describe("pay upon invoice's checks before the provider is asked (spec 3 §5)", () => {
  const today = new Date('2026-11-26T12:00:00Z');
  const check = (birthDate: string, changes: Partial<CustomerJson> = {}) => invoiceProblems({ customer: { ...customer, ...changes }, birthDate, phone: {}, today });

  it('want a real date of birth of an adult', () => {
    expect(check('')).toEqual({ birthDate: PAY_UPON_INVOICE_MESSAGES.birthDateMissing });
    expect(check('1990-02-31')).toEqual({ birthDate: PAY_UPON_INVOICE_MESSAGES.birthDateInvalid });
    expect(check('2027-01-01')).toEqual({ birthDate: PAY_UPON_INVOICE_MESSAGES.birthDateInvalid });
    expect(check('2008-11-27')).toEqual({ birthDate: PAY_UPON_INVOICE_MESSAGES.tooYoung });
    expect(check('2008-11-26')).toEqual({});
  });

  it('want a complete billing address in Germany, the email and the names', () => {
    const billing = customer.billing as NonNullable<CustomerJson['billing']>;
    expect(check('1990-01-01', { billing: { ...billing, postal_code: ' ' } })).toEqual({ address: PAY_UPON_INVOICE_MESSAGES.addressIncomplete });
    expect(check('1990-01-01', { billing: { ...billing, country: 'AT' } })).toEqual({ address: PAY_UPON_INVOICE_MESSAGES.addressNotGermany });
    expect(check('1990-01-01', { email: '' })).toEqual({ email: PAY_UPON_INVOICE_MESSAGES.emailMissing });
    expect(check('1990-01-01', { last_name: '' })).toEqual({ form: PAY_UPON_INVOICE_MESSAGES.nameMissing });
  });

  it("pass the phone's own messages to its fields", () => {
    const found = invoiceProblems({ customer, birthDate: '1990-01-01', phone: readPhone('', '12').errors, today });
    expect(found).toEqual({ phoneCountryCode: PHONE_MESSAGES.countryCodeMissing, phone: PHONE_MESSAGES.numberInvalid });
  });
});
