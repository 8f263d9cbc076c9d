import { findLocale, formatMoney, fullName, money, type Customer } from '@store/domain';
import type { OutgoingMail } from '../identity/sign-in.ports';
import { storeIssuesInvoice } from '../orders/get-invoice.use-case';
import { amountCharged, type Order } from '../orders/orders.ports';
import { refundLineShares } from './refund-amounts';

type Recipient = Pick<Customer, 'email' | 'firstName' | 'lastName'>;

/** A refund as the shopper is told of it (its amounts from refundAmounts). */
export interface RefundNotice {
  /** Null when the merchant of record issues the credit note. */
  readonly creditNoteNumber: string | null;
  readonly positions: readonly number[];
  readonly grossMinor: number;
  /** What goes back to the payment method; the rest of `grossMinor` was paid by the order's voucher. */
  readonly chargedMinor: number;
  readonly whole: boolean;
  /** The provider accepted the refund and finishes it later (the merchant of record's refunds start so). */
  readonly pending: boolean;
}

const base = (storeUrl: string) => storeUrl.replace(/\/+$/, '');
const amountsIn = (order: Pick<Order, 'locale' | 'currency'>) => {
  const locale = findLocale(order.locale)?.canonical ?? 'en-GB';
  return (minor: number) => formatMoney(money(minor, order.currency), locale);
};

/**
 * The mail when staff refund an order, whole or some of its lines: which lines, how much goes back
 * to the payment method and how much the voucher paid (which does not go back to it), that the
 * refunded lines' keys stop working, and where the credit note is. Written in the receipt's style.
 */
export function refundNoticeMail(order: Order, customer: Recipient, refund: RefundNotice, storeUrl: string): OutgoingMail {
  const amount = amountsIn(order);
  const reseller = !storeIssuesInvoice(order.gateway);
  const shares = refundLineShares(order);
  const positions = [...refund.positions].sort((a, b) => a - b);
  const lines = positions.map((position) => {
    const line = order.lines[position];
    // A product that came free with another, or cost nothing, gives nothing back: said as on the receipt.
    const price = line.isBonus || shares[position].grossMinor === 0 ? 'included' : amount(shares[position].grossMinor);
    return `- ${line.productName} × ${line.quantity}: ${price}`;
  });
  const voucherPart = refund.grossMinor - refund.chargedMinor;
  // The last of several refunds gives back the rest of the order: a line with a part of its totals
  // that this refund leaves out was refunded before (free lines give nothing and do not count).
  const refundedBefore = shares.some((share, position) => share.grossMinor > 0 && !positions.includes(position));
  const what = refund.whole ? (refundedBefore ? 'the rest of your order' : 'your order') : 'part of your order';
  const opening = reseller
    ? `Our reseller, Digital River, ${refund.pending ? 'is refunding' : 'has refunded'} ${what} ${order.number}.`
    : refund.pending
      ? `We are refunding ${what} ${order.number}: our payment provider has accepted the refund and is processing it.`
      : `We have refunded ${what} ${order.number}.`;
  const repayment = [
    `Amount refunded: ${amount(refund.grossMinor)}`,
    // A voucher is a payment: the part it paid is not money that can go back to a card or account.
    ...(voucherPart > 0 && order.voucherCode ? [`Of this, ${amount(voucherPart)} was paid with voucher ${order.voucherCode} and does not go back to your payment method.`] : []),
    ...(refund.chargedMinor > 0
      ? [
          `Back to the payment method you paid with: ${amount(refund.chargedMinor)}`,
          'It can take a few days for the money to appear on your statement, depending on your bank.',
        ]
      : ['Nothing goes back to your payment method.']),
  ];
  const creditNote = reseller
    ? 'Our reseller, Digital River, sends you its own credit note for this refund.'
    : refund.creditNoteNumber
      ? `Your credit note (PDF): ${base(storeUrl)}/downloads/${order.number}/credit-notes/${refund.creditNoteNumber}.pdf`
      : null;
  const text = [
    `Hello ${fullName(customer)},`,
    '',
    opening,
    '',
    'Refunded products:',
    ...lines,
    '',
    ...repayment,
    '',
    'The product keys of the refunded products no longer work.',
    ...(creditNote ? [creditNote] : []),
    '',
    'Affinity Store',
  ].join('\n');
  const state = refund.pending ? 'is being refunded' : 'has been refunded';
  const subject = refund.whole ? `Your Affinity Store order ${order.number} ${state}` : `Part of your Affinity Store order ${order.number} ${state}`;
  return { to: customer.email, subject, text };
}

/**
 * The mail when the card issuer took a payment back after a chargeback and the store lost the
 * dispute: the order is not paid any more, its keys stop working, and how to reach the store.
 */
export function disputeLostNoticeMail(order: Order, customer: Recipient, storeUrl: string): OutgoingMail {
  const amount = amountsIn(order);
  const text = [
    `Hello ${fullName(customer)},`,
    '',
    `Your card issuer has reversed your payment of ${amount(amountCharged(order))} for order ${order.number} after a chargeback, so the order is no longer paid.`,
    'Its product keys no longer work.',
    '',
    `If you did not mean to dispute this payment, or have a question about it, contact us through ${base(storeUrl)}/${order.locale}/help/ and give your order number, ${order.number}.`,
    `To keep using the products, you can buy them again: ${base(storeUrl)}/${order.locale}/`,
    '',
    'Affinity Store',
  ].join('\n');
  return { to: customer.email, subject: `Your payment for order ${order.number} was reversed`, text };
}
