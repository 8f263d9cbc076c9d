import type { SessionJson } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getSession = () => api.get<SessionJson>('/data/session/');

export const sessionQuery = () => queryOptions({ queryKey: ['session'], queryFn: getSession });

export const useSession = () => useQuery(sessionQuery());
