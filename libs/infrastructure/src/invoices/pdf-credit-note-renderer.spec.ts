import { refundAmounts, type CreditNote, type Order, type Seller } from '@store/application';
import type { Customer } from '@store/domain';
import { shownText } from '../testing/pdf-text';
import { PdfCreditNoteRenderer } from './pdf-credit-note-renderer';

const seller: Seller = { name: 'Affinity Store Ltd', address: ['1 Example Street', 'Nottingham NG1 1AA', 'United Kingdom'], taxId: 'GB980780684' };
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } as Customer;
const renderer = new PdfCreditNoteRenderer();
const line = (productName: string, choiceName: string, totalMinor: number, taxRateBasisPoints: number | null, isBonus = false) => ({
  productName,
  choiceName,
  quantity: 1,
  unitPriceMinor: totalMinor,
  totalMinor,
  discountMinor: 0,
  isBonus,
  taxRateBasisPoints,
});

/** Photo 2 with its free iPad version, and Designer 2, from the UK store to a German business. */
const order = {
  number: 'AFS-00001234',
  status: 'paid',
  gateway: 'braintree',
  locale: 'en-gb',
  currency: 'GBP',
  taxInclusive: true,
  netMinor: 6998,
  taxMinor: 1400,
  grossMinor: 8398,
  discountMinor: 0,
  discountCode: null,
  billingAddress: { line1: 'Unter den Linden 1', line2: null, line3: null, city: 'Berlin', county: null, state: null, postalCode: '10117', country: 'DE', vatId: 'DE136695976', vatIdStatus: 'valid' },
  shippingAddress: null,
  transactionId: 'txn-42',
  createdAt: new Date('2026-11-22T10:00:00Z'),
  paidAt: new Date('2026-11-22T10:00:05Z'),
  lines: [line('Affinity Photo 2 for macOS', 'macOS', 4199, 2000), line('Affinity Photo 2 for iPad', 'iPad', 0, null, true), line('Affinity Designer 2 for macOS', 'macOS', 4199, 2000)],
} as unknown as Order;

/** The credit note of refunding these lines, its figures the refund's, as the back office makes it. */
const noteOf = (of: Order, positions: number[], before: number[] = [], sequence = 1): CreditNote => {
  const { netMinor, taxMinor, grossMinor } = refundAmounts(of, positions, before);
  return { number: `${of.number}-CN${sequence}`, issuedAt: new Date('2026-11-27T09:30:00Z'), order: of, positions, netMinor, taxMinor, grossMinor, reason: 'Bought twice by mistake' };
};
const linesOf = async (note: CreditNote, customer: Customer = ada) => shownText(await renderer.render(note, customer, seller)).split('\n');

