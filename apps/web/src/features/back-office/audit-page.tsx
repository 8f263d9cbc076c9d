import type { AuditEntryJson } from '@store/domain';
import { Button, TextField } from '@store/ui';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { AdminPage, QueryFailure, TableBox } from './admin-page';
import { useAudit, type AuditFilter } from './api/audit';
import { formatWhen } from './format';

const FILTER_FIELDS = ['subject_type', 'subject_id', 'operator_id'] as const;

/** What an entry changed, short: the JSON of before and after, as the API recorded them. */
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** /admin/audit: who did what, newest first, 100 at a time; filtered by subject or member of staff. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = {
    subject_type: params.get('subject_type') ?? '',
    subject_id: params.get('subject_id') ?? '',
    operator_id: params.get('operator_id') ?? '',
    before: params.get('before') ?? '',
  };
  const audit = useAudit(filter, true);
  const { register, handleSubmit } = useForm<Omit<AuditFilter, 'before'>>({ values: { subject_type: filter.subject_type, subject_id: filter.subject_id, operator_id: filter.operator_id } });
  const submit = handleSubmit((values) => {
    const next = new URLSearchParams();
    for (const field of FILTER_FIELDS) if (values[field].trim()) next.set(field, values[field].trim());
    setParams(next);
  });
  const entries: readonly AuditEntryJson[] = audit.data?.entries ?? [];
  const showOlder = () => {
    const last = entries[entries.length - 1];
    if (!last) return;
    const next = new URLSearchParams(params);
    next.set('before', last.id);
    setParams(next);
  };

  return (
    <AdminPage title="Audit log" wide>
      <form onSubmit={submit} noValidate className="admin-search" aria-label="Filter the audit log">
        <TextField label="Subject type" hint="For example order, refund, operator." {...register('subject_type')} />
        <TextField label="Subject id" {...register('subject_id')} />
        <TextField label="Staff id" {...register('operator_id')} />
        <Button type="submit" busy={audit.isFetching}>
          Filter
        </Button>
      </form>
      {audit.isError && <QueryFailure error={audit.error} />}
      {audit.data && (
        <>
          <p aria-live="polite">
            {entries.length === 0 ? 'No entries.' : `${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}${filter.before ? ', older ones' : ''}.`}
          </p>
          {entries.length > 0 && (
            <TableBox label="Audit entries">
              <table className="admin-table admin-table--audit">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Subject</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatWhen(entry.at)}</td>
                      <td>{entry.operator_email ? `${entry.operator_email} (badge ${entry.operator_badge ?? '—'})` : 'The store'}</td>
                      <td>{entry.action}</td>
                      <td>
                        {entry.subject_type} <code>{entry.subject_id}</code>
                      </td>
                      <td>
                        <code className="admin-json">{shown(entry.before)}</code>
                      </td>
                      <td>
                        <code className="admin-json">{shown(entry.after)}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
          {entries.length >= 100 && (
            <Button type="button" variant="secondary" onClick={showOlder}>
              Older entries
            </Button>
          )}
          {filter.before && (
            <p>
              <Button type="button" variant="link" onClick={() => setParams(new URLSearchParams([...params].filter(([name]) => name !== 'before')))}>
                Back to the newest
              </Button>
            </p>
          )}
        </>
      )}
    </AdminPage>
  );
}
