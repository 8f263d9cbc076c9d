import { CONSENT_CALLS, CONSENT_META_NAME, parseConsentJson, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@store/domain';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

// apps/web/consent-head-start.mjs is plain JavaScript that cannot import the domain: these tests hold
// the facts it repeats to the consent contract, and run the script it writes in a sandbox.
const PLUGIN = join(__dirname, '..', 'consent-head-start.mjs');

interface Written {
  readonly script: string;
  readonly calls: Record<string, string>;
  readonly meta: string;
}

function written(): Written {
  const script = `
    import { consentHeadStartScript, CHOICE_CALLS, CONSENT_META } from ${JSON.stringify(PLUGIN)};
    process.stdout.write(JSON.stringify({ script: consentHeadStartScript(), calls: CHOICE_CALLS, meta: CONSENT_META }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

/** Just enough of an element for the script: attributes, closest() and remove(). */
class Node {
  readonly attributes = new Map<string, string>();
  removed = false;
  constructor(
    readonly selectorMatches: readonly string[],
    readonly parent: Node | null,
    attributes: Record<string, string> = {},
  ) {
    for (const [name, value] of Object.entries(attributes)) this.attributes.set(name, value);
  }
  closest(selector: string): Node | null {
    return this.selectorMatches.includes(selector) ? this : (this.parent?.closest(selector) ?? null);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  remove() {
    this.removed = true;
  }
}

/** Runs the script on a page with the drawn notice, taps a button and returns what happened. */
async function tap(action: 'accept' | 'reject', answer: () => Promise<unknown>) {
  const { script, meta: metaName } = written();
  const listeners: Record<string, (event: { target: unknown }) => void> = {};
  const meta = { content: '{"analytics":null,"viewed":false}' };
  const calls: { path: string; init: RequestInit }[] = [];
  const window: { __storeConsentEarly?: { choice?: Promise<unknown>; settled?: boolean } } = {};
  const document = {
    addEventListener: (type: string, listener: (event: { target: unknown }) => void) => (listeners[type] = listener),
    querySelector: (selector: string) => (selector === `meta[name="${metaName}"]` ? meta : null),
  };
  const fetch = (path: string, init: RequestInit) => {
    calls.push({ path, init });
    return answer();
  };
  runInNewContext(script, { window, document, fetch, Element: Node });
  const notice = new Node(['[data-store-drawn]'], null);
  const button = new Node(['[data-store-drawn] [data-consent]'], notice, { 'data-consent': action });
  listeners.click({ target: button });
  const choice = await window.__storeConsentEarly?.choice;
  return { calls, meta, notice, choice, settled: window.__storeConsentEarly?.settled === true };
}

const stored = (data: unknown) => () => Promise.resolve({ ok: true, json: () => Promise.resolve({ success: true, code: 200, data }) });

describe('the drawn notice’s own script (apps/web/consent-head-start.mjs) keeps to the consent contract', () => {
  it('names the domain’s calls and the page’s consent tag', () => {
    const { calls, meta } = written();
    expect(calls).toEqual({ accept: CONSENT_CALLS.allowAnalytics, reject: CONSENT_CALLS.disallowAnalytics });
    expect(meta).toBe(CONSENT_META_NAME);
  });

  it.each([
    ['accept', CONSENT_CALLS.allowAnalytics, { analytics: true, viewed: true }],
    ['reject', CONSENT_CALLS.disallowAnalytics, { analytics: false, viewed: true }],
  ] as const)('stores %s with the data calls’ keepalive PUT and writes the answer into the tag as ConsentJson', async (action, path, answer) => {
    const result = await tap(action, stored(answer));
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0].path).toBe(path);
    expect(result.calls[0].init).toMatchObject({ method: 'PUT', keepalive: true, credentials: 'same-origin' });
    expect((result.calls[0].init.headers as Record<string, string>)[REQUESTED_WITH_HEADER]).toBe(REQUESTED_WITH_VALUE);
    expect(parseConsentJson(JSON.parse(result.meta.content))).toEqual(answer);
    expect(JSON.parse(result.meta.content)).toEqual(answer);
    expect(result.choice).toEqual(answer);
    expect(result.settled).toBe(true);
    expect(result.notice.removed).toBe(true);
  });

  it('leaves the tag and the notice as they were when the answer is not a stored choice', async () => {
    for (const answer of [stored({ analytics: null, viewed: true }), stored(null), () => Promise.resolve({ ok: false, json: () => Promise.resolve(null) }), () => Promise.reject(new Error('offline'))]) {
      const result = await tap('accept', answer);
      expect(result.choice).toBeNull();
      expect(result.meta.content).toBe('{"analytics":null,"viewed":false}');
      expect(result.notice.removed).toBe(false);
      expect(result.notice.getAttribute('aria-busy')).toBeNull();
    }
  });
});
