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
          {order.status === 'paid' && (
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

export function orderTotal(order: OrderJson, locale: string): string {
  return formatMoney(money(order.total.gross, order.currency), locale);
}
