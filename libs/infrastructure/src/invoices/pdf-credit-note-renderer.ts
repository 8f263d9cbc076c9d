import { creditNoteLines, type CreditNote, type CreditNoteRenderer, type Seller } from '@store/application';
import type { Customer } from '@store/domain';
import { DocumentFonts, openDocument, orderFormats, statedRatePercent, writeParties } from './pdf-document';

/**
 * Credit notes as PDF, made as the invoice is (pdfkit, the same embedded font, seller and buyer
 * blocks, money and dates in the order's locale): the invoice it corrects, the lines credited and
 * their amounts, the tax at each rate the invoice stated, and the total credited. Everything
 * credited is written as a negative figure, since the note takes it off the invoice.
 */
export class PdfCreditNoteRenderer implements CreditNoteRenderer {
  // Read once per renderer; each note embeds only the glyphs it used.
  private readonly fonts = new DocumentFonts();

  render(note: CreditNote, customer: Customer, seller: Seller): Promise<Uint8Array> {
    const { order } = note;
    const { amount, date } = orderFormats(order);
    // Nothing credited is written 0, never "-£0.00".
    const credited = (minor: number) => amount(minor === 0 ? 0 : -minor);
    const document = openDocument(this.fonts, { Title: `Credit note ${note.number}`, Author: seller.name, Subject: `Order ${order.number}`, CreationDate: note.issuedAt });
    const { write } = document;

    write('Bold', 'Credit note', 20);
    document.body(10, 0.5);
    write('Regular', `Credit note number: ${note.number}`);
    write('Regular', `Date: ${date(note.issuedAt)}`);
    // The invoice's number is the order's, dated as the invoice is.
    write('Regular', `Corrects invoice: ${order.number} of ${date(order.paidAt ?? order.createdAt)}`);
    if (note.reason) write('Regular', `Reason: ${note.reason}`);
    document.moveDown();

    writeParties(document, order, customer, seller);

    const { lines, taxByRate } = creditNoteLines(note);
    write('Bold', 'Products credited');
    for (const line of lines) write('Regular', `${line.productName} (${line.choiceName}) × ${line.quantity}: ${line.free ? 'included' : credited(line.amountMinor)}`);
    // The invoice lists prices before its discount; a credit gives back what was paid, after it.
    if (order.discountMinor > 0) write('Regular', `Amounts after the invoice's discount${order.discountCode ? ` ${order.discountCode}` : ''}.`);
    document.moveDown();

    write('Regular', `Net: ${credited(note.netMinor)}`);
    if (taxByRate) for (const each of taxByRate) write('Regular', `Tax at ${each.rateBasisPoints / 100}%: ${credited(each.taxMinor)}`);
    else write('Regular', `Tax at ${statedRatePercent(order)}%: ${credited(note.taxMinor)}`);
    write('Bold', `Total credited: ${credited(note.grossMinor)}`);
    return document.end();
  }
}
