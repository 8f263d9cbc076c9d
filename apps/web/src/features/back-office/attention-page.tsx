import type { AttentionItemJson, AttentionJson } from '@store/domain';
import { Button } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminPage, AlertRegion, can, QueryFailure, StatusRegion, useFailure, useOperator } from './admin-page';
import { attentionQuery, resolveAttention, useAttention } from './api/attention';
import { formatWhen } from './format';

const LISTS: readonly { readonly key: keyof AttentionJson; readonly title: string; readonly why: string }[] = [
  { key: 'uncertain_charges', title: 'Charges with an unknown outcome', why: 'The provider did not answer: check its dashboard before deciding.' },
  { key: 'pending_orders', title: 'Orders waiting for payment', why: 'Placed but not paid for longer than usual.' },
  { key: 'failed_webhooks', title: "Provider notifications that failed", why: 'Notifications the store could not process.' },
  { key: 'unverified_tax_ids', title: 'Tax ids not verified', why: 'The tax authority could not confirm them at the checkout.' },
  { key: 'certificates', title: 'Tax exemption certificates to review', why: 'Uploaded by customers, waiting for a person.' },
];

/** /admin/attention: the five lists of what needs a person, each item with the actions that resolve it. */
export function AttentionPage() {
  const attention = useAttention();
  // Said here, not on the item: a resolved item leaves its list, and its own message with it.
  const [done, setDone] = useState<string | null>(null);
  return (
    <AdminPage title="Needs attention" wide>
      <StatusRegion message={done} />
      {attention.isPending && <p>Loading…</p>}
      {attention.isError && <QueryFailure error={attention.error} />}
      {attention.data &&
        LISTS.map((list) => (
          <section key={list.key} aria-labelledby={`attention-${list.key}`} className="admin-section">
            <h2 id={`attention-${list.key}`}>
              {list.title} ({attention.data[list.key].length})
            </h2>
            <p className="admin-muted">{list.why}</p>
            {attention.data[list.key].length === 0 ? (
              <p>Nothing here.</p>
            ) : (
              <ul className="admin-cards">
                {attention.data[list.key].map((item) => (
                  <AttentionItem key={`${item.kind}-${item.id}`} item={item} onDone={setDone} />
                ))}
              </ul>
            )}
          </section>
        ))}
    </AdminPage>
  );
}

function AttentionItem({ item, onDone }: { readonly item: AttentionItemJson; readonly onDone: (message: string | null) => void }) {
  const operator = useOperator();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const failure = useFailure();
  const alert = useRef<HTMLDivElement>(null);
  const act = async (action: string, label: string) => {
    setBusy(action);
    onDone(null);
    failure.clear();
    try {
      await resolveAttention(item.kind, item.id, action);
      onDone(`${label}: done (${item.summary}).`);
      await queryClient.invalidateQueries({ queryKey: attentionQuery().queryKey });
    } catch (error) {
      failure.report(error);
      alert.current?.focus();
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className="admin-card">
      <p className="admin-card__title">{item.summary}</p>
      <p className="admin-muted">
        Since {formatWhen(item.since)}
        {item.order_number && (
          <>
            {' · '}
            <Link to={`/admin/orders/${encodeURIComponent(item.order_number)}`}>Order {item.order_number}</Link>
          </>
        )}
      </p>
      {can(operator, 'attention.resolve') && item.actions.length > 0 && (
        <div className="button-row">
          {item.actions.map((action) => (
            <Button key={action.action} type="button" variant="secondary" busy={busy === action.action} disabled={busy !== null && busy !== action.action} onClick={() => void act(action.action, action.label)}>
              {action.label}
            </Button>
          ))}
        </div>
      )}
      <AlertRegion ref={alert} message={failure.message} />
    </li>
  );
}
