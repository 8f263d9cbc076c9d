// The page asks for the shopper's session (GET /data/session/: customer and basket, spec 2 §7) itself,
// from a small inline script at the top of index.html, while the app's code is still on its way
// (issue 12). Every page's first render reads the session; without this the request waited for the
// code to arrive, be evaluated and render, and on a phone's connection the checkout's largest paint
// (the basket) came a whole round trip after that. The app takes this answer for its first session
// read, once (apps/web/src/lib/api-client.ts); a failed or missing head start is a normal request.
// A build-only Vite plugin; the API gives the script the page's CSP nonce like every script tag
// (apps/api/src/web/serve-web-app.ts). The header is the one every data call carries (spec 2 §7).
import { indexHtmlPlugin } from './index-html-plugin.mjs';

/** The global the script leaves its answers under, by path. */
export const HEAD_START_GLOBAL = '__storeHeadStart';
/** The data calls every page makes first. */
export const HEAD_START_PATHS = ['/data/session/'];

/** The inline script: one same-origin GET per path, with the data calls' headers; a failure leaves null. */
export function headStartScript(paths = HEAD_START_PATHS) {
  const headers = JSON.stringify({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  return `window.${HEAD_START_GLOBAL}={};for(const path of ${JSON.stringify(paths)})window.${HEAD_START_GLOBAL}[path]=fetch(path,{credentials:'same-origin',headers:${headers}}).catch(()=>null)`;
}

export function sessionHeadStart() {
  return indexHtmlPlugin('store-session-head-start', () => [{ tag: 'script', children: headStartScript(), injectTo: 'head-prepend' }]);
}
