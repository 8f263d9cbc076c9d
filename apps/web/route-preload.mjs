// Starts the checkout page's code downloading with the page itself, when the address is the
// checkout (issue 12, Lighthouse: the checkout's first paint waited for index.js to run, the router
// to ask for the lazily split checkout chunk, and that chunk to arrive: a round trip more on a slow
// connection). A build-only Vite plugin: it finds the chunk Rollup made for the checkout page and
// writes a small module script into index.html that, on a checkout address only, adds
// <link rel="modulepreload"> for it and the chunks it imports. Other pages fetch nothing more. The
// API gives the script the page's CSP nonce like every script tag (apps/api/src/web/serve-web-app.ts).
import { indexHtmlPlugin } from './index-html-plugin.mjs';

/** The checkout route's page module (lazily imported by apps/web/src/app/router.tsx). */
const CHECKOUT_PAGE = /\/features\/checkout\/components\/checkout-page\.tsx$/;
/** Checkout addresses: /<locale>/checkout/ (the router's path 'checkout' under '/:locale'). */
const CHECKOUT_PATH = '^/[^/]+/checkout/?$';

/** The chunk files to preload for the checkout: its own and those it imports statically, the entry's excepted. */
export function checkoutPreloads(chunks) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const page = chunks.find((chunk) => chunk.facadeModuleId && CHECKOUT_PAGE.test(chunk.facadeModuleId.replace(/\\/g, '/')));
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

/** The inline module script that adds the preloads on a checkout address. */
export function preloadScript(files, base = '/') {
  const hrefs = JSON.stringify(files.map((file) => `${base}${file}`));
  return `if(new RegExp(${JSON.stringify(CHECKOUT_PATH)}).test(location.pathname))for(const href of ${hrefs}){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}`;
}

export function routePreload() {
  return indexHtmlPlugin('store-route-preload', (_html, { config, outputs }) => {
    const files = checkoutPreloads(outputs.filter((output) => output.type === 'chunk'));
    if (files.length === 0) return [];
    return [{ tag: 'script', attrs: { type: 'module' }, children: preloadScript(files, config.base), injectTo: 'head-prepend' }];
  });
}
