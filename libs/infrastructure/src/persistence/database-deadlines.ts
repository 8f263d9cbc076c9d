import { Client, type ClientConfig } from 'pg';

/** node-postgres's words when a statement outlives its read timeout (`query_timeout`). */
export const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * A client that hangs up when a statement outlives its read timeout. node-postgres answers the
 * caller at that point but keeps the connection, with the statement still in flight; returned to the
 * pool, the next borrower would queue behind it, and once the server woke up could even find itself
 * inside the abandoned transaction. Closing the socket instead means the server rolls back whatever
 * that connection had begun, and the pool drops the client (it is no longer queryable).
 */
export class HangUpOnTimeoutClient extends Client {
  // The overloads of query (promise, callback, submittable) all end up here; the arguments pass through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: Error | null, ...rest: unknown[]) => void;
      args[last] = (error: Error | null, ...rest: unknown[]) => {
        if (error?.message === READ_TIMEOUT_MESSAGE) this.hangUp();
        callback(error, ...rest);
      };
    }
    const result: unknown = (super.query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if ((error as Error | undefined)?.message === READ_TIMEOUT_MESSAGE) this.hangUp();
      });
    }
    return result;
  }

  // Ending a client with a statement in flight closes its socket at once, and as an end we asked for
  // it raises no 'error' event that nobody may be listening to any more.
  private hangUp(): void {
    this.end().catch(() => undefined);
  }
}

/**
 * The pool and session limits of a serving process. A database that stops answering (frozen,
 * partitioned, overloaded) must cost a shopper a few seconds and a catalogued 503, not a request held
 * for as long as the outage lasts:
 * - waiting for a pooled connection, or opening one, gives up after `timeoutMs`;
 * - the server cancels a statement that runs longer than `timeoutMs` (a clean error, the connection
 *   kept);
 * - a statement the server does not answer at all (it is not running) is given up half a second
 *   after that, and its connection closed (HangUpOnTimeoutClient);
 * - a transaction left idle for a minute is ended by the server, so a lost process cannot hold locks.
 * Migrations and tools connect without these limits.
 */
export function databaseDeadlines(timeoutMs: number): ClientConfig & { Client: typeof Client } {
  return {
    Client: HangUpOnTimeoutClient,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 500,
    idle_in_transaction_session_timeout: 60_000,
  };
}
