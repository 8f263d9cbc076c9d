import type { Order, Seller } from '@store/application';
import type { Customer } from '@store/domain';
import { shownText } from '../testing/pdf-text';
import { PdfInvoiceRenderer } from './pdf-invoice-renderer';

const seller: Seller = { name: 'Affinity Store Ltd', address: ['1 Example Street', 'Nottingham NG1 1AA', 'United Kingdom'], taxId: 'GB980780684' };
const renderer = new PdfInvoiceRenderer();

/** Photo 2 bought on the złoty storefront by a buyer billed at the given address. */
const orderFrom = (line1: string, city: string, postalCode: string, country: string) =>
  ({
    number: 'AFS-00004001',
    status: 'paid',
    gateway: 'braintree',
    locale: 'en-pl',
    currency: 'PLN',
    taxInclusive: true,
    netMinor: 17885,
    taxMinor: 4114,
    grossMinor: 21999,
    discountMinor: 0,
    discountCode: null,
    billingAddress: { line1, line2: null, line3: null, city, county: null, state: null, postalCode, country, vatId: null, vatIdStatus: null },
    shippingAddress: null,
    transactionId: 'txn-77',
    createdAt: new Date('2026-11-26T10:00:00Z'),
    paidAt: new Date('2026-11-26T10:00:05Z'),
    lines: [{ productName: 'Affinity Photo 2 for macOS', choiceName: 'macOS', quantity: 1, totalMinor: 21999, discountMinor: 0, isBonus: false, taxRateBasisPoints: 2300 }],
  }) as unknown as Order;
const buyer = (firstName: string, lastName: string, email: string) => ({ firstName, lastName, email }) as Customer;
const linesOf = (pdf: Uint8Array) => shownText(pdf).split('\n');

describe('the invoice writes every buyer as typed', () => {
  it('prints a Polish buyer, their address and a złoty total exactly as the storefront shows them', async () => {
    const pdf = await renderer.render(orderFrom('ul. Świętokrzyska 12', 'Łódź', '90-001', 'PL'), buyer('Łukasz', 'Wąsik', 'lukasz@example.com'), seller);
    const lines = linesOf(pdf);
    for (const expected of ['Łukasz Wąsik', 'ul. Świętokrzyska 12', 'Łódź', '90-001', 'Poland', 'Total: 219,99\u00a0zł', 'Net: 178,85\u00a0zł']) expect(lines).toContain(expected);
  });

  it('prints Greek and Cyrillic names and places', async () => {
    const greek = linesOf(await renderer.render(orderFrom('Οδός Ερμού 25', 'Αθήνα', '105 63', 'GR'), buyer('Αλέξανδρος', 'Παπαδόπουλος', 'alex@example.com'), seller));
    for (const expected of ['Αλέξανδρος Παπαδόπουλος', 'Οδός Ερμού 25', 'Αθήνα', 'Greece']) expect(greek).toContain(expected);
    const cyrillic = linesOf(await renderer.render(orderFrom('ул. Витоша 15', 'София', '1000', 'BG'), buyer('Иван', 'Петров', 'ivan@example.com'), seller));
    for (const expected of ['Иван Петров', 'ул. Витоша 15', 'София', 'Bulgaria']) expect(cyrillic).toContain(expected);
    // Both scripts in one invoice, after the two above from the same renderer: each copies out as itself.
    const both = linesOf(await renderer.render(orderFrom('Οδός Ερμού 25', 'Αθήνα', '105 63', 'GR'), buyer('Πέτρος', 'Петров', 'petros@example.com'), seller));
    expect(both).toContain('Πέτρος Петров');
  });

  it('embeds its own Unicode font, regular and bold, and no standard font', async () => {
    const pdf = await renderer.render(orderFrom('ul. Świętokrzyska 12', 'Łódź', '90-001', 'PL'), buyer('Łukasz', 'Wąsik', 'lukasz@example.com'), seller);
    const source = Buffer.from(pdf).toString('latin1');
    expect(source.startsWith('%PDF-')).toBe(true);
    expect(source.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(source.match(/\/FontFile2 \d+ 0 R/g)).toHaveLength(2);
    // Subset fonts are named with a six-letter tag: only the glyphs the invoice uses are embedded.
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b(?!-)/);
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(source).not.toContain('Helvetica');
    // Two subset fonts keep an invoice far below the 1.4 MB of the whole font files.
    expect(pdf.length).toBeLessThan(50_000);
  });

  it('marks each character the font cannot draw with the replacement character, keeping the rest', async () => {
    const pdf = await renderer.render(orderFrom('1-1 Marunouchi 🦄', 'Tōkyō 東京', '100-0005', 'PL'), buyer('Łukasz 山田', 'Wąsik 🍣', 'lukasz@example.com'), seller);
    const lines = linesOf(pdf);
    for (const expected of ['Łukasz \uFFFD\uFFFD Wąsik \uFFFD', '1-1 Marunouchi \uFFFD', 'Tōkyō \uFFFD\uFFFD', 'Total: 219,99\u00a0zł']) expect(lines).toContain(expected);
    // Never the font's .notdef box, which a reader copies as NUL and which says nothing of what was there.
    expect(shownText(pdf)).not.toContain('\u0000');
  });
});
