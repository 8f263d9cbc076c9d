// Starts the page's own code downloading with the page itself (issue 12, Lighthouse: a lazily split
// page's first paint waited for index.js to run, the router to ask for the page's chunk, and that
// chunk to arrive: a round trip more on a slow connection). A build-only Vite plugin: it reads the
// router's lazily loaded pages (apps/web/src/app/router.tsx), finds the chunk Rollup made for each,
// and writes a small module script into index.html that, on that page's address only, adds
// <link rel="modulepreload"> for its chunk and the chunks it imports. The store page is in the entry
// and fetches nothing more; nor does an address no route matches. The API gives the script the
// page's CSP nonce like every script tag (apps/api/src/web/serve-web-app.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { indexHtmlPlugin } from './index-html-plugin.mjs';

const ROUTER = fileURLToPath(new URL('./src/app/router.tsx', import.meta.url));
/** A lazily loaded page in the router: `{ path: 'x', lazy: page(() => import('../y'), 'Name') }`. */
const LAZY_ROUTE = /\{\s*path:\s*'([^']+)',\s*lazy:\s*page\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g;

/**
 * The router's lazily loaded pages: each route's path under /:locale and its page module, relative
 * to apps/web/src without an extension. Throws when a lazy route is written in a way this does not read,
 * so a page cannot silently lose its preload.
 */
export function lazyRoutes(source = readFileSync(ROUTER, 'utf8')) {
  const routes = [...source.matchAll(LAZY_ROUTE)].map(([, path, module]) => ({ path, module: new URL(module, 'file:///src/app/').pathname.replace(/^\/src\//, '') }));
  const written = (source.match(/\blazy:/g) ?? []).length;
  if (routes.length !== written) throw new Error(`route-preload: read ${routes.length} of the router's ${written} lazy routes`);
  return routes;
}

/** The address pattern of a route's path under /<locale>/ (a :param is one segment). */
export const addressPattern = (path) => `^/[^/]+/${path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`;

const withoutExtension = (id) => id.replace(/\\/g, '/').replace(/\.[cm]?[jt]sx?$/, '');

/** The chunk files to preload for a page module: its own and those it imports statically, the entry's excepted. */
export function pagePreloads(chunks, module) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const page = chunks.find((chunk) => chunk.facadeModuleId && withoutExtension(chunk.facadeModuleId).endsWith(`/src/${module}`));
  if (!page) return [];
  const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const files = [];
  const visit = (name) => {
    if (files.includes(name) || entries.has(name) || !byName.has(name)) return;
    files.push(name);
    for (const next of byName.get(name).imports ?? []) visit(next);
  };
  visit(page.fileName);
  return files;
}

/** The checkout's preloads (the first page this was written for). */
export const checkoutPreloads = (chunks) => pagePreloads(chunks, 'features/checkout/components/checkout-page');

/** Each lazily loaded page that has a chunk of its own: its address pattern and the files to preload. */
export function routePreloads(chunks, routes = lazyRoutes()) {
  return routes.map((route) => ({ pattern: addressPattern(route.path), files: pagePreloads(chunks, route.module) })).filter((route) => route.files.length > 0);
}

/** The inline module script that adds the preloads of the page at the current address, if any. */
export function preloadScript(routes, base = '/') {
  const files = [...new Set(routes.flatMap((route) => route.files))];
  const table = routes.map((route) => [route.pattern, route.files.map((file) => files.indexOf(file))]);
  return `const files=${JSON.stringify(files.map((file) => `${base}${file}`))};for(const [pattern,list] of ${JSON.stringify(table)})if(new RegExp(pattern).test(location.pathname)){for(const i of list){const link=document.createElement('link');link.rel='modulepreload';link.href=files[i];document.head.append(link)}break}`;
}

export function routePreload() {
  return indexHtmlPlugin('store-route-preload', (_html, { config, outputs }) => {
    const routes = routePreloads(outputs.filter((output) => output.type === 'chunk'));
    if (routes.length === 0) return [];
    return [{ tag: 'script', attrs: { type: 'module' }, children: preloadScript(routes, config.base), injectTo: 'head-prepend' }];
  });
}
