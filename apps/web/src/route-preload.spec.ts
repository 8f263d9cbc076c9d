import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

// apps/web/route-preload.mjs is a build-only Vite plugin (an ES module): it runs here in a child
// Node on made-up chunks, and the script it writes runs in a sandbox with a stand-in document.
const PLUGIN = join(__dirname, '..', 'route-preload.mjs');

function plugin(chunks: object[]): { files: string[]; tags: { tag: string; attrs: Record<string, string>; children: string; injectTo: string }[] } {
  const script = `
    import { checkoutPreloads, routePreload } from ${JSON.stringify(PLUGIN)};
    const chunks = JSON.parse(process.env.CHUNKS);
    const bundle = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, { type: 'chunk', imports: [], ...chunk }]));
    const instance = routePreload();
    instance.configResolved({ base: '/' });
    const tags = instance.transformIndexHtml.handler('<html></html>', { bundle });
    process.stdout.write(JSON.stringify({ files: checkoutPreloads(Object.values(bundle)), tags }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, CHUNKS: JSON.stringify(chunks) }, encoding: 'utf8' }));
}

const CHUNKS = [
  { fileName: 'assets/index-a1.js', isEntry: true, dynamicImports: ['assets/checkout-page-b2.js', 'assets/sign-in-page-c3.js'] },
  { fileName: 'assets/checkout-page-b2.js', facadeModuleId: '/repo/apps/web/src/features/checkout/components/checkout-page.tsx', imports: ['assets/index-a1.js', 'assets/forms-d4.js'], dynamicImports: ['assets/client-e5.js'] },
  { fileName: 'assets/forms-d4.js', imports: ['assets/index-a1.js'] },
  { fileName: 'assets/sign-in-page-c3.js', facadeModuleId: '/repo/apps/web/src/features/identity/components/sign-in-page.tsx', imports: ['assets/forms-d4.js'] },
  { fileName: 'assets/client-e5.js', moduleIds: ['/repo/node_modules/braintree-web/client/index.js'] },
];

/** Runs the written script at `pathname`; returns the hrefs it preloads. */
function preloadsAt(code: string, pathname: string): string[] {
  const links: { rel: string; href: string }[] = [];
  const document = { createElement: () => ({ rel: '', href: '' }), head: { append: (link: { rel: string; href: string }) => links.push(link) } };
  runInNewContext(code, { location: { pathname }, document });
  expect(links.every((link) => link.rel === 'modulepreload')).toBe(true);
  return links.map((link) => link.href);
}

describe('the page preloads (apps/web/route-preload.mjs)', () => {
  it('preloads the checkout page and the chunks it imports, never the entry nor what it loads lazily (the payment libraries)', () => {
    const { files, tags } = plugin(CHUNKS);
    expect(files).toEqual(['assets/checkout-page-b2.js', 'assets/forms-d4.js']);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ tag: 'script', attrs: { type: 'module' }, injectTo: 'head-prepend' });
    expect(preloadsAt(tags[0].children, '/en-gb/checkout/')).toEqual(['/assets/checkout-page-b2.js', '/assets/forms-d4.js']);
    expect(preloadsAt(tags[0].children, '/de-de/checkout')).toHaveLength(2);
  });

  it("preloads another lazily loaded page's own chunk on its address, found from the router", () => {
    const { tags } = plugin(CHUNKS);
    expect(preloadsAt(tags[0].children, '/en-gb/sign-in/')).toEqual(['/assets/sign-in-page-c3.js', '/assets/forms-d4.js']);
    expect(preloadsAt(tags[0].children, '/fr-fr/sign-in')).toEqual(['/assets/sign-in-page-c3.js', '/assets/forms-d4.js']);
  });

  it('fetches nothing more on the store page (in the entry), on a page without a chunk here, or on an address no route has', () => {
    const { tags } = plugin(CHUNKS);
    for (const pathname of ['/en-gb/', '/en-gb/account/', '/en-gb/checkout/extra/', '/checkout/', '/sign-in/', '/en-gb/account/checkout-history/', '/en-gb/sign-in/x/']) {
      expect(preloadsAt(tags[0].children, pathname)).toEqual([]);
    }
  });

  it('writes nothing when the router no longer splits its pages into chunks of their own', () => {
    expect(plugin(CHUNKS.filter((chunk) => !chunk.facadeModuleId))).toEqual({ files: [], tags: [] });
  });
});

describe("the router's lazy pages, as route-preload reads them", () => {
  const routes = (source?: string) => {
    const script = `
      import { lazyRoutes, addressPattern } from ${JSON.stringify(PLUGIN)};
      const routes = lazyRoutes(process.env.SOURCE || undefined);
      process.stdout.write(JSON.stringify(routes.map((route) => ({ ...route, pattern: addressPattern(route.path) }))));
    `;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, SOURCE: source ?? '' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { path: string; module: string; pattern: string }[];
  };

  it('reads every lazy route of the real router, each with its page module', () => {
    const read = routes();
    expect(read).toContainEqual({ path: 'checkout', module: 'features/checkout/components/checkout-page', pattern: '^/[^/]+/checkout/?$' });
    expect(read).toContainEqual({ path: 'order/:number', module: 'features/orders/order-confirmation-page', pattern: '^/[^/]+/order/[^/]+/?$' });
    expect(read.map((route) => route.path)).toEqual(expect.arrayContaining(['sign-in', 'account', 'account/orders', 'account/downloads']));
  });

  it('refuses a router whose lazy routes it cannot all read', () => {
    expect(() => routes("{ path: 'a', lazy: page(() => import('../a'), 'A') }, { lazy: async () => ({}) }")).toThrow(/read 1 of the router's 2 lazy routes/);
  });
});
