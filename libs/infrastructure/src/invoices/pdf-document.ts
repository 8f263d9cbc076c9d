import { addressLine, type Order, type Seller } from '@store/application';
import { countryName, findLocale, formatMoney, fullName, money, type Customer } from '@store/domain';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The parts the store's tax documents (invoice, credit note) share, so both look and read alike:
 * the font, the document with its text writer, money and dates in the order's locale, and the
 * seller, buyer and delivery blocks.
 */

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

/** The regular and bold faces, read once per renderer; each document embeds only the glyphs it used. */
export class DocumentFonts {
  readonly regular = loadFace('DejaVuSans.ttf');
  readonly bold = loadFace('DejaVuSans-Bold.ttf');
}

export type Write = (face: 'Regular' | 'Bold', text: string, size?: number) => void;

/** An open document: write text into it, move down, and end it to get the PDF's bytes. */
export interface OpenDocument {
  readonly write: Write;
  moveDown(lines?: number): void;
  /** Sets the body's size (after the title) and moves down. */
  body(size: number, lines: number): void;
  end(): Promise<Uint8Array>;
}

/**
 * An A4 document in the embedded Unicode font (pdfkit keeps only the glyphs used). Uncompressed,
 * since these documents are small and tax offices' tools read plain PDFs best.
 */
export function openDocument(fonts: DocumentFonts, info: { readonly Title: string; readonly Author: string; readonly Subject: string; readonly CreationDate: Date }): OpenDocument {
  const document = new PDFDocument({ size: 'A4', margin: 56, compress: false, info });
  document.registerFont('Regular', fonts.regular.bytes);
  document.registerFont('Bold', fonts.bold.bytes);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    document.on('error', reject);
  });
  return {
    write: (face, text, size) => {
      document.font(face, size).text(drawable(face === 'Bold' ? fonts.bold : fonts.regular, text));
    },
    moveDown: (lines) => {
      document.moveDown(lines);
    },
    body: (size, lines) => {
      document.fontSize(size).moveDown(lines);
    },
    end: () => {
      document.end();
      return done;
    },
  };
}

/** Money exactly as the storefront shows it, symbol and digits of the order's locale, and dates in that locale. */
export function orderFormats(order: Pick<Order, 'locale' | 'currency'>) {
  const locale = findLocale(order.locale)?.canonical ?? 'en-GB';
  return {
    amount: (minor: number) => formatMoney(money(minor, order.currency), locale),
    date: (at: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at),
  };
}

/** The one rate an invoice states when it does not state tax by rate: the order's tax over its net, to a tenth of a percent. */
export const statedRatePercent = (order: Pick<Order, 'netMinor' | 'taxMinor'>) => (order.netMinor > 0 ? Math.round((order.taxMinor * 1000) / order.netMinor) / 10 : 0);

/** Seller, buyer (with their billing address and tax ID) and, for a posted product, where it went. */
export function writeParties(document: OpenDocument, order: Order, customer: Customer, seller: Seller): void {
  const { write } = document;
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
  // Goods are taxed where they go: the document says where that is.
  if (order.shippingAddress) {
    write('Bold', 'Delivered to');
    write('Regular', addressLine(order.shippingAddress));
    document.moveDown();
  }
}
