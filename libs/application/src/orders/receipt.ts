import { findLocale, formatMoney, fullName, money, type Customer } from '@store/domain';
import type { OutgoingMail } from '../identity/sign-in.ports';
import { storeIssuesInvoice } from './get-invoice.use-case';
import { addressLine } from './order-addresses';
import { amountCharged, type Order, type ProductKey } from './orders.ports';

/**
 * The receipt mail (issue 8): order number, what was bought with its product keys, the totals with
 * tax, and the link to the order page where the downloads are.
 */
export function receiptMail(order: Order, customer: Customer, keys: readonly ProductKey[], storeUrl: string): OutgoingMail {
  const locale = findLocale(order.locale)?.canonical ?? 'en-GB';
  const amount = (minor: number) => formatMoney(money(minor, order.currency), locale);
  const orderPage = `${storeUrl.replace(/\/+$/, '')}/${order.locale}/order/${order.number}/`;
  const lines = order.lines.map((line, position) => {
    const key = keys.find((candidate) => candidate.linePosition === position)?.key;
    const price = line.isBonus ? 'included' : amount(line.totalMinor);
    return `- ${line.productName} × ${line.quantity}: ${price}${key ? `\n  Product key: ${key}` : ''}`;
  });
  const totals = [
    ...(order.discountMinor > 0 ? [`Discount (${order.discountCode}): -${amount(order.discountMinor)}`] : []),
    order.taxInclusive ? `Total (including ${amount(order.taxMinor)} tax): ${amount(order.grossMinor)}` : `Subtotal (excluding tax): ${amount(order.netMinor)}`,
    ...(order.taxInclusive ? [] : [`Tax: ${amount(order.taxMinor)}`, `Total: ${amount(order.grossMinor)}`]),
    ...(order.voucherCode && order.voucherMinor
      ? [
          `Paid with voucher ${order.voucherCode}: ${amount(order.voucherMinor)}`,
          `Amount paid: ${amount(amountCharged(order))}`,
          ...(order.voucherBalanceLeftMinor != null ? [`Balance left on voucher ${order.voucherCode}: ${amount(order.voucherBalanceLeftMinor)}`] : []),
        ]
      : []),
  ];
  const text = [
    `Hello ${fullName(customer)},`,
    '',
    `Thank you for your order ${order.number}.`,
    '',
    ...lines,
    '',
    ...totals,
    '',
    // Something to post: where it goes, so a wrong address can be caught before it is sent.
    ...(order.shippingAddress ? [`Delivery address: ${addressLine(order.shippingAddress)}`, ''] : []),
    `Your downloads and product keys: ${orderPage}`,
    storeIssuesInvoice(order.gateway)
      ? `Your invoice (PDF): ${storeUrl.replace(/\/+$/, '')}/downloads/${order.number}/invoice.pdf`
      : 'Your invoice comes from our reseller, Digital River.',
    '',
    'Affinity Store',
  ].join('\n');
  return { to: customer.email, subject: `Your Affinity Store order ${order.number}`, text };
}
