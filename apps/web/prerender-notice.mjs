// The cookie notice in the page itself (issue 12, Lighthouse: on a first visit the largest thing on
// the screen is the cookie notice, and it was painted only once the whole app had downloaded and run:
// 2.2 to 2.7 s on a mobile connection). A build-only Vite plugin renders the notice bar, with React's
// server renderer and the app's own component, into index.html's root element between two markers.
// The API keeps it there only for a shopper who has not yet made a choice (the notice is then the
// app's first render too) and takes it out otherwise (apps/api/src/web/serve-web-app.ts); the app
// replaces it with its own, identical, notice when it starts.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { indexHtmlPlugin } from './index-html-plugin.mjs';

const NOTICE_START = '<!--store-notice-->';
const NOTICE_END = '<!--/store-notice-->';
const ROOT_ELEMENT = '<div id="root"></div>';
// The notice is drawn inert: without scripts its buttons could do nothing, so they take no click or
// focus. Where scripts run, this one, parsed right after the notice, makes it live before its first
// paint; its taps are then answered by the page's own script until the app starts
// (consent-head-start.mjs). The API gives it the page's nonce like every script tag.
const NOTICE_LIVE_SCRIPT = "<script>document.currentScript.previousElementSibling.removeAttribute('inert')</script>";

/** index.html with the notice's markup inside the root element. */
function withNoticeMarkup(html, markup) {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`prerender-notice: index.html has no ${ROOT_ELEMENT}`);
  return html.replace(ROOT_ELEMENT, `<div id="root">${NOTICE_START}${markup}${NOTICE_END}</div>`);
}

export function prerenderNotice() {
  return indexHtmlPlugin('store-prerender-notice', async (html, { config }) => {
    const entry = fileURLToPath(new URL('./src/features/consent/notice-markup.tsx', import.meta.url));
    const { module } = await runnerImport(entry, {
      configFile: false,
      logLevel: 'error',
      resolve: { alias: config.resolve.alias },
      oxc: { jsx: { runtime: 'automatic' } },
    });
    return withNoticeMarkup(html, module.noticeMarkup() + NOTICE_LIVE_SCRIPT);
  });
}
