import { BACK_OFFICE_PATHS, ErrorCatalogue, type OperatorSessionJson, type OperatorSignInBody } from '@store/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export const SIGNED_OUT: OperatorSessionJson = { operator: null, expires_at: null };

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['back-office', 'session'],
    queryFn: () => api.get<OperatorSessionJson>(BACK_OFFICE_PATHS.session),
    // The staff session can end while a page is open (idle for 30 minutes): look again now and then.
    staleTime: 60_000,
    retry: false,
  });

/** The signed-in member of staff (null when signed out). */
export const useOperatorSession = () => useQuery(sessionQuery());

export const signIn = (body: OperatorSignInBody) => api.post<OperatorSessionJson>(BACK_OFFICE_PATHS.session, body);
export const signOut = () => api.delete<unknown>(BACK_OFFICE_PATHS.session);

/** The API's answer when the staff session has ended (or was never there): the page goes back to sign-in. */
export const isSignInRequired = (error: unknown) => error instanceof ApiError && error.code === ErrorCatalogue.OPERATOR_SIGN_IN_REQUIRED.code;

/** Failed calls are not asked again when the API said no: a 4xx answer will not change on its own. */
export const retryServerTrouble = (failures: number, error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;
