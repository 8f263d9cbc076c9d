import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Ours: longer than the idle timeout of the
 * proxies a store sits behind (60 s on the common load balancers), so the client side always closes
 * an idle connection first. Node's own 5 s lets the server close a socket at the very moment a client
 * (a proxy, a browser, a script) sends its next request on it, which the client sees as ECONNRESET.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers may take as long as an idle connection may wait, and a little more.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
