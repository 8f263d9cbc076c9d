import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A fault-injecting HTTP proxy on loopback, between a payment adapter and its sandbox (issue 12).
 * It passes everything through unless told otherwise:
 *
 * - `refuse()`: the port refuses connections (and open ones are cut), as a provider that is down;
 *   `accept()` listens again on the same port.
 * - `inject({method, path, fault})` for the next matching call(s):
 *   - `timeout`: the request is held and never forwarded; the adapter gives up on its own timeout.
 *     Nothing reached the provider.
 *   - `5xx`: answered 503 at once, never forwarded. Nothing reached the provider.
 *   - `lost-answer`: forwarded, the provider does the work and answers, and the answer is dropped
 *     (the connection is cut): the adapter cannot know that it happened.
 */
export type Fault = 'timeout' | '5xx' | 'lost-answer';

interface Rule {
  readonly method: string;
  readonly path: RegExp;
  readonly fault: Fault;
  remaining: number;
}

export interface ProxiedCall {
  readonly method: string;
  readonly path: string;
  readonly fault: Fault | null;
}

export class FaultProxy {
  private readonly rules: Rule[] = [];
  private readonly sockets = new Set<Socket>();
  /** Every call that reached the proxy, in order. */
  readonly calls: ProxiedCall[] = [];

  private constructor(
    private readonly server: Server,
    private readonly target: URL,
    readonly port: number,
  ) {}

  static async start(target: string): Promise<FaultProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new FaultProxy(server, new URL(target), (server.address() as AddressInfo).port);
    server.on('connection', (socket: Socket) => {
      proxy.sockets.add(socket);
      socket.on('close', () => proxy.sockets.delete(socket));
    });
    server.on('request', (incoming: IncomingMessage, response: ServerResponse) => proxy.handle(incoming, response));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  inject(rule: { readonly method: string; readonly path: RegExp; readonly fault: Fault; readonly times?: number }): void {
    this.rules.push({ method: rule.method, path: rule.path, fault: rule.fault, remaining: rule.times ?? 1 });
  }

  /** Forgets the faults not used yet. */
  clear(): void {
    this.rules.splice(0);
  }

  /** Calls that matched, optionally only those that met a fault. */
  matching(method: string, path: RegExp): ProxiedCall[] {
    return this.calls.filter((call) => call.method === method && path.test(call.path));
  }

  async refuse(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  async accept(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.clear();
    if (this.server.listening) await this.refuse();
  }

  private take(method: string, path: string): Fault | null {
    const rule = this.rules.find((candidate) => candidate.method === method && candidate.path.test(path));
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules.splice(this.rules.indexOf(rule), 1);
    return rule.fault;
  }

  private async handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = incoming.method ?? 'GET';
    const path = incoming.url ?? '/';
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const fault = this.take(method, path);
    this.calls.push({ method, path, fault });
    if (fault === 'timeout') return; // held: the socket goes when the client gives up, or on refuse/close
    if (fault === '5xx') {
      response.writeHead(503, { 'Content-Type': 'text/plain', Connection: 'close' }).end('Service Unavailable');
      return;
    }
    const upstream = forward(
      { host: this.target.hostname, port: this.target.port, method, path, headers: { ...incoming.headers, host: this.target.host } },
      (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          // The provider has done it and answered; the answer never arrives.
          if (fault === 'lost-answer') {
            incoming.socket.destroy();
            return;
          }
          response.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
        });
      },
    );
    upstream.on('error', () => incoming.socket.destroy());
    upstream.end(Buffer.concat(chunks));
  }
}
