import type { NestExpressApplication } from '@nestjs/platform-express';
import { checkoutAction, cookieOf, newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

/**
 * A cross-site page can send a form (GET or POST, no custom header) to any address it likes: every
 * route that needs X-Requested-With must refuse it whatever way the address is spelt.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every route the application serves (but the catch-all that answers 404), read from Express's own router after Nest registered them. */
function servedRoutes(app: NestExpressApplication): { method: string; path: string }[] {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
  return router.stack
    .filter((layer) => layer.route)
    .filter((layer) => !layer.route!.path.includes('{*'))
    .flatMap((layer) => Object.keys(layer.route!.methods).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m)).map((method) => ({ method, path: layer.route!.path })));
}

/** Spellings a browser will send unchanged that a lenient router could still match to `path`. */
function spellings(path: string): string[] {
  const withSlash = path.endsWith('/') ? path : `${path}/`;
  const upper = withSlash.toUpperCase();
  const firstCapital = withSlash.replace(/^\/(.)/, (_, c: string) => `/${c.toUpperCase()}`);
  const encodedSlash = withSlash.replace(/^\/([^/]+)\//, '/$1%2F');
  return [upper, firstCapital, `/${withSlash}`, withSlash.replace(/^\/([^/]+)\//, '/$1//'), encodedSlash, `${withSlash}.`, withSlash.replace(/\/$/, './'), withSlash.replace(/\/$/, '%2F')];
}

const concrete = (path: string) => path.replace(/:[a-z_]+/gi, 'x1');
const sessionCount = async () => Number((await t.db.dataSource.query('SELECT count(*) AS n FROM sessions'))[0].n);

describe('request forgery: the header is required whatever the spelling of the address', () => {
  it('serves data, auth and cookie routes only at their exact, lower-case address', async () => {
    const routes = servedRoutes(t.app).filter((r) => /^\/(data|auth|cookie-)/.test(r.path));
    expect(routes.length).toBeGreaterThan(20);
    const served: string[] = [];
    for (const route of routes) {
      for (const spelt of spellings(concrete(route.path))) {
        const response = await t.http()[route.method as 'get' | 'post' | 'put' | 'delete'](spelt).type('form').send('action=SIGN_OUT&timestamp=1&body={}');
        // A GET the API does not route falls through to the web app's page, which holds no data.
        const reachedApi = response.type === 'application/json' && response.status !== 404 && !(response.status === 403 && response.body.code === 800003);
        if (reachedApi) served.push(`${route.method.toUpperCase()} ${spelt} → ${response.status}`);
      }
    }
    expect(served).toEqual([]);
  });

  it('refuses every route but downloads, health checks and the providers\' webhooks without the header, not only the ones it knows by prefix', async () => {
    // Webhooks are called by the payment providers' servers, never a browser: they prove their caller by its signature (below).
    const routes = servedRoutes(t.app).filter((r) => !/^\/(health|downloads|webhooks)\//.test(r.path) && !r.path.startsWith('/api/docs'));
    const served: string[] = [];
    for (const route of routes) {
      const response = await t.http()[route.method as 'get' | 'post' | 'put' | 'delete'](concrete(route.path)).type('form').send('a=1');
      if (response.status !== 403 || response.body.code !== 800003) served.push(`${route.method.toUpperCase()} ${route.path} → ${response.status}`);
    }
    expect(served).toEqual([]);
  });

  it('lets a cross-site form reach the providers\' webhooks only to be refused, keeping nothing', async () => {
    const webhooks = servedRoutes(t.app).filter((r) => r.path.startsWith('/webhooks/'));
    expect(webhooks.map((r) => `${r.method} ${r.path}`)).toEqual(['post /webhooks/braintree']);
    const kept = async () => Number((await t.db.dataSource.query('SELECT count(*) AS n FROM provider_notifications'))[0].n);
    const before = await kept();
    for (const route of webhooks) {
      const response = await t.http().post(route.path).type('form').send('action=SIGN_OUT&bt_signature=forged');
      expect(response.status).toBe(400);
      const unsigned = await t.http().post(route.path).type('form').send('bt_signature=forged&bt_payload=Zm9yZ2Vk');
      // No card gateway is configured in this app: nobody's signature could be checked, so nothing is there.
      expect([unsigned.status, unsigned.body.code]).toEqual([404, 404]);
    }
    expect(await kept()).toBe(before);
  });

  it('lets no form override the method: a cross-site POST never becomes the sign-out DELETE', async () => {
    const created = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(`override.${Date.now()}@example.com`));
    const cookie = cookieOf(created, 'afs_session');
    const before = await sessionCount();
    for (const request of [
      t.http().post('/data/session/?_method=DELETE').set('Cookie', cookie).type('form').send('_method=DELETE'),
      t.http().post('/data/session/').set('Cookie', cookie).set('X-HTTP-Method-Override', 'DELETE').type('form').send(''),
      t.http().post('/DATA/SESSION/').set('Cookie', cookie).set('X-Method-Override', 'DELETE').type('form').send(''),
    ]) {
      const response = await request;
      expect([403, 404]).toContain(response.status);
    }
    expect(await sessionCount()).toBe(before);
    const still = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(still.body.data.customer).not.toBeNull();
  });

  it('signs no visitor in from a cross-site form posting a sign-in token in upper case', async () => {
    const forged = await t.http().post('/DATA/session/').type('form').send('token=attackers-token-xxxxxxxxxxxxxxxxxxxxx');
    expect([403, 404]).toContain(forged.status);
    expect(forged.headers['set-cookie'] ?? []).toEqual([]);
  });
});

describe('signing out', () => {
  const expired = (response: { headers: Record<string, unknown> }, name: string) =>
    ((response.headers['set-cookie'] as string[] | undefined) ?? []).some((c) => c.startsWith(`${name}=;`) && /Expires=Thu, 01 Jan 1970/.test(c));

  async function signedInWithBasket() {
    const created = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(`leaving.${Date.now()}.${Math.random()}@example.com`));
    const session = cookieOf(created, 'afs_session');
    const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
    expect(added.status).toBe(200);
    return `${session}; ${cookieOf(added, 'afs_basket')}`;
  }

  it.each([
    ['the session call (DELETE /data/session/)', (cookie: string) => t.http().delete('/data/session/').set(XHR).set('Cookie', cookie)],
    ['the SIGN_OUT action', (cookie: string) => checkoutAction(t, 'SIGN_OUT', {}, cookie)],
  ])('clears the basket cookie too, through %s, so the next person at the browser has no basket', async (_name, signOut) => {
    const cookie = await signedInWithBasket();
    const before = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(before.body.data.basket).not.toBeNull();
    const out = await signOut(cookie);
    expect(out.status).toBe(200);
    expect(expired(out, 'afs_session')).toBe(true);
    expect(expired(out, 'afs_basket')).toBe(true);
  });
});
