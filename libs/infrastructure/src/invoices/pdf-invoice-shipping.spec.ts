import type { Order, Seller } from '@store/application';
import type { Customer } from '@store/domain';
import { shownText } from '../testing/pdf-text';
import { PdfInvoiceRenderer } from './pdf-invoice-renderer';

const seller: Seller = { name: 'Affinity Store Ltd', address: ['1 Example Street', 'Nottingham NG1 1AA', 'United Kingdom'], taxId: 'GB980780684' };
const customer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } as Customer;
const BERLIN = { line1: 'Hauptstraße 1', line2: null, line3: null, city: 'Berlin', county: null, state: null, postalCode: '10115', country: 'DE' };

// Software from the UK store with the printed workbook posted to Berlin: two rates on one invoice.
const order = {
  number: 'AFS-00002001',
  status: 'paid',
  gateway: 'braintree',
  locale: 'en-gb',
  currency: 'GBP',
  taxInclusive: true,
  netMinor: 7665,
  taxMinor: 1492,
  grossMinor: 9157,
  discountMinor: 0,
  discountCode: null,
  billingAddress: { line1: '10 Downing Street', line2: null, line3: null, city: 'London', county: null, state: null, postalCode: 'SW1A 2AA', country: 'GB', vatId: null, vatIdStatus: null },
  shippingAddress: BERLIN,
  transactionId: 'txn-7',
  createdAt: new Date('2026-11-26T10:00:00Z'),
  paidAt: new Date('2026-11-26T10:00:05Z'),
  lines: [
    { productName: 'Affinity Photo 2 for macOS', choiceName: 'macOS', quantity: 1, totalMinor: 4199, discountMinor: 0, isBonus: false, taxRateBasisPoints: 2000 },
    { productName: 'The Affinity Photo Workbook (hardback)', choiceName: 'Hardback', quantity: 1, totalMinor: 4958, discountMinor: 0, isBonus: false, taxRateBasisPoints: 1900 },
  ],
} as unknown as Order;

describe('the invoice of an order with a posted product', () => {
  it('says where it was delivered and states the tax at each rate', async () => {
    const text = shownText(await new PdfInvoiceRenderer().render(order, customer, seller));
    for (const expected of ['Delivered to', 'Hauptstraße 1, Berlin, 10115, Germany', 'Net: £76.65', 'Tax at 20%: £7.00', 'Tax at 19%: £7.92', 'Total: £91.57']) {
      expect(text).toContain(expected);
    }
    // Not one blended rate for the two.
    expect(text).not.toMatch(/Tax at 19\.\d%/);
  });

  it('keeps one rate, and no delivery, for an order of downloads', async () => {
    const downloads = { ...order, shippingAddress: null, netMinor: 3499, taxMinor: 700, grossMinor: 4199, lines: [order.lines[0]] } as Order;
    const text = shownText(await new PdfInvoiceRenderer().render(downloads, customer, seller));
    expect(text).toContain('Tax at 20%: £7.00');
    expect(text).not.toContain('Delivered to');
  });
});
