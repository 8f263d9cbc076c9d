import { Link } from 'react-router';
import { useLocale } from '../../lib/locale';
import { AccountPage } from './account-pages';
import { CustomerOnly } from '../../lib/customer-only';
import { awaitsBank, awaitsPayment, bankAccountShort, bankDebitReturned, OrderLines, OrderRefunds, orderTotal, useOrders, WAITING_FOR_BANK, WAITING_FOR_PAYMENT, type OrderJson } from '../orders';

const STATUS_LABELS: Record<OrderJson['status'], string> = { pending: 'Processing', paid: 'Complete', failed: 'Payment failed', refunded: 'Refunded' };

function WithOrders({ title, empty, children }: { readonly title: string; readonly empty: string; readonly children: (orders: readonly OrderJson[]) => React.ReactNode }) {
  const locale = useLocale();
  return (
    <CustomerOnly>
      {() => (
        <AccountPage title={title}>
          <OrdersOf empty={empty} storePath={`/${locale.urlFriendly}/`}>
            {children}
          </OrdersOf>
        </AccountPage>
      )}
    </CustomerOnly>
  );
}

function OrdersOf({ empty, storePath, children }: { readonly empty: string; readonly storePath: string; readonly children: (orders: readonly OrderJson[]) => React.ReactNode }) {
  const orders = useOrders();
  if (orders.isPending) return <p role="status">Loading your orders…</p>;
  if (orders.isError) {
    return (
      <p role="alert" className="notice notice--error">
        {orders.error.message}
      </p>
    );
  }
  // Pending orders stay out of the lists, except one waiting for its local payment or its bank: the shopper is told it waits.
  const paid = orders.data.orders.filter((order) => order.status !== 'pending' || awaitsPayment(order) || awaitsBank(order));
  if (paid.length === 0) {
    return (
      <>
        <p className="empty-state">{empty}</p>
        <p>
          <Link to={storePath}>Browse the store</Link>
        </p>
      </>
    );
  }
  return <>{children(paid)}</>;
}

/** The order's status as the list says it: waiting for the provider or the bank, returned by the bank, or its status. */
const statusOf = (order: OrderJson): string =>
  awaitsPayment(order) ? WAITING_FOR_PAYMENT : awaitsBank(order) ? WAITING_FOR_BANK : bankDebitReturned(order) ? 'Returned by your bank' : STATUS_LABELS[order.status];

/** account/orders/: every order with its date, status and total, and where its invoice comes from. */
export function OrdersPage() {
  const locale = useLocale();
  return (
    <WithOrders title="Order history" empty="You have not placed any orders yet.">
      {(orders) => (
        <table className="orders-table">
          <caption className="visually-hidden">Your orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
              <th scope="col">Invoice</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.number}>
                <th scope="row">
                  <Link to={`/${locale.urlFriendly}/order/${order.number}/`}>{order.number}</Link>
                </th>
                <td>{new Intl.DateTimeFormat(locale.canonical, { dateStyle: 'medium' }).format(new Date(order.created_at))}</td>
                <td>
                  {statusOf(order)}
                  {bankAccountShort(order.bank_debit) && (
                    <>
                      <br />
                      <small>{bankAccountShort(order.bank_debit)}</small>
                    </>
                  )}
                </td>
                <td>{orderTotal(order, locale.canonical)}</td>
                <td>
                  <OrderRefunds order={order} locale={locale.canonical} />
                  {order.invoice_url ? (
                    <a href={order.invoice_url} download>
                      Invoice<span className="visually-hidden"> for order {order.number}</span> (PDF)
                    </a>
                  ) : order.invoice_issuer === 'merchant-of-record' ? (
                    'Sent by our reseller, Digital River'
                  ) : (
                    'Not yet available'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </WithOrders>
  );
}

/** account/downloads/: the downloads and product keys of every paid order. */
export function DownloadsPage() {
  const locale = useLocale();
  return (
    <WithOrders title="Downloads and product keys" empty="You have no downloads or product keys yet.">
      {(orders) =>
        orders
          .filter((order) => order.status === 'paid')
          .map((order) => (
            <section key={order.number} aria-labelledby={`downloads-${order.number}`} className="account-section">
              <h2 id={`downloads-${order.number}`}>Order {order.number}</h2>
              <OrderLines order={order} locale={locale.canonical} />
            </section>
          ))
      }
    </WithOrders>
  );
}

/** account/licences/ (spec 1 §2: licences and downloads): what the customer may use, with seats for multi-user licences, its key and its download. */
export function LicencesPage() {
  return (
    <WithOrders title="Licences and downloads" empty="You have no licences yet.">
      {(orders) => (
        <ul className="licences">
          {orders
            .filter((order) => order.status === 'paid')
            .flatMap((order) =>
              order.lines.filter((line) => !line.refunded).map((line) => (
                <li key={`${order.number}-${line.download_url}`}>
                  <strong>{line.product_name}</strong>
                  {line.quantity > 1 ? ` — ${line.quantity} users` : ''} · order {order.number}
                  {line.product_key && (
                    <>
                      {' '}
                      · <code>{line.product_key}</code>
                    </>
                  )}{' '}
                  ·{' '}
                  <a href={line.download_url} download>
                    Download<span className="visually-hidden"> {line.product_name}</span>
                  </a>
                </li>
              )),
            )}
        </ul>
      )}
    </WithOrders>
  );
}
