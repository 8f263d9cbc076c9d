import type { SandboxContext, SandboxRequest } from '../context';
import type { Params } from './params';
import type { Reply } from './reply';

/** One authenticated gateway request, as a route sees it. */
export interface GatewayCall {
  readonly request: SandboxRequest;
  readonly context: SandboxContext;
  /** The JSON body (snake_case keys). */
  readonly params: Params;
  /** The `:name` parts of the route's path. */
  readonly captures: Readonly<Record<string, string>>;
}

export type GatewayHandler = (call: GatewayCall) => Promise<Reply> | Reply;
