import { BACK_OFFICE_PATHS, type DisputeJson } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryServerTrouble } from './session';

/** The list comes as { disputes } (the API's usual wrapping of a list); a bare array is read too. */
const listOf = (answer: { disputes: readonly DisputeJson[] } | readonly DisputeJson[]) => (Array.isArray(answer) ? answer : (answer as { disputes: readonly DisputeJson[] }).disputes);

export const disputesQuery = () =>
  queryOptions({
    queryKey: ['back-office', 'disputes'],
    queryFn: async () => listOf(await api.get<{ disputes: readonly DisputeJson[] } | readonly DisputeJson[]>(BACK_OFFICE_PATHS.disputes)),
    retry: retryServerTrouble,
  });

/**
 * Disputes arrive, and are decided, by the provider's notifications: a page that shows them asks
 * again every few seconds, until the one it shows is decided.
 */
export const DISPUTES_REFRESH_MS = 5_000;
const DECIDED: readonly DisputeJson['status'][] = ['accepted', 'won', 'lost', 'expired'];

export const useDisputes = () => useQuery({ ...disputesQuery(), refetchInterval: DISPUTES_REFRESH_MS });

export const disputeQuery = (id: string) =>
  queryOptions({ queryKey: ['back-office', 'dispute', id], queryFn: () => api.get<DisputeJson>(BACK_OFFICE_PATHS.dispute(id)), retry: retryServerTrouble });

export const useDispute = (id: string) =>
  useQuery({ ...disputeQuery(id), refetchInterval: (query) => (query.state.data && DECIDED.includes(query.state.data.status) ? false : DISPUTES_REFRESH_MS) });

export const addEvidence = (id: string, text: string) => api.post<unknown>(BACK_OFFICE_PATHS.disputeEvidence(id), { text });
export const acceptDispute = (id: string) => api.post<unknown>(BACK_OFFICE_PATHS.disputeAccept(id), {});
export const contestDispute = (id: string) => api.post<unknown>(BACK_OFFICE_PATHS.disputeContest(id), {});
