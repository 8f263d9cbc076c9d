import { BACK_OFFICE_PATHS, type AuditListJson } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryServerTrouble } from './session';

export interface AuditFilter {
  readonly subject_type: string;
  readonly subject_id: string;
  readonly operator_id: string;
  /** Entries before this one (an entry's id): the next 100. */
  readonly before: string;
}

export function auditPath(filter: AuditFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim()) params.set(name, value.trim());
  const query = params.toString();
  return query ? `${BACK_OFFICE_PATHS.audit}?${query}` : BACK_OFFICE_PATHS.audit;
}

export const auditQuery = (filter: AuditFilter) =>
  queryOptions({ queryKey: ['back-office', 'audit', filter], queryFn: () => api.get<AuditListJson>(auditPath(filter)), retry: retryServerTrouble });

export const useAudit = (filter: AuditFilter, enabled: boolean) => useQuery({ ...auditQuery(filter), enabled });
