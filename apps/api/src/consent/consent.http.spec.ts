import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      COOKIE_PREFIX: 'shop_',
      ANALYTICS_SCRIPTS: '<script async src="https://tags.example.com/gtm.js?id=GTM-TEST"></script>',
      ANALYTICS_SCRIPT_ORIGINS: 'https://tags.example.com',
    },
  });
});
afterAll(() => t?.close());

const setCookies = (response: { headers: Record<string, unknown> }) => (response.headers['set-cookie'] as string[] | undefined) ?? [];

describe('cookie consent calls', () => {
  it('starts with no choice, and sets each cookie with the configured prefix, HttpOnly and SameSite', async () => {
    expect((await t.http().get('/cookie-consent/').set(XHR)).body.data).toEqual({ analytics: null, viewed: false });

    const allow = await t.http().put('/cookie-allow-analytics/').set(XHR);
    const [allowCookie] = setCookies(allow);
    expect(allowCookie).toMatch(/^shop_allow_analytics=true;/);
    expect(allowCookie).toMatch(/HttpOnly/);
    expect(allowCookie).toMatch(/SameSite=Lax/);
    expect(allowCookie).toMatch(/Max-Age=31536000/);

    const viewed = await t.http().put('/cookie-settings-viewed/').set(XHR);
    expect(setCookies(viewed)[0]).toMatch(/^shop_manage_cookies_viewed=true;/);

    const disallow = await t.http().put('/cookie-disallow-analytics/').set(XHR).set('Cookie', 'shop_manage_cookies_viewed=true');
    expect(setCookies(disallow)[0]).toMatch(/^shop_allow_analytics=false;/);
    expect(disallow.body.data).toEqual({ analytics: false, viewed: true });

    const read = await t.http().get('/cookie-consent/').set(XHR).set('Cookie', 'shop_allow_analytics=true; shop_manage_cookies_viewed=true');
    expect(read.body.data).toEqual({ analytics: true, viewed: true });
    expect((await t.http().get('/cookie-consent/').set(XHR).set('Cookie', 'shop_allow_analytics=maybe')).body.data.analytics).toBeNull();
  });

  it('stores the whole choice in one call: allow and disallow each mark the choice made as well', async () => {
    const allow = await t.http().put('/cookie-allow-analytics/').set(XHR);
    expect(setCookies(allow).map((cookie) => cookie.split(';')[0]).sort()).toEqual(['shop_allow_analytics=true', 'shop_manage_cookies_viewed=true']);
    expect(allow.body.data).toEqual({ analytics: true, viewed: true });
    const disallow = await t.http().put('/cookie-disallow-analytics/').set(XHR);
    expect(setCookies(disallow).map((cookie) => cookie.split(';')[0]).sort()).toEqual(['shop_allow_analytics=false', 'shop_manage_cookies_viewed=true']);
    expect(disallow.body.data).toEqual({ analytics: false, viewed: true });
    for (const cookie of [...setCookies(allow), ...setCookies(disallow)]) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    }
  });

  it('sends the analytics markup only to a browser that allowed analytics, never the web page in its place', async () => {
    const without = await t.http().get('/cookie-analytics-scripts/').set(XHR).set('Accept', 'text/html');
    expect(without.status).toBe(200);
    expect(without.text).toBe('');
    const refused = await t.http().get('/cookie-analytics-scripts/').set(XHR).set('Cookie', 'shop_allow_analytics=false');
    expect(refused.text).toBe('');
    const allowed = await t.http().get('/cookie-analytics-scripts/').set(XHR).set('Cookie', 'shop_allow_analytics=true').set('Accept', 'text/html');
    expect(allowed.text).toBe('<script async src="https://tags.example.com/gtm.js?id=GTM-TEST"></script>');
    expect(allowed.headers['cache-control']).toBe('private, no-store');
  });

  it('lets the configured tag origin through the content security policy, and nothing else', async () => {
    const page = await t.http().get('/en-gb/').set('Accept', 'text/html');
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toMatch(/script-src 'self' https:\/\/tags\.example\.com/);
    expect(policy).not.toMatch(/unsafe-inline'[^;]*script|script-src[^;]*unsafe-inline/);
  });

  it('writes the saved choice into the page, so the notice is drawn with the first paint; a forged cookie cannot break out of the tag', async () => {
    writeFileSync(join(t.webDir, 'index.html'), '<!doctype html><html><head><title>Affinity Store</title></head><body><div id="root"></div></body></html>');
    const meta = async (cookie: string) => {
      const page = await t.http().get('/en-gb/checkout/').set('Accept', 'text/html').set('Cookie', cookie);
      expect(page.status).toBe(200);
      const found = /<meta name="store-consent" content="([^"]*)"><\/head>/.exec(page.text);
      return found ? JSON.parse(found[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&')) : null;
    };
    expect(await meta('')).toEqual({ analytics: null, viewed: false });
    expect(await meta('shop_allow_analytics=false; shop_manage_cookies_viewed=true')).toEqual({ analytics: false, viewed: true });
    expect(await meta('shop_allow_analytics=true')).toEqual({ analytics: true, viewed: false });
    const forged = await t.http().get('/en-gb/').set('Accept', 'text/html').set('Cookie', 'shop_allow_analytics="><script>alert(1)</script>');
    expect(forged.text).not.toContain('<script>alert(1)');
    expect(forged.text.match(/<meta name="store-consent"/g)).toHaveLength(1);
  });

  it('refuses the calls without X-Requested-With', async () => {
    const forged = await t.http().put('/cookie-allow-analytics/');
    expect(forged.status).toBe(403);
    expect(setCookies(forged)).toEqual([]);
  });
});
