import type { Order, Seller } from '@store/application';
import type { Customer } from '@store/domain';
import { shownText } from '../testing/pdf-text';
import { PdfInvoiceRenderer } from './pdf-invoice-renderer';

const seller: Seller = { name: 'Affinity Store Ltd', address: ['1 Example Street', 'Nottingham NG1 1AA', 'United Kingdom'], taxId: 'GB980780684' };
const customer = { firstName: 'Inês', lastName: 'Lopes', email: 'ines@example.com' } as Customer;

/** Photo 2 bought on a storefront, in its currency, with its VAT by billing country. */
const orderIn = (locale: string, currency: string, gross: number, tax: number, rate: number, country: string) =>
  ({
    number: 'AFS-00003001',
    status: 'paid',
    gateway: 'braintree',
    locale,
    currency,
    taxInclusive: true,
    netMinor: gross - tax,
    taxMinor: tax,
    grossMinor: gross,
    discountMinor: 0,
    discountCode: null,
    billingAddress: { line1: 'Rua Augusta 1', line2: null, line3: null, city: 'Lisboa', county: null, state: null, postalCode: '1100-048', country, vatId: null, vatIdStatus: null },
    shippingAddress: null,
    transactionId: 'txn-9',
    createdAt: new Date('2026-11-26T10:00:00Z'),
    paidAt: new Date('2026-11-26T10:00:05Z'),
    lines: [{ productName: 'Affinity Photo 2 for macOS', choiceName: 'macOS', quantity: 1, totalMinor: gross, discountMinor: 0, isBonus: false, taxRateBasisPoints: rate }],
  }) as unknown as Order;

describe('the invoice of a euro or złoty order', () => {
  it('writes euros as the euro storefront does, with the billing country\'s VAT and a European date', async () => {
    const text = shownText(await new PdfInvoiceRenderer().render(orderIn('en-eu', 'EUR', 4799, 897, 2300, 'PT'), customer, seller));
    for (const expected of ['Date: 26 November 2026', 'Affinity Photo 2 for macOS (macOS) × 1: €47.99', 'Net: €39.02', 'Tax at 23%: €8.97', 'Total: €47.99', 'Portugal']) {
      expect(text).toContain(expected);
    }
  });

  it('writes złoty as the złoty storefront does, symbol and Polish digits', async () => {
    const text = shownText(await new PdfInvoiceRenderer().render(orderIn('en-pl', 'PLN', 21999, 4114, 2300, 'PL'), customer, seller));
    for (const expected of ['Net: 178,85\u00a0zł', 'Tax at 23%: 41,14\u00a0zł', 'Total: 219,99\u00a0zł']) expect(text).toContain(expected);
    // The code was only ever a stand-in for a symbol the old font could not draw.
    expect(text).not.toContain('PLN');
  });
});
