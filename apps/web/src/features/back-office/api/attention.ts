import { BACK_OFFICE_PATHS, type AttentionJson, type AttentionKind } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryServerTrouble } from './session';

export const attentionQuery = () =>
  queryOptions({ queryKey: ['back-office', 'attention'], queryFn: () => api.get<AttentionJson>(BACK_OFFICE_PATHS.attention), retry: retryServerTrouble });

export const useAttention = () => useQuery(attentionQuery());

export const resolveAttention = (kind: AttentionKind, id: string, action: string) => api.post<unknown>(BACK_OFFICE_PATHS.attentionAction(kind, id), { action });
