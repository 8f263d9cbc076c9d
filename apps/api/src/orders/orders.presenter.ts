import { addressLine, amountCharged, hasStoreInvoice, refundedPositions, storeIssuesInvoice, type Order, type ProductKey } from '@store/application';
import type { OrderJson } from '@store/domain';

export function orderJson(order: Order, keys: readonly ProductKey[]): OrderJson {
  const refunded = refundedPositions(order);
  return {
    number: order.number,
    status: order.status,
    gateway: order.gateway,
    created_at: order.createdAt.toISOString(),
    currency: order.currency,
    tax_inclusive: order.taxInclusive,
    total: { net: order.netMinor, tax: order.taxMinor, gross: order.grossMinor, discount: order.discountMinor },
    voucher: order.voucherCode && order.voucherMinor ? { code: order.voucherCode, amount: order.voucherMinor, balance_left: order.voucherBalanceLeftMinor ?? null } : null,
    amount_charged: amountCharged(order),
    discount_code: order.discountCode,
    lines: order.lines.map((line, position) => ({
      product_reference: line.productReference,
      product_name: line.productName,
      choice: line.choiceName,
      quantity: line.quantity,
      total_minor: line.totalMinor,
      is_bonus: line.isBonus,
      product_key: keys.find((key) => key.linePosition === position)?.key ?? null,
      download_url: `/downloads/${order.number}/${position}/`,
      refunded: refunded.has(position),
    })),
    delivery_address: order.shippingAddress ? addressLine(order.shippingAddress) : null,
    invoice_issuer: storeIssuesInvoice(order.gateway) ? 'store' : 'merchant-of-record',
    invoice_url: hasStoreInvoice(order) ? `/downloads/${order.number}/invoice.pdf` : null,
    local_payment: order.localPayment
      ? { method: order.localPayment.method, state: order.localPayment.state, started_at: order.localPayment.startedAt.toISOString() }
      : null,
    bank_debit: order.bankDebit
      ? {
          state: order.bankDebit.state,
          released: order.bankDebit.released,
          method: order.bankDebit.method,
          account_last4: order.bankDebit.accountLast4,
          mandate_reference: order.bankDebit.mandateReference,
          bank_name: order.bankDebit.bankName,
        }
      : null,
    refunds: (order.refunds ?? []).map((refund) => ({
      amount: refund.chargedMinor,
      created_at: refund.createdAt.toISOString(),
      state: refund.state,
      positions: refund.positions,
      credit_note_url:
        storeIssuesInvoice(order.gateway) && refund.creditNoteSequence !== null ? `/downloads/${order.number}/credit-notes/${order.number}-CN${refund.creditNoteSequence}.pdf` : null,
    })),
  };
}
