import { Agent, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../testing/test-app';
import { KEEP_ALIVE_MS } from './idle-connections';

// An idle keep-alive connection stays open longer than a client or proxy keeps it, so a request sent
// on it a few seconds later is answered on the same socket instead of meeting a server that has just
// closed it (ECONNRESET at the client). Node's default closes it after 5 s.
let t: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = t.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 60_000);
afterAll(() => t?.close());

const live = (agent: Agent) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path: '/health/live', agent }, (response: IncomingMessage) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });

describe('idle keep-alive connections', () => {
  it('are kept longer than the common proxies keep theirs (60 s)', () => {
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answer a request sent on a connection left idle past Node’s default (5 s, and its grace), on the same socket', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await live(agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(await live(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
