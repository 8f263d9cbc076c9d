import { taxByRate, type InvoiceRenderer, type Order, type Seller } from '@store/application';
import type { Customer } from '@store/domain';
import { DocumentFonts, openDocument, orderFormats, statedRatePercent, writeParties } from './pdf-document';

/**
 * Invoices as PDF with pdfkit (maintained, CommonJS, no browser needed): seller, buyer and billing
 * address, the buyer's tax ID where given, the lines, tax by rate and the totals, in an embedded
 * Unicode font (pdfkit keeps only the glyphs used). Uncompressed, since invoices are small and tax
 * offices' tools read plain PDFs best.
 */
export class PdfInvoiceRenderer implements InvoiceRenderer {
  // Read once per renderer; each invoice embeds only the glyphs it used.
  private readonly fonts = new DocumentFonts();

  render(order: Order, customer: Customer, seller: Seller): Promise<Uint8Array> {
    const { amount, date } = orderFormats(order);
    const issued = order.paidAt ?? order.createdAt;
    const document = openDocument(this.fonts, { Title: `Invoice ${order.number}`, Author: seller.name, Subject: `Order ${order.number}`, CreationDate: issued });
    const { write } = document;

    write('Bold', 'Invoice', 20);
    document.body(10, 0.5);
    write('Regular', `Invoice number: ${order.number}`);
    write('Regular', `Date: ${date(issued)}`);
    document.moveDown();

    writeParties(document, order, customer, seller);

    write('Bold', 'Products');
    for (const line of order.lines) {
      const price = line.isBonus ? 'included' : amount(line.totalMinor);
      write('Regular', `${line.productName} (${line.choiceName}) × ${line.quantity}: ${price}`);
    }
    document.moveDown();

    if (order.discountMinor > 0) write('Regular', `Discount ${order.discountCode ?? ''}: -${amount(order.discountMinor)}`);
    write('Regular', `Net: ${amount(order.netMinor)}`);
    // A posted product taxed elsewhere gives the order two rates, each stated with its own tax.
    const rates = taxByRate(order);
    if (rates) for (const each of rates) write('Regular', `Tax at ${each.rateBasisPoints / 100}%: ${amount(each.taxMinor)}`);
    else write('Regular', `Tax at ${statedRatePercent(order)}%: ${amount(order.taxMinor)}`);
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
    return document.end();
  }
}
