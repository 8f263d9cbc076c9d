import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@store/domain';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

// apps/web/session-head-start.mjs is a build-only Vite plugin (an ES module): it runs here in a child
// Node, and the script it writes runs in a sandbox with a stand-in fetch.
const PLUGIN = join(__dirname, '..', 'session-head-start.mjs');

type Tag = { tag: string; attrs?: Record<string, string>; children: string; injectTo: string };

function tags(): Tag[] {
  const script = `
    import { sessionHeadStart } from ${JSON.stringify(PLUGIN)};
    process.stdout.write(JSON.stringify(sessionHeadStart().transformIndexHtml.handler('<html></html>')));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

/** Runs the written script with `fetch` standing in for the browser's; returns what it left on window. */
function run(code: string, fetch: (path: string, init: RequestInit) => Promise<unknown>): Record<string, Promise<unknown>> {
  const window: { __storeHeadStart?: Record<string, Promise<unknown>> } = {};
  runInNewContext(code, { window, fetch });
  return window.__storeHeadStart ?? {};
}

describe('the session head start (apps/web/session-head-start.mjs)', () => {
  it('writes one classic inline script at the top of the head, before any stylesheet could hold it up', () => {
    const written = tags();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ tag: 'script', injectTo: 'head-prepend' });
    // A module script would wait for the whole page to be parsed.
    expect(written[0].attrs?.type).toBeUndefined();
  });

  it('asks for the session as every data call does: same origin, JSON, with the requested-with header', async () => {
    const calls: { path: string; init: RequestInit }[] = [];
    const answer = { status: 200 };
    const started = run(tags()[0].children, (path, init) => {
      calls.push({ path, init });
      return Promise.resolve(answer);
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].path).toBe('/data/session/');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(calls[0].init.headers).toEqual({ Accept: 'application/json', [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE });
    expect(calls[0].init.method ?? 'GET').toBe('GET');
    expect(Object.keys(started)).toEqual(['/data/session/']);
    await expect(started['/data/session/']).resolves.toBe(answer);
  });

  it('leaves null, never a rejection, when the request fails, so the app asks again itself', async () => {
    const started = run(tags()[0].children, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(started['/data/session/']).resolves.toBeNull();
  });
});
