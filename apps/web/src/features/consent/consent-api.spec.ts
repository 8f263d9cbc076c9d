import { CONSENT_CALLS, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@store/domain';
import { requestCounters } from '../../lib/request-counters';
import { consentInPage, getConsent, loadAnalyticsScripts, putConsent } from './consent-api';

const page = (content: string | null) => ({
  querySelector: (selector: string) => (selector === 'meta[name="store-consent"]' && content !== null ? ({ content } as HTMLMetaElement) : null),
});

describe('the saved cookie choice written into the page', () => {
  it('is read as the server wrote it', () => {
    expect(consentInPage(page('{"analytics":null,"viewed":false}') as unknown as Document)).toEqual({ analytics: null, viewed: false });
    expect(consentInPage(page('{"analytics":true,"viewed":true}') as unknown as Document)).toEqual({ analytics: true, viewed: true });
    expect(consentInPage(page('{"analytics":false,"viewed":false}') as unknown as Document)).toEqual({ analytics: false, viewed: false });
  });

  it('is absent (the page asks the server) without the tag, or when the tag is not what the server writes', () => {
    expect(consentInPage(page(null) as unknown as Document)).toBeNull();
    expect(consentInPage(page('') as unknown as Document)).toBeNull();
    expect(consentInPage(page('not json') as unknown as Document)).toBeNull();
    expect(consentInPage(page('{"analytics":true}') as unknown as Document)).toBeNull();
    // Anything but a boolean choice counts as no choice.
    expect(consentInPage(page('{"analytics":"yes","viewed":true}') as unknown as Document)).toEqual({ analytics: null, viewed: true });
  });
});

describe('the consent calls go through the data client', () => {
  type Scope = { fetch: typeof fetch };
  const scope = globalThis as unknown as Scope;
  const realFetch = scope.fetch;
  let fetched: { path: string; init: RequestInit }[];
  const answerWith = (response: () => Response) => {
    scope.fetch = ((path: string, init: RequestInit) => {
      fetched.push({ path, init });
      return Promise.resolve(response());
    }) as typeof fetch;
  };
  beforeEach(() => {
    fetched = [];
  });
  afterEach(() => {
    scope.fetch = realFetch;
  });

  it('stores a choice with a keepalive PUT carrying the data calls’ header, counted for the page’s readiness', async () => {
    answerWith(() => new Response(JSON.stringify({ success: true, code: 200, data: { analytics: true, viewed: true } })));
    const before = requestCounters.snapshot();
    const seen: { requestCount: number; responseCount: number }[] = [];
    const stop = requestCounters.subscribe(() => seen.push(requestCounters.snapshot()));
    await expect(putConsent(CONSENT_CALLS.allowAnalytics)).resolves.toEqual({ analytics: true, viewed: true });
    stop();
    expect(fetched).toHaveLength(1);
    expect(fetched[0].path).toBe('/cookie-allow-analytics/');
    expect(fetched[0].init).toMatchObject({ method: 'PUT', keepalive: true, credentials: 'same-origin' });
    expect((fetched[0].init.headers as Record<string, string>)[REQUESTED_WITH_HEADER]).toBe(REQUESTED_WITH_VALUE);
    // In progress while the call was out, ready once it answered.
    expect(seen).toEqual([
      { requestCount: before.requestCount + 1, responseCount: before.responseCount },
      { requestCount: before.requestCount + 1, responseCount: before.responseCount + 1 },
    ]);
  });

  it('says nothing was stored when the server refused the choice, sent something else, or could not be reached', async () => {
    answerWith(() => new Response(JSON.stringify({ success: false, code: 100001, message: 'Refused' }), { status: 403 }));
    await expect(putConsent(CONSENT_CALLS.disallowAnalytics)).resolves.toBeNull();
    answerWith(() => new Response('<html>proxy error</html>', { status: 200 }));
    await expect(putConsent(CONSENT_CALLS.disallowAnalytics)).resolves.toBeNull();
    scope.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(putConsent(CONSENT_CALLS.disallowAnalytics)).resolves.toBeNull();
  });

  it('asks for the saved choice and the analytics markup through the client too, counted', async () => {
    answerWith(() => new Response(JSON.stringify({ success: true, code: 200, data: { analytics: null, viewed: false } })));
    const before = requestCounters.snapshot().requestCount;
    await expect(getConsent()).resolves.toEqual({ analytics: null, viewed: false });
    answerWith(() => new Response('', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    await expect(loadAnalyticsScripts(CONSENT_CALLS.analyticsScripts)).resolves.toBe(0);
    expect(requestCounters.snapshot().requestCount).toBe(before + 2);
    expect(fetched.map((call) => `${call.init.method} ${call.path}`)).toEqual(['GET /cookie-consent/', 'GET /cookie-analytics-scripts/']);
    expect((fetched[1].init.headers as Record<string, string>).Accept).toBe('text/html');
    expect((fetched[1].init.headers as Record<string, string>)[REQUESTED_WITH_HEADER]).toBe(REQUESTED_WITH_VALUE);
  });
});
