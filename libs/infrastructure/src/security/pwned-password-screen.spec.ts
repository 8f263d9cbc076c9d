import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PopularPasswordScreen } from './popular-password-screen';
import { PwnedPasswordScreen } from './pwned-password-screen';

const breached = 'Tr0ub4dor&3 horse';
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

/** A local stand-in for api.pwnedpasswords.com that speaks its range protocol and records requests. */
function standIn(): Promise<{ url: string; requests: { path: string; padding?: string }[]; close: () => Promise<void>; server: Server }> {
  const requests: { path: string; padding?: string }[] = [];
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', padding: request.headers['add-padding'] as string | undefined });
    const match = /^\/range\/([0-9A-F]{5})$/.exec(request.url ?? '');
    if (!match) return response.writeHead(404).end();
    const hash = sha1(breached);
    const lines = ['0018A45C4D1DEF81644B54AB7F969B88D65:0', '00D4F6E8FA6EECAD2A3AA415EEC418D38EC:2'];
    if (hash.startsWith(match[1])) lines.push(`${hash.slice(5)}:42`);
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end(lines.join('\r\n'));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        server,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe('PwnedPasswordScreen', () => {
  it('finds a breached password by sending only the first five characters of its hash', async () => {
    const service = await standIn();
    try {
      const screen = new PwnedPasswordScreen(service.url, new PopularPasswordScreen([]));
      expect(await screen.isCompromised(breached)).toBe(true);
      expect(await screen.isCompromised('a phrase nobody has ever breached 8372')).toBe(false);
      expect(service.requests).toHaveLength(2);
      for (const request of service.requests) {
        expect(request.path).toMatch(/^\/range\/[0-9A-F]{5}$/);
        expect(request.padding).toBe('true');
      }
      expect(service.requests[0].path).toBe(`/range/${sha1(breached).slice(0, 5)}`);
      expect(JSON.stringify(service.requests)).not.toContain(sha1(breached).slice(5));
    } finally {
      await service.close();
    }
  });

  it('lets the offline list decide when the service is down, without refusing good passwords', async () => {
    const service = await standIn();
    const url = service.url;
    await service.close();
    const screen = new PwnedPasswordScreen(url, new PopularPasswordScreen(['letmein']), 500);
    expect(await screen.isCompromised('LetMeIn')).toBe(true);
    expect(await screen.isCompromised(breached)).toBe(false);
  });

  it('gives up on a service that never answers (the test would time out otherwise)', async () => {
    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const screen = new PwnedPasswordScreen(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`, new PopularPasswordScreen([]), 200);
      expect(await screen.isCompromised(breached)).toBe(false);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
