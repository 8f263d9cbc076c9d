import { addressLine, taxByRate, type InvoiceRenderer, type Order, type Seller } from '@store/application';
import { countryName, findLocale, formatMoney, fullName, money, type Customer } from '@store/domain';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/** A font file, and what its character map says it can draw. */
interface Typeface {
  readonly bytes: Buffer;
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** Drawn where the font has no glyph: a visible mark that something was there, and U+FFFD when the text is copied. */
const REPLACEMENT = '\uFFFD';

/**
 * DejaVu Sans (Bitstream Vera licence, DejaVu's changes public domain), from the `dejavu-fonts-ttf`
 * package: Latin, Greek and Cyrillic in one family, so any European buyer's name, address and
 * currency symbol (zł) is written as typed. Resolved from node_modules at run time, so the same
 * code works under npm start, in the Docker image and in tests; only these two files are read.
 */
function loadFace(file: string): Typeface {
  const bytes = readFileSync(join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', file));
  // pdfkit's own fontkit reads the character map. Only that: each document parses its own copy of the
  // bytes, because a parsed font caches glyphs with the characters first met, and a glyph first met
  // while shaping other text carries none, so a shared one would copy out of a later invoice as nothing.
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean } };
  const characters = fontkit.create(bytes);
  return { bytes, hasGlyphForCodePoint: (codePoint) => characters.hasGlyphForCodePoint(codePoint) };
}

/** A line break is layout, not a character to draw; anything else the font lacks is replaced. */
const drawable = (face: Typeface, text: string) =>
  Array.from(text, (character) => (character === '\n' || face.hasGlyphForCodePoint(character.codePointAt(0) ?? 0) ? character : REPLACEMENT)).join('');

/**
 * Invoices as PDF with pdfkit (maintained, CommonJS, no browser needed): seller, buyer and billing
 * address, the buyer's tax ID where given, the lines, tax by rate and the totals, in an embedded
 * Unicode font (pdfkit keeps only the glyphs used). Uncompressed, since invoices are small and tax
 * offices' tools read plain PDFs best.
 */
export class PdfInvoiceRenderer implements InvoiceRenderer {
  // Read once per renderer; each invoice embeds only the glyphs it used.
  private readonly regular = loadFace('DejaVuSans.ttf');
  private readonly bold = loadFace('DejaVuSans-Bold.ttf');

  render(order: Order, customer: Customer, seller: Seller): Promise<Uint8Array> {
    const locale = findLocale(order.locale)?.canonical ?? 'en-GB';
    // Money exactly as the storefront shows it, symbol and digits of the locale.
    const amount = (minor: number) => formatMoney(money(minor, order.currency), locale);
    const issued = order.paidAt ?? order.createdAt;
    const document = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false,
      info: { Title: `Invoice ${order.number}`, Author: seller.name, Subject: `Order ${order.number}`, CreationDate: issued },
    });
    document.registerFont('Regular', this.regular.bytes);
    document.registerFont('Bold', this.bold.bytes);
    const write = (face: 'Regular' | 'Bold', text: string, size?: number) =>
      document.font(face, size).text(drawable(face === 'Bold' ? this.bold : this.regular, text));
    const chunks: Buffer[] = [];
    const done = new Promise<Uint8Array>((resolve, reject) => {
      document.on('data', (chunk: Buffer) => chunks.push(chunk));
      document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      document.on('error', reject);
    });

    write('Bold', 'Invoice', 20);
    document.fontSize(10).moveDown(0.5);
    write('Regular', `Invoice number: ${order.number}`);
    write('Regular', `Date: ${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(issued)}`);
    document.moveDown();

    write('Bold', 'Seller');
    write('Regular', [seller.name, ...seller.address, ...(seller.taxId ? [`VAT number: ${seller.taxId}`] : [])].join('\n'));
    document.moveDown();

    const billing = order.billingAddress;
    const buyer = [
      fullName(customer),
      customer.email,
      ...(billing
        ? [billing.line1, billing.line2, billing.line3, billing.city, billing.county, billing.state, billing.postalCode, countryName(billing.country) ?? billing.country]
        : []),
    ].filter((line): line is string => Boolean(line));
    write('Bold', 'Buyer');
    write('Regular', buyer.join('\n'));
    if (billing?.vatId) write('Regular', `Tax ID: ${billing.vatId}`);
    document.moveDown();
    // Goods are taxed where they go: the invoice says where that is.
    if (order.shippingAddress) {
      write('Bold', 'Delivered to');
      write('Regular', addressLine(order.shippingAddress));
      document.moveDown();
    }

    write('Bold', 'Products');
    for (const line of order.lines) {
      const price = line.isBonus ? 'included' : amount(line.totalMinor);
      write('Regular', `${line.productName} (${line.choiceName}) × ${line.quantity}: ${price}`);
    }
    document.moveDown();

    if (order.discountMinor > 0) write('Regular', `Discount ${order.discountCode ?? ''}: -${amount(order.discountMinor)}`);
    const rate = order.netMinor > 0 ? Math.round((order.taxMinor * 1000) / order.netMinor) / 10 : 0;
    write('Regular', `Net: ${amount(order.netMinor)}`);
    // A posted product taxed elsewhere gives the order two rates, each stated with its own tax.
    const rates = taxByRate(order);
    if (rates) for (const each of rates) write('Regular', `Tax at ${each.rateBasisPoints / 100}%: ${amount(each.taxMinor)}`);
    else write('Regular', `Tax at ${rate}%: ${amount(order.taxMinor)}`);
    write('Bold', `Total: ${amount(order.grossMinor)}`);
    document.moveDown();
    // A voucher is a payment, not a discount: the totals above stay the sale's, and how it was paid follows.
    const voucherMinor = order.voucherCode ? (order.voucherMinor ?? 0) : 0;
    if (voucherMinor > 0) write('Regular', `Paid with voucher ${order.voucherCode}: ${amount(voucherMinor)}`);
    if (order.grossMinor === 0) write('Regular', 'Nothing was charged for this order.');
    else if (order.grossMinor === voucherMinor) write('Regular', 'Paid in full by voucher.');
    else {
      const charged = voucherMinor > 0 ? ` ${amount(order.grossMinor - voucherMinor)}` : '';
      write('Regular', order.transactionId ? `Paid${charged}. Payment reference: ${order.transactionId}` : `Paid${charged}.`);
    }
    document.end();
    return done;
  }
}
