import { formatMoney, money } from '@store/domain';
import type { OrderJson } from './orders-api';

/** What an order bought: each product with its download link and product key. */
export function OrderLines({ order, locale }: { readonly order: OrderJson; readonly locale: string }) {
  return (
    <ul className="order-lines" aria-label={`Products in order ${order.number}`}>
      {order.lines.map((line) => (
        <li key={line.download_url} className="order-line">
          <p className="order-line__name">
            {line.product_name}
            {line.quantity > 1 && ` × ${line.quantity}`}{' '}
            <span className="order-line__price">{line.is_bonus ? 'Included' : formatMoney(money(line.total_minor, order.currency), locale)}</span>
          </p>
          {order.status === 'paid' && line.refunded && <p className="order-line__download">Refunded: this product key no longer works.</p>}
          {order.status === 'paid' && !line.refunded && (
            <p className="order-line__download">
              <a href={line.download_url} download>
                Download<span className="visually-hidden"> {line.product_name}</span>
              </a>
              {line.product_key && (
                <>
                  {' '}
                  · Product key: <code data-testid="product-key">{line.product_key}</code>
                </>
              )}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** What the store gave back of the order: each refund, its amount, date and credit note. */
export function OrderRefunds({ order, locale }: { readonly order: OrderJson; readonly locale: string }) {
  if (order.refunds.length === 0) return null;
  return (
    <ul className="order-refunds" aria-label={`Refunds of order ${order.number}`}>
      {order.refunds.map((refund) => (
        <li key={refund.created_at}>
          {refund.state === 'pending' ? 'Refund on its way' : 'Refunded'} {formatMoney(money(refund.amount, order.currency), locale)} on{' '}
          {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(refund.created_at))}
          {refund.credit_note_url ? (
            <>
              {' '}
              ·{' '}
              <a href={refund.credit_note_url} download>
                Credit note<span className="visually-hidden"> for order {order.number}</span> (PDF)
              </a>
            </>
          ) : order.invoice_issuer === 'merchant-of-record' ? (
            ' · credit note sent by our reseller, Digital River'
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function orderTotal(order: OrderJson, locale: string): string {
  return formatMoney(money(order.total.gross, order.currency), locale);
}
