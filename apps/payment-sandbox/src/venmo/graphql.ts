import type { SandboxContext } from '../context';
import type { ClientTokenRecord } from '../store';
import { CONTEXT_STATUS, CREATE_CONTEXT, createVenmoContext, UPDATE_CONTEXT, updateVenmoContext, venmoContextStatus } from './payment-contexts';

/** The Venmo module's GraphQL operations, or null for any other query. */
export function answerVenmoGraphQL(context: SandboxContext, token: ClientTokenRecord, query: string, variables: unknown) {
  if (CREATE_CONTEXT.test(query)) return createVenmoContext(context, token, query, variables);
  if (UPDATE_CONTEXT.test(query)) return updateVenmoContext(context, token, query, variables);
  if (CONTEXT_STATUS.test(query)) return venmoContextStatus(context, token, variables);
  return null;
}
