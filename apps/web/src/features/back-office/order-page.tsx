import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, type AdminOrderJson } from '@store/domain';
import { Button } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage, AlertRegion, can, QueryFailure, StatusRegion, TableBox, useFailure, useOperator } from './admin-page';
import { adminOrderQuery, reissueKey, resendReceipt, useAdminOrder } from './api/orders';
import { formatAmount, formatDay, formatRate, formatWhen } from './format';
import { RefundForm } from './refund-form';

/** /admin/orders/:number: everything about one order, and what staff can do with it (as their role allows). */
export function OrderPage() {
  const { number = '' } = useParams();
  const order = useAdminOrder(number);
  return (
    <AdminPage title={`Order ${number}`} wide back={{ to: '/admin/orders', label: 'Orders' }}>
      {order.isPending && <p>Loading the order…</p>}
      {order.isError && <QueryFailure error={order.error} />}
      {order.data && <OrderDetails order={order.data} />}
    </AdminPage>
  );
}

function OrderDetails({ order }: { readonly order: AdminOrderJson }) {
  const operator = useOperator();
  const money = (amount: number) => formatAmount(amount, order.currency);
  return (
    <>
      <OrderActions order={order} />
      <section aria-labelledby="order-summary" className="admin-section">
        <h2 id="order-summary">Summary</h2>
        <dl className="admin-facts">
          <Fact term="Status" value={order.status} />
          <Fact term="Paid with" value={order.gateway} />
          <Fact term="Placed" value={formatWhen(order.created_at)} />
          <Fact term="Paid" value={formatWhen(order.paid_at)} />
          <Fact term="Customer" value={`${order.customer.name} <${order.customer.email}>`} />
          <Fact term="Storefront" value={order.locale} />
          <Fact term="Prices" value={order.tax_inclusive ? 'including tax' : 'excluding tax'} />
          {order.discount_code && <Fact term="Discount code" value={order.discount_code} />}
          {order.voucher_code && <Fact term="Voucher" value={order.voucher_code} />}
        </dl>
        <h3>Totals</h3>
        <dl className="admin-facts">
          <Fact term="Net" value={money(order.totals.net)} />
          <Fact term="Tax" value={money(order.totals.tax)} />
          <Fact term="Gross" value={money(order.totals.gross)} />
          {order.totals.discount > 0 && <Fact term="Discount" value={money(order.totals.discount)} />}
          {order.totals.voucher > 0 && <Fact term="Voucher" value={money(order.totals.voucher)} />}
          <Fact term="Charged" value={money(order.totals.charged)} />
          <Fact term="Refunded" value={money(order.totals.refunded)} />
        </dl>
      </section>

      <section aria-labelledby="order-lines" className="admin-section">
        <h2 id="order-lines">Lines</h2>
        <TableBox label="Order lines">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Product</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price</th>
                <th scope="col">Discount</th>
                <th scope="col">Total</th>
                <th scope="col">Tax rate</th>
                <th scope="col">Refundable</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.position}>
                  <th scope="row">{line.position}</th>
                  <td>
                    {line.product_name}
                    {line.choice ? ` (${line.choice})` : ''}
                    {line.is_bonus && <span className="admin-tag">Bonus</span>}
                    {line.refund_id && <span className="admin-tag admin-tag--done">Refunded</span>}
                    <br />
                    <span className="admin-muted">{line.product_reference}</span>
                  </td>
                  <td>{line.quantity}</td>
                  <td>{money(line.unit_price)}</td>
                  <td>{line.discount ? money(line.discount) : '—'}</td>
                  <td>{money(line.total)}</td>
                  <td>{formatRate(line.tax_rate_basis_points)}</td>
                  <td>{money(line.refundable)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      </section>

      {can(operator, 'orders.refund') && <RefundForm order={order} />}

      <section aria-labelledby="order-billing" className="admin-section">
        <h2 id="order-billing">Billing address</h2>
        {order.billing_address ? (
          <dl className="admin-facts">
            {Object.entries(order.billing_address)
              .filter(([, value]) => value)
              .map(([field, value]) => (
                <Fact key={field} term={fieldName(field)} value={value ?? ''} />
              ))}
          </dl>
        ) : (
          <p className="admin-muted">None: nothing was paid for.</p>
        )}
        <h3>Tax exemption certificate</h3>
        {order.tax_certificate ? (
          <dl className="admin-facts">
            <Fact term="Tax authority" value={order.tax_certificate.tax_authority} />
            <Fact term="File" value={order.tax_certificate.file_name} />
            <Fact term="Valid" value={`${formatDay(order.tax_certificate.start_date)} to ${formatDay(order.tax_certificate.end_date)}`} />
            <Fact term="Review" value={order.tax_certificate.reviewed} />
          </dl>
        ) : (
          <p className="admin-muted">None.</p>
        )}
      </section>

      <ProductKeys order={order} />

      <section aria-labelledby="order-ledger" className="admin-section">
        <h2 id="order-ledger">Payment ledger</h2>
        {order.ledger.length === 0 ? (
          <p className="admin-muted">Nothing was charged.</p>
        ) : (
          <TableBox label="Ledger entries">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Kind</th>
                  <th scope="col">State</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Provider's reference</th>
                  <th scope="col">Our reference</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {order.ledger.map((entry, index) => (
                  <tr key={`${entry.reference}-${index}`}>
                    <td>{formatWhen(entry.at)}</td>
                    <td>{entry.kind}</td>
                    <td>
                      {entry.state}
                      {entry.uncertain && <span className="admin-tag admin-tag--warning">Uncertain</span>}
                    </td>
                    <td>{entry.amount === null ? '—' : money(entry.amount)}</td>
                    <td>
                      <code>{entry.provider_reference ?? '—'}</code>
                    </td>
                    <td>
                      <code>{entry.reference}</code>
                    </td>
                    <td>{entry.detail ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
        <h3>Provider's references</h3>
        {order.provider_references.length === 0 ? (
          <p className="admin-muted">None.</p>
        ) : (
          <dl className="admin-facts">
            {order.provider_references.map((reference) => (
              <Fact key={`${reference.label}-${reference.value}`} term={reference.label} value={<code>{reference.value}</code>} />
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="order-refunds" className="admin-section">
        <h2 id="order-refunds">Refunds</h2>
        {order.refunds.length === 0 ? (
          <p className="admin-muted">None.</p>
        ) : (
          <TableBox label="Refund list">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">State</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Lines</th>
                  <th scope="col">Reason</th>
                  <th scope="col">By</th>
                  <th scope="col">Credit note</th>
                </tr>
              </thead>
              <tbody>
                {order.refunds.map((refund) => (
                  <tr key={refund.id}>
                    <td>{formatWhen(refund.created_at)}</td>
                    <td>{refund.state}</td>
                    <td>{money(refund.amount)}</td>
                    <td>{refund.whole ? 'All' : refund.positions.join(', ')}</td>
                    <td>{refund.reason}</td>
                    <td>{refund.operator_badge === null ? '—' : `Badge ${refund.operator_badge}`}</td>
                    <td>
                      {refund.credit_note_url ? (
                        <CreditNoteLink url={refund.credit_note_url} number={refund.credit_note_number ?? 'credit-note'} />
                      ) : (
                        (refund.credit_note_number ?? '—')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
      </section>

      <section aria-labelledby="order-disputes" className="admin-section">
        <h2 id="order-disputes">Disputes</h2>
        {order.disputes.length === 0 ? (
          <p className="admin-muted">None.</p>
        ) : (
          <ul className="admin-list">
            {order.disputes.map((dispute) => (
              <li key={dispute.id}>
                <Link to={`/admin/disputes/${encodeURIComponent(dispute.id)}`}>Dispute {dispute.id}</Link>: {dispute.status}, {formatAmount(dispute.amount, dispute.currency)}
                {dispute.reply_by && `, reply by ${formatDay(dispute.reply_by)}`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** A stored address field's name for people: postalCode and postal_code are both "Postal code". */
const fieldName = (field: string) => field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export function Fact({ term, value }: { readonly term: string; readonly value: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Sending the receipt again, for roles that may. */
function OrderActions({ order }: { readonly order: AdminOrderJson }) {
  const operator = useOperator();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const failure = useFailure();
  const alert = useRef<HTMLDivElement>(null);
  if (!can(operator, 'orders.resend-receipt')) return null;
  const resend = async () => {
    setBusy(true);
    setDone(null);
    failure.clear();
    try {
      const { sent_to } = await resendReceipt(order.number);
      setDone(`The receipt was sent again to ${sent_to}.`);
    } catch (error) {
      failure.report(error);
      alert.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-actions">
      <Button type="button" variant="secondary" busy={busy} onClick={() => void resend()}>
        Resend receipt
      </Button>
      <StatusRegion message={done} />
      <AlertRegion ref={alert} message={failure.message} />
    </div>
  );
}

function ProductKeys({ order }: { readonly order: AdminOrderJson }) {
  const operator = useOperator();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const failure = useFailure();
  const alert = useRef<HTMLDivElement>(null);
  const mayReissue = can(operator, 'orders.reissue-keys');
  const reissue = async (position: number) => {
    setBusy(position);
    setDone(null);
    failure.clear();
    try {
      const { key, order: now } = await reissueKey(order.number, position);
      setDone(`A new key was issued for line ${position}: ${key}. The old one no longer works.`);
      queryClient.setQueryData(adminOrderQuery(order.number).queryKey, now);
    } catch (error) {
      failure.report(error);
      alert.current?.focus();
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="order-keys" className="admin-section">
      <h2 id="order-keys">Product keys</h2>
      <StatusRegion message={done} />
      <AlertRegion ref={alert} message={failure.message} />
      {order.product_keys.length === 0 ? (
        <p className="admin-muted">None.</p>
      ) : (
        <TableBox label="Issued keys">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Line</th>
                <th scope="col">Product</th>
                <th scope="col">Issued</th>
                <th scope="col">Revoked</th>
                {mayReissue && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {order.product_keys.map((key) => (
                <tr key={key.key}>
                  <td>
                    <code className="admin-key">{key.key}</code>
                  </td>
                  <td>{key.position}</td>
                  <td>{key.product_reference}</td>
                  <td>{formatWhen(key.created_at)}</td>
                  <td>{key.revoked_at ? formatWhen(key.revoked_at) : '—'}</td>
                  {mayReissue && (
                    <td>
                      {!key.revoked_at && (
                        <Button type="button" variant="secondary" busy={busy === key.position} onClick={() => void reissue(key.position)}>
                          Reissue key<span className="visually-hidden"> for line {key.position}</span>
                        </Button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

/**
 * A credit note's PDF. Staff calls carry X-Requested-With like every data call, which a plain link
 * cannot: the file is fetched with it and handed to the browser to save.
 */
function CreditNoteLink({ url, number }: { readonly url: string; readonly number: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setProblem(null);
    const response = await fetch(url, { headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE }, credentials: 'same-origin' }).catch(() => null);
    if (!response?.ok) {
      setProblem('The credit note could not be fetched. Please try again.');
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await response.blob());
    link.download = `${number}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };
  return (
    <>
      <button type="button" className="admin-link-button" onClick={() => void download()}>
        {number} (PDF)
      </button>
      {problem && <span role="alert"> {problem}</span>}
    </>
  );
}
