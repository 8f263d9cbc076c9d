import type { Order, Seller } from '@store/application';
import type { Customer } from '@store/domain';
import { shownText } from '../testing/pdf-text';
import { PdfInvoiceRenderer } from './pdf-invoice-renderer';

const seller: Seller = { name: 'Affinity Store Ltd', address: ['1 Example Street', 'Nottingham NG1 1AA', 'United Kingdom'], taxId: 'GB980780684' };
const customer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } as Customer;
const order = {
  number: 'AFS-00001001',
  status: 'paid',
  gateway: 'braintree',
  locale: 'en-gb',
  currency: 'GBP',
  taxInclusive: true,
  netMinor: 3499,
  taxMinor: 700,
  grossMinor: 4199,
  discountMinor: 0,
  discountCode: null,
  billingAddress: {
    line1: 'Unter den Linden 1',
    line2: null,
    line3: null,
    city: 'Berlin',
    county: null,
    state: null,
    postalCode: '10117',
    country: 'DE',
    vatId: 'DE136695976',
    vatIdStatus: 'valid',
  },
  transactionId: 'txn-42',
  createdAt: new Date('2026-11-22T10:00:00Z'),
  paidAt: new Date('2026-11-22T10:00:05Z'),
  lines: [
    { productName: 'Affinity Photo 2 for macOS', choiceName: 'macOS', quantity: 1, totalMinor: 4199, isBonus: false },
    { productName: 'Affinity Photo 2 for iPad', choiceName: 'iPad', quantity: 1, totalMinor: 0, isBonus: true },
  ],
} as unknown as Order;

describe('PdfInvoiceRenderer', () => {
  it('makes a complete PDF with seller, buyer, tax ID, lines, tax by rate and totals', async () => {
    const pdf = await new PdfInvoiceRenderer().render(order, customer, seller);
    const source = Buffer.from(pdf).toString('latin1');
    expect(source.startsWith('%PDF-')).toBe(true);
    expect(source.trimEnd().endsWith('%%EOF')).toBe(true);
    const text = shownText(pdf);
    for (const expected of [
      'Invoice number: AFS-00001001',
      'Date: 22 November 2026',
      'Affinity Store Ltd',
      'VAT number: GB980780684',
      'Ada Lovelace',
      'Unter den Linden 1',
      'Germany',
      'Tax ID: DE136695976',
      'Affinity Photo 2 for iPad (iPad) × 1: included',
      'Net: £34.99',
      'Tax at 20%: £7.00',
      'Total: £41.99',
      'Payment reference: txn-42',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('lists a voucher as a payment, leaving the sale and its tax as they are', async () => {
    const part = { ...order, voucherCode: 'GIFT-30', voucherMinor: 3000 } as Order;
    const text = shownText(await new PdfInvoiceRenderer().render(part, customer, seller));
    for (const expected of ['Tax at 20%: £7.00', 'Total: £41.99', 'Paid with voucher GIFT-30: £30.00', 'Paid £11.99. Payment reference: txn-42']) expect(text).toContain(expected);
    const whole = { ...order, gateway: 'complimentary', voucherCode: 'GIFT-100', voucherMinor: 4199, transactionId: null } as Order;
    const covered = shownText(await new PdfInvoiceRenderer().render(whole, customer, seller));
    expect(covered).toContain('Paid with voucher GIFT-100: £41.99');
    expect(covered).toContain('Paid in full by voucher.');
  });

  it('says nothing was charged for a free order without an address', async () => {
    const free = { ...order, billingAddress: null, netMinor: 0, taxMinor: 0, grossMinor: 0, transactionId: null } as Order;
    const text = shownText(await new PdfInvoiceRenderer().render(free, customer, seller));
    expect(text).toContain('Tax at 0%: £0.00');
    expect(text).toContain('Nothing was charged for this order.');
  });
});
