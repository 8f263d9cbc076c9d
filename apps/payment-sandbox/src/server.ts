import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { accountPart, resolveAccount, storedAccount, type NamedAccountSource } from './account';
import { DEFAULT_CONFIG, type RouteHandler, type SandboxConfig, type SandboxContext, type SandboxRequest } from './context';
import { SandboxStore } from './store';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  /** Loopback only by default. */
  readonly host?: string;
  /** A file to keep the state in across restarts; none keeps it in memory. */
  readonly stateFile?: string | null;
  readonly config?: Partial<SandboxConfig>;
  /**
   * Where the account (merchant id, keys, merchant accounts) may come from besides `config`, which
   * comes first: the command line, then the environment. Below them the state file's account, then
   * the defaults.
   */
  readonly accountSources?: readonly NamedAccountSource[];
  /** The route groups, tried in order. */
  readonly routes: readonly RouteHandler[];
}

export interface RunningSandbox {
  readonly url: string;
  readonly port: number;
  readonly context: SandboxContext;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An incoming request, read whole: what every sandbox's routes take. */
export async function sandboxRequest(incoming: IncomingMessage): Promise<SandboxRequest> {
  return {
    method: incoming.method ?? 'GET',
    url: new URL(incoming.url ?? '/', 'http://sandbox.local'),
    headers: incoming.headers,
    body: await readBody(incoming),
  };
}

/** Listens on the port (0: any free one) and host; answers the port taken. */
export async function listen(server: NetServer, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return (server.address() as AddressInfo).port;
}

export function handlerFor(context: SandboxContext, routes: readonly RouteHandler[]) {
  return async (incoming: IncomingMessage, response: ServerResponse) => {
    try {
      const request = await sandboxRequest(incoming);
      for (const route of routes) {
        if (await route(request, response, context)) return;
      }
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(error instanceof Error ? error.message : 'Sandbox error');
    }
  };
}

/**
 * Idle keep-alive connections stay open 65 s, as the providers' own servers keep them well past a
 * client's: with Node's 5 s the sandbox closed a socket at the moment a client (the store's SDK, a
 * browser test's routed fetch) sent its next request on it, which the client saw as ECONNRESET.
 */
export function keepIdleConnectionsOpen(server: Server | HttpsServer): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** Starts the sandbox's HTTP listener. */
export async function startServer(options: SandboxOptions): Promise<RunningSandbox> {
  const store = new SandboxStore(options.stateFile ?? null);
  const { account } = resolveAccount([
    { name: 'the configuration given', account: accountPart(options.config) },
    ...(options.accountSources ?? []),
    { name: `the state file ${options.stateFile ?? ''}`.trim(), account: store.state.account ?? {} },
  ]);
  // The state file keeps the account used, so the next start without flags has the same one.
  store.state.account = storedAccount(account);
  if (options.stateFile) store.save();
  const context: SandboxContext = { store, config: { ...DEFAULT_CONFIG, ...options.config, ...account } };
  const server: Server = createServer(handlerFor(context, options.routes));
  keepIdleConnectionsOpen(server);
  const port = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    context,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The idle connections kept open 65 s (above) would hold the close that long: shutting down ends them.
        server.closeAllConnections();
      }),
  };
}
