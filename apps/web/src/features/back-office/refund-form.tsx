import type { AdminOrderJson } from '@store/domain';
import { Button, ChoiceGroup, TextAreaField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { AlertRegion, StatusRegion, useFailure } from './admin-page';
import { adminOrderQuery, refundOrder } from './api/orders';
import { formatAmount } from './format';
import { RefundConfirmation } from './refund-confirmation';
import { chooseEverything, NO_SELECTION, normalise, refundableLines, refundAmount, refundProblems, refundRequest, toggleLine, type RefundProblem } from './refund-selection';

/**
 * The refund of an order, whole or by line: the lines or "everything left", a reason, then a
 * confirmation that names the amount. The confirmation holds the refund's key, so confirming twice,
 * or again after a failure, asks for the same refund (refund-confirmation.ts).
 */
export function RefundForm({ order }: { readonly order: AdminOrderJson }) {
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState(NO_SELECTION);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<readonly RefundProblem[]>([]);
  const [confirmation, setConfirmation] = useState<RefundConfirmation | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const failure = useFailure();
  const firstLine = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const lines = refundableLines(order);
  const left = Math.max(0, order.totals.charged - order.totals.refunded);
  const shown = normalise(order, selection);

  useEffect(() => {
    if (confirmation) confirmHeading.current?.focus();
  }, [confirmation]);

  const review = () => {
    setDone(null);
    failure.clear();
    const found = refundProblems(order, selection, reason);
    setProblems(found);
    if (found.length > 0) {
      (found[0].field === 'lines' ? firstLine.current : reasonField.current)?.focus();
      return;
    }
    setConfirmation(new RefundConfirmation(refundRequest(order, selection, reason), refundAmount(order, selection)));
  };

  const confirm = async () => {
    if (!confirmation) return;
    setSending(true);
    failure.clear();
    try {
      const { refund, order: now } = await confirmation.send((body) => refundOrder(order.number, body));
      setConfirmation(null);
      setSelection(NO_SELECTION);
      setReason('');
      setDone(`Refund of ${formatAmount(refund.amount ?? confirmation.amount, order.currency)} ${refund.state === 'refunded' || refund.state === 'voided' ? 'made' : `recorded (${refund.state})`}.`);
      queryClient.setQueryData(adminOrderQuery(order.number).queryKey, now);
    } catch (error) {
      // The confirmation stays: confirming again retries (with the same key when the refund may
      // have happened, refund-confirmation.ts). The order is read again, as it may have changed.
      failure.report(error);
      alert.current?.focus();
      void queryClient.invalidateQueries({ queryKey: adminOrderQuery(order.number).queryKey });
    } finally {
      setSending(false);
    }
  };

  const problemOf = (field: RefundProblem['field']) => problems.find((problem) => problem.field === field)?.message;
  const described = (positions: readonly number[] | null) =>
    positions === null ? 'everything left on the order' : `line${positions.length === 1 ? '' : 's'} ${positions.join(', ')}`;

  return (
    <section aria-labelledby={titleId} className="admin-section admin-refund">
      <h2 id={titleId}>Refund</h2>
      <StatusRegion message={done} />
      <AlertRegion ref={alert} message={failure.message} />
      {/* Kept when nothing is left, so the message of the refund that emptied it stays where it was said. */}
      {lines.length === 0 && !order.can_refund && !confirmation ? (
        <p className="admin-muted">Nothing is left to refund on this order.</p>
      ) : confirmation ? (
        <div className="admin-confirm">
          <h3 ref={confirmHeading} tabIndex={-1}>
            Refund {formatAmount(confirmation.amount, order.currency)} to the customer?
          </h3>
          <p>
            This gives back {described(confirmation.body.positions)}, for: “{confirmation.body.reason}”. It cannot be undone.
          </p>
          <div className="button-row">
            <Button type="button" busy={sending} onClick={() => void confirm()}>
              Confirm refund of {formatAmount(confirmation.amount, order.currency)}
            </Button>
            <Button type="button" variant="secondary" disabled={sending} onClick={() => (setConfirmation(null), failure.clear())}>
              Back
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          aria-labelledby={titleId}
          onSubmit={(event) => {
            event.preventDefault();
            review();
          }}
        >
          <ChoiceGroup legend="What to refund" error={problemOf('lines')}>
            {lines.map((line, index) => (
              <label key={line.position} className="choice">
                <input
                  ref={index === 0 ? firstLine : undefined}
                  type="checkbox"
                  checked={shown.everything || selection.positions.includes(line.position)}
                  onChange={() => setSelection((current) => toggleLine(normalise(order, current).everything ? { everything: false, positions: lines.map((each) => each.position) } : current, line.position))}
                />
                Line {line.position}: {line.product_name}
                {line.choice ? ` (${line.choice})` : ''} — {formatAmount(line.refundable, order.currency)}
              </label>
            ))}
            <label className="choice">
              <input
                ref={lines.length === 0 ? firstLine : undefined}
                type="checkbox"
                checked={shown.everything}
                onChange={(event) => setSelection((current) => (event.target.checked ? chooseEverything(current, true) : NO_SELECTION))}
              />
              Refund everything left ({formatAmount(left, order.currency)})
            </label>
          </ChoiceGroup>
          <TextAreaField
            ref={reasonField}
            label="Reason"
            hint="Kept with the refund and in the audit log."
            required
            maxLength={500}
            rows={3}
            value={reason}
            error={problemOf('reason')}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button type="submit">Review refund of {formatAmount(refundAmount(order, selection), order.currency)}</Button>
        </form>
      )}
    </section>
  );
}
