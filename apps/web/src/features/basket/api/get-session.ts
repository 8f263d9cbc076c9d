import type { BasketJson } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SessionJson {
  readonly customer: null;
  readonly basket: BasketJson | null;
  readonly contact_preferences: null;
}

export const getSession = () => api.get<SessionJson>('/data/session/');

export const sessionQuery = () => queryOptions({ queryKey: ['session'], queryFn: getSession });

export const useSession = () => useQuery(sessionQuery());