describe('PdfCreditNoteRenderer', () => {
  it('makes a complete PDF naming the invoice it corrects, with the credited line, its tax and the total as negative figures', async () => {
    const pdf = await renderer.render(noteOf(order, [2]), ada, seller);
    const source = Buffer.from(pdf).toString('latin1');
    expect(source.startsWith('%PDF-')).toBe(true);
    expect(source.trimEnd().endsWith('%%EOF')).toBe(true);
    const lines = shownText(pdf).split('\n');
    for (const expected of [
      'Credit note',
      'Credit note number: AFS-00001234-CN1',
      'Date: 27 November 2026',
      'Corrects invoice: AFS-00001234 of 22 November 2026',
      'Reason: Bought twice by mistake',
      'Affinity Store Ltd',
      'VAT number: GB980780684',
      'Ada Lovelace',
      'Unter den Linden 1',
      'Germany',
      'Tax ID: DE136695976',
      'Products credited',
      'Affinity Designer 2 for macOS (macOS) × 1: -£41.99',
      'Net: -£34.99',
      'Tax at 20%: -£7.00',
      'Total credited: -£41.99',
    ]) {
      expect(lines).toContain(expected);
    }
    // Only the line credited: Photo and its free iPad version stay sold.
    expect(lines.join('\n')).not.toContain('Affinity Photo 2');
    // Uncompressed with the invoice's two subset fonts and no standard one.
    expect(source.match(/\/FontFile2 \d+ 0 R/g)).toHaveLength(2);
    expect(source).not.toContain('Helvetica');
    // The document's title (in its info dictionary) names the note.
    expect(source).toContain('(Credit note AFS-00001234-CN1)');
  });

  it('credits the rest of the order after an earlier note, its free line included', async () => {
    const rest = await linesOf(noteOf(order, [0, 1], [2], 2));
    for (const expected of ['Credit note number: AFS-00001234-CN2', 'Affinity Photo 2 for macOS (macOS) × 1: -£41.99', 'Affinity Photo 2 for iPad (iPad) × 1: included', 'Total credited: -£41.99']) {
      expect(rest).toContain(expected);
    }
  });

  it('states the tax at each of the invoice’s rates for the lines credited at them', async () => {
    // Software at 20% and the workbook posted to Berlin at 19%: the invoice states £7.00 and £7.92.
    const posted = {
      ...order,
      netMinor: 7665,
      taxMinor: 1492,
      grossMinor: 9157,
      shippingAddress: { line1: 'Hauptstraße 1', line2: null, line3: null, city: 'Berlin', county: null, state: null, postalCode: '10115', country: 'DE' },
      lines: [line('Affinity Photo 2 for macOS', 'macOS', 4199, 2000), line('The Affinity Photo Workbook (hardback)', 'Hardback', 4958, 1900)],
    } as unknown as Order;
    const workbook = await linesOf(noteOf(posted, [1]));
    for (const expected of ['Delivered to', 'Hauptstraße 1, Berlin, 10115, Germany', 'The Affinity Photo Workbook (hardback) (Hardback) × 1: -£49.58', 'Net: -£41.66', 'Tax at 19%: -£7.92', 'Total credited: -£49.58']) {
      expect(workbook).toContain(expected);
    }
    expect(workbook.join('\n')).not.toContain('Tax at 20%');
    const both = await linesOf(noteOf(posted, [0, 1]));
    for (const expected of ['Tax at 20%: -£7.00', 'Tax at 19%: -£7.92', 'Total credited: -£91.57']) expect(both).toContain(expected);
  });

  it('credits what was paid after the invoice’s discount, and before tax in a tax-exclusive order', async () => {
    const discounted = { ...order, discountMinor: 840, discountCode: 'SAVE10', netMinor: 6298, taxMinor: 1260, grossMinor: 7558, lines: [{ ...order.lines[0], discountMinor: 420 }, order.lines[1], { ...order.lines[2], discountMinor: 420 }] } as Order;
    const note = await linesOf(noteOf(discounted, [0]));
    for (const expected of ['Affinity Photo 2 for macOS (macOS) × 1: -£37.79', 'Amounts after the invoice\'s discount SAVE10.', 'Total credited: -£37.79']) expect(note).toContain(expected);
    // A US order: $69.99 and $49.99 before an 8.875% sales tax of $10.65.
    const us = {
      ...order,
      locale: 'en-us',
      currency: 'USD',
      taxInclusive: false,
      netMinor: 11998,
      taxMinor: 1065,
      grossMinor: 13063,
      lines: [line('Affinity Photo 2 for macOS', 'macOS', 6999, null), line('Affinity Designer 2 for Windows', 'Windows', 4999, null)],
    } as unknown as Order;
    const credited = await linesOf(noteOf(us, [1]));
    for (const expected of ['Date: November 27, 2026', 'Affinity Designer 2 for Windows (Windows) × 1: -$49.99', 'Net: -$49.99', 'Tax at 8.9%: -$4.44', 'Total credited: -$54.43']) {
      expect(credited).toContain(expected);
    }
  });

  it('writes euros and złoty as their storefronts do', async () => {
    const euros = { ...order, locale: 'en-eu', currency: 'EUR', netMinor: 7803, taxMinor: 1795, grossMinor: 9598, lines: [line('Affinity Photo 2 for macOS', 'macOS', 4799, 2300), line('Affinity Designer 2 for macOS', 'macOS', 4799, 2300)] } as unknown as Order;
    // The order's tax splits 8.98 and 8.97 (the earlier line takes the odd cent): the second line's is an invoice's of one.
    const eur = await linesOf(noteOf(euros, [1]));
    for (const expected of ['Date: 27 November 2026', 'Affinity Designer 2 for macOS (macOS) × 1: -€47.99', 'Net: -€39.02', 'Tax at 23%: -€8.97', 'Total credited: -€47.99']) expect(eur).toContain(expected);
    const zloty = { ...order, locale: 'en-pl', currency: 'PLN', netMinor: 35771, taxMinor: 8227, grossMinor: 43998, lines: [line('Affinity Photo 2 for macOS', 'macOS', 21999, 2300), line('Affinity Designer 2 for macOS', 'macOS', 21999, 2300)] } as unknown as Order;
    const pln = await linesOf(noteOf(zloty, [0]));
    for (const expected of ['Net: -178,85\u00a0zł', 'Tax at 23%: -41,14\u00a0zł', 'Total credited: -219,99\u00a0zł']) expect(pln).toContain(expected);
    expect(pln.join('\n')).not.toContain('PLN');
  });

  it('writes Polish, Greek and Cyrillic buyers as typed, and marks what the font cannot draw', async () => {
    const at = (line1: string, city: string, country: string) => ({ ...order, billingAddress: { ...order.billingAddress, line1, city, postalCode: '1', country, vatId: null } }) as Order;
    const polish = await linesOf(noteOf(at('ul. Świętokrzyska 12', 'Łódź', 'PL'), [2]), { firstName: 'Łukasz', lastName: 'Wąsik', email: 'l@example.com' } as Customer);
    for (const expected of ['Łukasz Wąsik', 'ul. Świętokrzyska 12', 'Łódź', 'Poland']) expect(polish).toContain(expected);
    const greek = await linesOf(noteOf(at('Οδός Ερμού 25', 'Αθήνα', 'GR'), [2]), { firstName: 'Πέτρος', lastName: 'Петров', email: 'p@example.com' } as Customer);
    for (const expected of ['Πέτρος Петров', 'Οδός Ερμού 25', 'Αθήνα', 'Greece']) expect(greek).toContain(expected);
    const far = await linesOf(noteOf(at('1-1 Marunouchi 🦄', 'Tōkyō 東京', 'PL'), [2]), ada);
    for (const expected of ['1-1 Marunouchi \uFFFD', 'Tōkyō \uFFFD\uFFFD']) expect(far).toContain(expected);
  });
});
