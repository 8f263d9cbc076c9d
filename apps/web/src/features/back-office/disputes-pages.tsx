import type { DisputeJson } from '@store/domain';
import { Button, TextAreaField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage, AlertRegion, can, QueryFailure, StatusRegion, TableBox, useFailure, useOperator } from './admin-page';
import { acceptDispute, addEvidence, contestDispute, disputeQuery, disputesQuery, useDispute, useDisputes } from './api/disputes';
import { formatAmount, formatDay, formatWhen } from './format';
import { Fact } from './order-page';

/** /admin/disputes: every dispute, newest first as the API lists them. */
export function DisputesPage() {
  const disputes = useDisputes();
  return (
    <AdminPage title="Disputes" wide>
      {disputes.isPending && <p>Loading the disputes…</p>}
      {disputes.isError && <QueryFailure error={disputes.error} />}
      {disputes.data && disputes.data.length === 0 && <p className="admin-muted">No disputes.</p>}
      {disputes.data && disputes.data.length > 0 && (
        <TableBox label="Disputes">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Dispute</th>
                <th scope="col">Order</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Reason</th>
                <th scope="col">Opened</th>
                <th scope="col">Reply by</th>
              </tr>
            </thead>
            <tbody>
              {disputes.data.map((dispute) => (
                <tr key={dispute.id}>
                  <th scope="row">
                    <Link to={`/admin/disputes/${encodeURIComponent(dispute.id)}`}>{dispute.id}</Link>
                  </th>
                  <td>{dispute.order_number ? <Link to={`/admin/orders/${encodeURIComponent(dispute.order_number)}`}>{dispute.order_number}</Link> : '—'}</td>
                  <td>{dispute.status}</td>
                  <td>{formatAmount(dispute.amount, dispute.currency)}</td>
                  <td>{dispute.reason ?? '—'}</td>
                  <td>{formatWhen(dispute.opened_at)}</td>
                  <td>{formatDay(dispute.reply_by)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </AdminPage>
  );
}

/** /admin/disputes/:id: one dispute, its evidence, and the answer to it (accept, or contest with evidence). */
export function DisputePage() {
  const { id = '' } = useParams();
  const dispute = useDispute(id);
  return (
    <AdminPage title={`Dispute ${id}`} wide back={{ to: '/admin/disputes', label: 'Disputes' }}>
      {dispute.isPending && <p>Loading the dispute…</p>}
      {dispute.isError && <QueryFailure error={dispute.error} />}
      {dispute.data && <DisputeDetails dispute={dispute.data} />}
    </AdminPage>
  );
}

function DisputeDetails({ dispute }: { readonly dispute: DisputeJson }) {
  const operator = useOperator();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [textProblem, setTextProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState<'evidence' | 'accept' | 'contest' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const failure = useFailure();
  const alert = useRef<HTMLDivElement>(null);
  const textField = useRef<HTMLTextAreaElement>(null);
  const open = dispute.status === 'open';
  const [accepting, setAccepting] = useState(false);

  const run = async (kind: 'evidence' | 'accept' | 'contest', work: () => Promise<unknown>, message: string) => {
    setBusy(kind);
    setDone(null);
    failure.clear();
    try {
      await work();
      setDone(message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: disputeQuery(dispute.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: disputesQuery().queryKey }),
      ]);
      return true;
    } catch (error) {
      failure.report(error);
      alert.current?.focus();
      return false;
    } finally {
      setBusy(null);
    }
  };

  const submitEvidence = async () => {
    if (!text.trim()) {
      setTextProblem('Enter the evidence to send.');
      textField.current?.focus();
      return;
    }
    setTextProblem(undefined);
    if (await run('evidence', () => addEvidence(dispute.id, text.trim()), 'The evidence was added.')) setText('');
  };

  return (
    <>
      <section aria-labelledby="dispute-summary" className="admin-section">
        <h2 id="dispute-summary">Summary</h2>
        <dl className="admin-facts">
          <Fact term="Status" value={<span data-testid="dispute-status">{dispute.status}</span>} />
          <Fact term="Order" value={dispute.order_number ? <Link to={`/admin/orders/${encodeURIComponent(dispute.order_number)}`}>{dispute.order_number}</Link> : '—'} />
          <Fact term="Paid with" value={dispute.gateway} />
          <Fact term="Transaction" value={<code>{dispute.transaction_id ?? '—'}</code>} />
          <Fact term="Amount" value={formatAmount(dispute.amount, dispute.currency)} />
          <Fact term="Reason" value={dispute.reason ?? '—'} />
          <Fact term="Opened" value={formatWhen(dispute.opened_at)} />
          <Fact term="Reply by" value={formatDay(dispute.reply_by)} />
          <Fact term="Decided" value={formatWhen(dispute.decided_at)} />
        </dl>
      </section>

      <section aria-labelledby="dispute-evidence" className="admin-section">
        <h2 id="dispute-evidence">Evidence</h2>
        {dispute.evidence.length === 0 ? (
          <p className="admin-muted">None yet.</p>
        ) : (
          <ul className="admin-list">
            {dispute.evidence.map((item) => (
              <li key={item.id}>
                <span className="admin-muted">
                  {formatWhen(item.added_at)}
                  {item.operator_badge !== null && `, badge ${item.operator_badge}`} ({item.kind}):
                </span>{' '}
                {item.summary}
              </li>
            ))}
          </ul>
        )}
        <StatusRegion message={done} />
        <AlertRegion ref={alert} message={failure.message} />
        {open && can(operator, 'disputes.handle') && (
          <>
            <form
              noValidate
              aria-label="Add evidence"
              className="stack"
              onSubmit={(event) => {
                event.preventDefault();
                void submitEvidence();
              }}
            >
              <TextAreaField
                ref={textField}
                label="Evidence"
                hint="What shows the order was genuine and delivered: the customer's downloads, the key's activations, their messages."
                rows={4}
                value={text}
                error={textProblem}
                onChange={(event) => setText(event.target.value)}
              />
              <Button type="submit" variant="secondary" busy={busy === 'evidence'}>
                Add evidence
              </Button>
            </form>
            <h2>Decision</h2>
            <p>Accept gives the customer's money back and closes the dispute. Contest sends the evidence above to the provider.</p>
            {accepting ? (
              <div className="admin-confirm" role="group" aria-labelledby="accept-question">
                <p id="accept-question">
                  Accept this dispute? The customer keeps {formatAmount(dispute.amount, dispute.currency)} and the dispute closes; this cannot be undone.
                </p>
                <div className="button-row">
                  <Button type="button" busy={busy === 'accept'} onClick={() => void run('accept', () => acceptDispute(dispute.id), 'The dispute was accepted.').then(() => setAccepting(false))}>
                    Yes, accept the dispute
                  </Button>
                  <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => setAccepting(false)}>
                    Cancel
                  </Button>
                </div>
              </div>
            ) : (
              <div className="button-row">
                <Button type="button" busy={busy === 'contest'} disabled={busy !== null && busy !== 'contest'} onClick={() => void run('contest', () => contestDispute(dispute.id), 'The dispute was contested with the evidence.')}>
                  Contest
                </Button>
                <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => setAccepting(true)}>
                  Accept
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </>
  );
}
