import { ErrorCatalogue } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AdminPage, AlertRegion, QueryFailure, TableBox } from './admin-page';
import { isEmptySearch, useOrderSearch, type OrderSearch } from './api/orders';
import { formatAmount, formatWhen } from './format';

/** /admin/orders: find orders by number, email or provider transaction id, and by the day they were placed. The search is in the address, so back and forward keep it. */
export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const search: OrderSearch = { q: params.get('q') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const results = useOrderSearch(search);
  const alert = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<OrderSearch>({ values: search });

  const onValid = (values: OrderSearch) => {
    if (isEmptySearch(values)) {
      setProblem(ErrorCatalogue.ORDER_SEARCH_EMPTY.message);
      alert.current?.focus();
      return;
    }
    setProblem(null);
    const next = new URLSearchParams();
    if (values.q.trim()) next.set('q', values.q.trim());
    if (values.from) next.set('from', values.from);
    if (values.to) next.set('to', values.to);
    setParams(next);
  };

  return (
    <AdminPage title="Orders" wide>
      <div role="search">
        <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate className="admin-search" aria-label="Find orders">
          <TextField label="Order number, email or transaction id" type="search" className="admin-search__q" {...register('q')} />
          <TextField label="From" type="date" {...register('from')} />
          <TextField label="To" type="date" {...register('to')} />
          <Button type="submit" busy={results.isFetching}>
            Search
          </Button>
        </form>
      </div>
      <AlertRegion ref={alert} message={problem} />
      {results.isError && <QueryFailure error={results.error} />}
      {results.data && (
        <section aria-labelledby="results-title">
          <h2 id="results-title" aria-live="polite">
            {results.data.orders.length === 0 ? 'No orders found' : `${results.data.orders.length} order${results.data.orders.length === 1 ? '' : 's'} found`}
          </h2>
          {results.data.truncated && <p className="notice">More orders matched: the newest 50 are listed. Narrow the search to see the others.</p>}
          {results.data.orders.length > 0 && (
            <TableBox label="Orders found">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Status</th>
                    <th scope="col">Paid with</th>
                    <th scope="col">Total</th>
                    <th scope="col">Refunded</th>
                  </tr>
                </thead>
                <tbody>
                  {results.data.orders.map((order) => (
                    <tr key={order.number}>
                      <th scope="row">
                        <Link to={`/admin/orders/${encodeURIComponent(order.number)}`}>{order.number}</Link>
                        {order.open_dispute && <span className="admin-tag admin-tag--warning">Disputed</span>}
                      </th>
                      <td>{formatWhen(order.created_at)}</td>
                      <td>
                        {order.customer_name}
                        <br />
                        <span className="admin-muted">{order.email}</span>
                      </td>
                      <td>{order.status}</td>
                      <td>{order.gateway}</td>
                      <td>{formatAmount(order.gross, order.currency)}</td>
                      <td>{order.refunded ? formatAmount(order.refunded, order.currency) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
        </section>
      )}
    </AdminPage>
  );
}
