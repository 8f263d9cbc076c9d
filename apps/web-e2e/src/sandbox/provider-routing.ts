import { expect, type BrowserContext, type test as playwrightTest } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the hostnames are the sandbox's own list (its certificate names them)
import { routedHosts } from '../../../payment-sandbox/src/tls';

/** The providers' https hostnames the browser reaches the sandbox under (braintree-web accepts no others). */
export const PROVIDER_HOSTS = new RegExp(`^https://(${routedHosts.map((host) => host.replace(/\./g, '\\.')).join('|')})(:443)?/`);

/** A merchant page of the contract suites, served by routing under its own https origin. */
export const MERCHANT = 'https://merchant.test';
const BRAINTREE_WEB = join(dirname(require.resolve('braintree-web/package.json')), 'dist', 'browser');

/**
 * Routes every request of the context: the merchant page and braintree-web's UMD bundles, the
 * providers' hostnames to the sandbox, and anything else refused and written down (the test fails on it).
 */
export async function routeMerchantPage(
  context: BrowserContext,
  options: { readonly sandboxUrl: string; readonly page: string; readonly modules: readonly string[] },
  unrouted: string[],
): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === MERCHANT) {
      const module = /^\/braintree-web\/([a-z-]+)\.js$/.exec(url.pathname)?.[1];
      if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: options.page });
      if (module && options.modules.includes(module)) {
        return route.fulfill({ contentType: 'application/javascript', body: await readFile(join(BRAINTREE_WEB, `${module}.js`)) });
      }
      return route.fulfill({ status: 204 });
    }
    if (PROVIDER_HOSTS.test(url.href)) {
      // Redirects go back to the browser, which follows them under the providers' hostnames.
      return route.fulfill({ response: await route.fetch({ url: `${options.sandboxUrl}${url.pathname}${url.search}`, maxRedirects: 0 }) });
    }
    unrouted.push(url.href);
    return route.abort('blockedbyclient');
  });
}

/** The script tags loading braintree-web's bundles into a merchant page. */
export const moduleScripts = (modules: readonly string[]) => modules.map((name) => `<script src="/braintree-web/${name}.js"></script>`).join('\n    ');

/**
 * Before each test: the merchant page routed (and opened, when asked); after it: nothing left the
 * machine and the page threw nothing. braintree-web's analytics calls are fire-and-forget, so those
 * in flight are let finish first.
 */
export function guardMerchantPage(
  test: typeof playwrightTest,
  options: () => { readonly sandboxUrl: string; readonly page: string; readonly modules: readonly string[]; readonly open: boolean },
): void {
  let unrouted: string[] = [];
  let pageErrors: string[] = [];
  test.beforeEach(async ({ context, page }) => {
    unrouted = [];
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    const current = options();
    await routeMerchantPage(context, current, unrouted);
    if (current.open) await page.goto(`${MERCHANT}/`);
  });
  test.afterEach(async ({ context }) => {
    await context.unrouteAll({ behavior: 'wait' });
    expect(unrouted, 'requests to hosts the sandbox does not stand in for').toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}
