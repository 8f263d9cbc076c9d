import type { SessionJson } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

// The shopper's session (who is signed in, their basket, the store's settings) is read all over the
// store: the layout's basket count, the checkout, the account pages, the password rules. It belongs to
// no one feature, so it sits here, below them all.
export const getSession = () => api.get<SessionJson>('/data/session/');

export const sessionQuery = () => queryOptions({ queryKey: ['session'], queryFn: getSession });

export const useSession = () => useQuery(sessionQuery());
