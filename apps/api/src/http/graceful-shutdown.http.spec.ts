import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/test-app';
import { drainable } from './graceful-shutdown';

// On SIGTERM (main.ts) an instance behind a load balancer drains: connections opened from then on are
// refused, so the balancer sends the request to another instance having sent nothing here; requests
// in progress are answered, each as its connection's last; readiness says 503; and a request that
// outlives the bound is cut so the process can exit.

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

function send(port: number, path: string, agent?: Agent): { answer: Promise<Answer>; sent: Promise<void> } {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, path, agent: agent ?? false }, (response: IncomingMessage) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
    });
    outgoing.on('error', reject);
    outgoing.on('finish', markSent);
    outgoing.end();
  });
  return { answer, sent };
}

describe('draining a server', () => {
  let server: Server;
  let port: number;
  const arrived: string[] = [];
  let finishSlow!: () => void;
  let slowMayFinish: Promise<void>;

  beforeEach(async () => {
    arrived.length = 0;
    slowMayFinish = new Promise<void>((resolve) => (finishSlow = resolve));
    server = createServer((request, response) => {
      arrived.push(request.url ?? '');
      if (request.url === '/slow') void slowMayFinish.then(() => response.end('slow done'));
      else if (request.url === '/stream') {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.write('first part');
        void slowMayFinish.then(() => response.end(' and the rest'));
      }
      else if (request.url === '/never') return;
      else response.end('quick');
    });
    port = await listen(server);
  });
  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  it('answers a request in progress after the drain began, refuses new connections, and ends once it is answered', async () => {
    const drain = drainable(server, { timeoutMs: 10_000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    try {
      expect((await send(port, '/quick', agent).answer).connection).toBe('keep-alive');
      const slow = send(port, '/slow', agent);
      await slow.sent;
      while (!arrived.includes('/slow')) await new Promise((resolve) => setTimeout(resolve, 10));

      let outcome: string | undefined;
      const drained = drain.start().then((result) => (outcome = result));
      expect(drain.draining).toBe(true);
      // A new connection meets a closed port: the balancer sends the request elsewhere, nothing lost.
      await expect(send(port, '/quick').answer).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(outcome).toBeUndefined();

      finishSlow();
      expect(await slow.answer).toEqual({ status: 200, connection: 'close', body: 'slow done' });
      expect(await drained).toBe('drained');
    } finally {
      agent.destroy();
    }
  });

  it('says not ready to a probe that arrives while draining on a connection kept from before, as that connection’s last answer', async () => {
    const drain = drainable(server, { timeoutMs: 10_000 });
    // A streamed answer: its head (keep-alive) went out before the drain began, its end comes after.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('GET /stream HTTP/1.1\r\nHost: store\r\n\r\n');
    while (!received.includes('first part')) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received).toMatch(/connection: keep-alive/i);

    const reachedServer: string[] = [];
    server.on('request', (request: IncomingMessage) => reachedServer.push(request.url ?? ''));
    const drained = drain.start();
    socket.write('GET /health/ready HTTP/1.1\r\nHost: store\r\n\r\n');
    while (!reachedServer.includes('/health/ready')) await new Promise((resolve) => setTimeout(resolve, 10));
    finishSlow();
    await closed;
    const second = received.slice(received.indexOf('HTTP/1.1', 1));
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/connection: close/i);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 'error', error: { shutdown: { status: 'down' } } });
    // The server's own handler never saw the probe: an instance going away does not say it is ready.
    expect(arrived).toEqual(['/stream']);
    expect(await drained).toBe('drained');
  });

  it('cuts a request that outlives the bound, so the process can still exit', async () => {
    const drain = drainable(server, { timeoutMs: 300 });
    const never = send(port, '/never');
    await never.sent;
    while (!arrived.includes('/never')) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    expect(await drain.start()).toBe('cut');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await expect(never.answer).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});

describe('the store while draining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('serves through its own handler until the drain, then refuses new connections and ends at once when idle', async () => {
    const server = t.app.getHttpServer() as Server;
    const drain = drainable(server, { timeoutMs: 5_000 });
    const port = await listen(server);
    const ready = await send(port, '/health/ready').answer;
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });

    const started = Date.now();
    expect(await drain.start()).toBe('drained');
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(send(port, '/health/ready').answer).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
