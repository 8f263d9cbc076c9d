import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
// The size budgets (issue 12): the build fails when the bundle is over one.
import { webBudgets } from './web-budgets.mjs';
// The checkout's code fetched with the page on a checkout address (issue 12).
import { routePreload } from './route-preload.mjs';
// The cookie notice painted from index.html, before the app's code has run (issue 12).
import { prerenderNotice } from './prerender-notice.mjs';
// The app's code started after the page's first paint (issue 12).
import { paintFirstPlugin } from './paint-first.mjs';
// The session asked for by the page itself, before the app's code has arrived (issue 12).
import { sessionHeadStart } from './session-head-start.mjs';
// A tap on the drawn cookie notice answered by the page itself, before the app has started.
import { consentHeadStart } from './consent-head-start.mjs';
// The stylesheet written into the page, so its first paint needs no second request (issue 12).
import { inlineStylesPlugin } from './inline-styles.mjs';
// The app's files brotli-compressed once at the highest quality, sent as they are (issue 12).
import { precompress } from './precompress.mjs';

const lib = (name: string) => fileURLToPath(new URL(`../../libs/${name}/src/index.ts`, import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), webBudgets(), routePreload(), sessionHeadStart(), consentHeadStart(), prerenderNotice(), paintFirstPlugin(), inlineStylesPlugin(), precompress()],
  resolve: {
    alias: { '@store/domain': lib('domain'), '@store/ui': lib('ui') },
  },
  server: {
    proxy: { '/data': apiTarget, '/health': apiTarget, '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The app has one stylesheet (styles.css, imported by main.tsx), which inline-styles writes into
    // index.html. Split per chunk, Vite also listed it as a dependency of every lazily loaded chunk,
    // and as it found no <link> for it in the page, it added the stylesheet again each time one
    // loaded: a second download and a restyle of the whole page, after the page had painted.
    cssCodeSplit: false,
  },
});
