import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@store/domain';
import { api, ApiError, takeHeadStart } from './api-client';

type HeadStarts = Record<string, Promise<Response | null> | undefined>;
const scope = globalThis as { __storeHeadStart?: HeadStarts; fetch: typeof fetch };

const answer = (data: unknown, status = 200) => new Response(JSON.stringify({ success: status < 400, data, code: status < 400 ? undefined : 100001, message: status < 400 ? undefined : 'Refused' }), { status });

describe('the data client and the page head start (apps/web/session-head-start.mjs)', () => {
  const realFetch = scope.fetch;
  let fetched: { path: string; init: RequestInit }[];

  beforeEach(() => {
    fetched = [];
    scope.fetch = ((path: string, init: RequestInit) => {
      fetched.push({ path, init });
      return Promise.resolve(answer({ from: 'fetch' }));
    }) as typeof fetch;
  });
  afterEach(() => {
    scope.fetch = realFetch;
    delete scope.__storeHeadStart;
  });

  it('takes the answer the page asked for, once, and asks for itself after that', async () => {
    scope.__storeHeadStart = { '/data/session/': Promise.resolve(answer({ from: 'page' })) };
    await expect(api.get('/data/session/')).resolves.toEqual({ from: 'page' });
    expect(fetched).toEqual([]);
    await expect(api.get('/data/session/')).resolves.toEqual({ from: 'fetch' });
    expect(fetched).toHaveLength(1);
    expect(fetched[0].path).toBe('/data/session/');
    expect((fetched[0].init.headers as Record<string, string>)[REQUESTED_WITH_HEADER]).toBe(REQUESTED_WITH_VALUE);
  });

  it('asks for itself when the page’s request failed', async () => {
    scope.__storeHeadStart = { '/data/session/': Promise.resolve(null) };
    await expect(api.get('/data/session/')).resolves.toEqual({ from: 'fetch' });
    expect(fetched).toHaveLength(1);
    expect(scope.__storeHeadStart['/data/session/']).toBeUndefined();
  });

  it('reads a refusal the page was given like any other: the catalogued code, as an ApiError', async () => {
    scope.__storeHeadStart = { '/data/session/': Promise.resolve(answer(null, 503)) };
    const failure = await api.get('/data/session/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 100001, status: 503, message: 'Refused' });
    expect(fetched).toEqual([]);
  });

  it('uses a head start only for a GET of its own path', async () => {
    const early = Promise.resolve(answer({ from: 'page' }));
    scope.__storeHeadStart = { '/data/session/': early };
    await api.post('/data/session/', { token: 't', redirect_to: '/' });
    await api.get('/data/session/?basket_ref=b1');
    expect(fetched.map((call) => `${call.init.method} ${call.path}`)).toEqual(['POST /data/session/', 'GET /data/session/?basket_ref=b1']);
    expect(takeHeadStart('/data/session/')).toBe(early);
    expect(takeHeadStart('/data/session/')).toBeNull();
  });

  it('has nothing to take on a page without the script (the development server)', () => {
    expect(takeHeadStart('/data/session/')).toBeNull();
  });
});
