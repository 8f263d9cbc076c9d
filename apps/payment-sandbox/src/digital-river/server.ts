import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { keepIdleConnectionsOpen, listen, sandboxRequest } from '../server';
import { DEFAULT_DIGITAL_RIVER_CONFIG, type DigitalRiverConfig, type DigitalRiverContext, type DrRequest } from './context';
import { handle } from './routes';
import { DigitalRiverStore } from './store';

export interface DigitalRiverSandboxOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Loopback by default. */
  readonly host?: string;
  /** A file that keeps the state across restarts; null (the default) keeps it in memory. */
  readonly stateFile?: string | null;
  readonly config?: Partial<DigitalRiverConfig>;
}

export interface RunningDigitalRiverSandbox {
  /** `http://127.0.0.1:PORT`: the API base URL, and the origin of `/v1/DigitalRiver.js`. */
  readonly url: string;
  readonly port: number;
  readonly context: DigitalRiverContext;
  readonly config: DigitalRiverConfig;
  close(): Promise<void>;
}

function handlerFor(context: DigitalRiverContext) {
  return async (incoming: IncomingMessage, response: ServerResponse) => {
    try {
      const request: DrRequest = await sandboxRequest(incoming);
      await handle(request, response, context);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ type: 'internal_server_error', errors: [{ code: 'internal_error', message: error instanceof Error ? error.message : 'Sandbox error' }] }));
    }
  };
}

/** Starts the Digital River sandbox: the server API, the DigitalRiver.js stand-in and its calls, and the test controls. */
export async function startDigitalRiverSandbox(options: DigitalRiverSandboxOptions = {}): Promise<RunningDigitalRiverSandbox> {
  const context: DigitalRiverContext = {
    store: new DigitalRiverStore(options.stateFile ?? null),
    config: { ...DEFAULT_DIGITAL_RIVER_CONFIG, ...options.config },
  };
  const server: Server = createServer(handlerFor(context));
  keepIdleConnectionsOpen(server);
  const port = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    context,
    config: context.config,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A held (delayed) answer must not keep the sandbox open.
        server.closeAllConnections();
      }),
  };
}
