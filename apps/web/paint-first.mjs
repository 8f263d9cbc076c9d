// The page paints before the app's code runs (issue 12). Vite writes the app's entry as
// <script type="module" src>, which Chromium runs as soon as it has arrived: on a fast connection
// before its first paint, so a page drawn by the server (the cookie notice, apps/web/prerender-notice.mjs)
// still waited for the whole app to evaluate before it was seen. This build-only Vite plugin
// fetches the entry at once as before (a modulepreload link) but starts it from a small module
// script once a frame has been painted, or after 100 ms whichever comes first (a tab in the
// background paints no frames). On a slow connection the code arrives after the first paint anyway;
// on a fast one the app starts one frame later.
import { indexHtmlPlugin } from './index-html-plugin.mjs';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** index.html with its entry started after the first paint. */
export function paintFirst(html) {
  const match = ENTRY_SCRIPT.exec(html);
  if (!match) throw new Error('paint-first: index.html has no <script type="module" crossorigin src> entry');
  const src = JSON.stringify(match[1]);
  const start = `let started=false;const start=()=>{if(!started){started=true;import(${src})}};requestAnimationFrame(()=>setTimeout(start));setTimeout(start,100)`;
  return html.replace(match[0], `<link rel="modulepreload" crossorigin href="${match[1]}">\n    <script type="module">${start}</script>`);
}

export function paintFirstPlugin() {
  return indexHtmlPlugin('store-paint-first', (html) => paintFirst(html));
}
