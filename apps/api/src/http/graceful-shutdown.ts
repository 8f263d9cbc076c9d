import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The readiness probe's path (HealthController): a draining instance answers it 503 itself. */
const READY_PATH = '/health/ready';
/** How often connections that went idle during the drain are looked for and closed. */
const IDLE_SWEEP_MS = 100;

export type DrainOutcome = 'drained' | 'cut';

export interface Drain {
  readonly draining: boolean;
  /**
   * Stops taking connections, answers requests already in progress (each with Connection: close),
   * closes idle keep-alive connections, and resolves once every connection is gone ('drained') or
   * the bound has passed and the rest were cut ('cut'). Called again, it returns the same drain.
   */
  start(): Promise<DrainOutcome>;
}

/**
 * Lets an instance behind a load balancer stop without losing a request: the balancer's new
 * connections are refused (so it sends them to another instance, never having sent a byte here),
 * requests in progress finish, and the database stays open until they have. Must be called after
 * the application has registered its request handler on the server, and before it listens.
 */
export function drainable(server: Server, { timeoutMs }: { timeoutMs: number }): Drain {
  let draining: Promise<DrainOutcome> | null = null;
  const inProgress = new Set<ServerResponse>();
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (draining) {
      // A keep-alive connection still open here would only carry more requests to an instance
      // that is going away: this answer is its last.
      response.shouldKeepAlive = false;
      if (request.url?.split('?')[0] === READY_PATH) return answerNotReady(response);
    }
    inProgress.add(response);
    response.once('close', () => inProgress.delete(response));
    for (const handler of handlers) handler.call(server, request, response);
  });

  return {
    get draining() {
      return draining !== null;
    },
    start() {
      draining ??= new Promise<DrainOutcome>((resolve) => {
        for (const response of inProgress) if (!response.headersSent) response.shouldKeepAlive = false;
        // A response that went out as keep-alive before the drain leaves its connection idle once
        // sent; those are closed as they appear rather than left to the 65 s keep-alive timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        const cutTimer = setTimeout(() => {
          clearInterval(sweep);
          server.closeAllConnections();
          resolve('cut');
        }, timeoutMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(cutTimer);
          resolve('drained');
        });
        server.closeIdleConnections();
      });
      return draining;
    },
  };
}

function answerNotReady(response: ServerResponse): void {
  // The shape of the health checks' own answers (@nestjs/terminus), so a probe reads it the same way.
  const body = JSON.stringify({ status: 'error', info: {}, error: { shutdown: { status: 'down' } }, details: { shutdown: { status: 'down' } } });
  response.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
}
