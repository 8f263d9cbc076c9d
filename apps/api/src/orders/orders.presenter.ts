import type { Order, ProductKey } from '@store/application';

export interface OrderJson {
  readonly number: string;
  readonly status: string;
  readonly gateway: string;
  readonly created_at: string;
  readonly currency: string;
  readonly tax_inclusive: boolean;
  readonly total: { readonly net: number; readonly tax: number; readonly gross: number; readonly discount: number };
  readonly discount_code: string | null;
  readonly lines: readonly {
    readonly product_reference: string;
    readonly product_name: string;
    readonly choice: string;
    readonly quantity: number;
    readonly total_minor: number;
    readonly is_bonus: boolean;
    readonly product_key: string | null;
    readonly download_url: string;
  }[];
  /** Who issues the invoice: the store for its own sales, the merchant of record for its own. */
  readonly invoice_issuer: 'store' | 'merchant-of-record';
}

export function orderJson(order: Order, keys: readonly ProductKey[]): OrderJson {
  return {
    number: order.number,
    status: order.status,
    gateway: order.gateway,
    created_at: order.createdAt.toISOString(),
    currency: order.currency,
    tax_inclusive: order.taxInclusive,
    total: { net: order.netMinor, tax: order.taxMinor, gross: order.grossMinor, discount: order.discountMinor },
    discount_code: order.discountCode,
    lines: order.lines.map((line, position) => ({
      product_reference: line.productReference,
      product_name: line.productName,
      choice: line.choiceName,
      quantity: line.quantity,
      total_minor: line.totalMinor,
      is_bonus: line.isBonus,
      product_key: keys.find((key) => key.linePosition === position)?.key ?? null,
      download_url: `/data/orders/${order.number}/downloads/${position}/`,
    })),
    invoice_issuer: order.gateway === 'digital-river' ? 'merchant-of-record' : 'store',
  };
}
