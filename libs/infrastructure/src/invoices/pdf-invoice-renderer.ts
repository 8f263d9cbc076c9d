import { addressLine, taxByRate, type InvoiceRenderer, type Order, type Seller } from '@store/application';
import { countryName, findLocale, formatMoney, fullName, money, type Customer } from '@store/domain';
import PDFDocument from 'pdfkit';

/** Text the standard PDF fonts can show (WinAnsiEncoding: Latin-1 and a few more, € among them). */
const WINDOWS_1252 = /^[\x20-\x7e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

/**
 * Invoices as PDF with pdfkit (maintained, CommonJS, the standard fonts built in, no browser needed):
 * seller, buyer and billing address, the buyer's tax ID where given, the lines, tax by rate and the
 * totals. Uncompressed, since invoices are small and tax offices' tools read plain PDFs best.
 */
export class PdfInvoiceRenderer implements InvoiceRenderer {
  render(order: Order, customer: Customer, seller: Seller): Promise<Uint8Array> {
    const locale = findLocale(order.locale)?.canonical ?? 'en-GB';
    const amount = (minor: number) => {
      const shown = formatMoney(money(minor, order.currency), locale);
      // The standard fonts write only Windows-1252: a currency symbol beyond it (zł) is written as its code (PLN).
      return WINDOWS_1252.test(shown) ? shown : formatMoney(money(minor, order.currency), locale, 'code');
    };
    const issued = order.paidAt ?? order.createdAt;
    const document = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false,
      info: { Title: `Invoice ${order.number}`, Author: seller.name, Subject: `Order ${order.number}`, CreationDate: issued },
    });
    const chunks: Buffer[] = [];
    const done = new Promise<Uint8Array>((resolve, reject) => {
      document.on('data', (chunk: Buffer) => chunks.push(chunk));
      document.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
      document.on('error', reject);
    });

    document.font('Helvetica-Bold').fontSize(20).text('Invoice');
    document.font('Helvetica').fontSize(10).moveDown(0.5);
    document.text(`Invoice number: ${order.number}`);
    document.text(`Date: ${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(issued)}`);
    document.moveDown();

    document.font('Helvetica-Bold').text('Seller');
    document.font('Helvetica').text([seller.name, ...seller.address, ...(seller.taxId ? [`VAT number: ${seller.taxId}`] : [])].join('\n'));
    document.moveDown();

    const billing = order.billingAddress;
    const buyer = [
      fullName(customer),
      customer.email,
      ...(billing
        ? [billing.line1, billing.line2, billing.line3, billing.city, billing.county, billing.state, billing.postalCode, countryName(billing.country) ?? billing.country]
        : []),
    ].filter((line): line is string => Boolean(line));
    document.font('Helvetica-Bold').text('Buyer');
    document.font('Helvetica').text(buyer.join('\n'));
    if (billing?.vatId) document.text(`Tax ID: ${billing.vatId}`);
    document.moveDown();
    // Goods are taxed where they go: the invoice says where that is.
    if (order.shippingAddress) {
      document.font('Helvetica-Bold').text('Delivered to');
      document.font('Helvetica').text(addressLine(order.shippingAddress));
      document.moveDown();
    }

    document.font('Helvetica-Bold').text('Products');
    document.font('Helvetica');
    for (const line of order.lines) {
      const price = line.isBonus ? 'included' : amount(line.totalMinor);
      document.text(`${line.productName} (${line.choiceName}) × ${line.quantity}: ${price}`);
    }
    document.moveDown();

    if (order.discountMinor > 0) document.text(`Discount ${order.discountCode ?? ''}: -${amount(order.discountMinor)}`);
    const rate = order.netMinor > 0 ? Math.round((order.taxMinor * 1000) / order.netMinor) / 10 : 0;
    document.text(`Net: ${amount(order.netMinor)}`);
    // A posted product taxed elsewhere gives the order two rates, each stated with its own tax.
    const rates = taxByRate(order);
    if (rates) for (const each of rates) document.text(`Tax at ${each.rateBasisPoints / 100}%: ${amount(each.taxMinor)}`);
    else document.text(`Tax at ${rate}%: ${amount(order.taxMinor)}`);
    document.font('Helvetica-Bold').text(`Total: ${amount(order.grossMinor)}`);
    document.font('Helvetica').moveDown();
    // A voucher is a payment, not a discount: the totals above stay the sale's, and how it was paid follows.
    const voucherMinor = order.voucherCode ? (order.voucherMinor ?? 0) : 0;
    if (voucherMinor > 0) document.text(`Paid with voucher ${order.voucherCode}: ${amount(voucherMinor)}`);
    if (order.grossMinor === 0) document.text('Nothing was charged for this order.');
    else if (order.grossMinor === voucherMinor) document.text('Paid in full by voucher.');
    else {
      const charged = voucherMinor > 0 ? ` ${amount(order.grossMinor - voucherMinor)}` : '';
      document.text(order.transactionId ? `Paid${charged}. Payment reference: ${order.transactionId}` : `Paid${charged}.`);
    }
    document.end();
    return done;
  }
}
