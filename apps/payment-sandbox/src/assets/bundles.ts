import type { ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sendJavaScript } from './responses';

/** The browser bundles `npm run build` makes from src/browser (see vite.browser.config.mts). */
export const BROWSER_BUNDLES = ['hosted-fields-frame', 'songbird', 'three-d-secure-challenge', 'paypal-sdk', 'google-pay', 'apple-pay-session', 'frame-service', 'payment-request-frame', 'venmo-desktop-frame', 'unionpay-hosted-fields-frame'] as const;
export type BrowserBundle = (typeof BROWSER_BUNDLES)[number];

// The same folder whether this runs from src (tests) or from the compiled dist.
const BUNDLE_DIRECTORY = join(__dirname, '..', '..', 'dist', 'browser');

export const bundlePath = (bundle: BrowserBundle) => `/__sandbox/${bundle}.js`;

export async function sendBundle(response: ServerResponse, bundle: BrowserBundle): Promise<void> {
  let source: Buffer;
  try {
    source = await readFile(join(BUNDLE_DIRECTORY, `${bundle}.js`));
  } catch {
    response
      .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end(`The payment sandbox's browser bundle ${bundle}.js is not built: run \`npm run build\` (or \`node tools/build.mjs\`).\n`);
    return;
  }
  sendJavaScript(response, source);
}
