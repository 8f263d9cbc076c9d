import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';

/**
 * The browser half: `/v1/DigitalRiver.js` (our stand-in, bundled from
 * src/browser/digital-river by `node tools/build.mjs`) and `/v1/css/DigitalRiver.css` (ours), at
 * the provider's paths on js.digitalriverws.com.
 */
export const SCRIPT_PATH = '/v1/DigitalRiver.js';
export const STYLESHEET_PATH = '/v1/css/DigitalRiver.css';

// The same folder whether this runs from src (tests) or from the compiled dist.
export const BUNDLE_FILE = join(__dirname, '..', '..', 'dist', 'browser', 'digital-river.js');

const NO_STORE = { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' };

export async function sendScript(response: ServerResponse): Promise<void> {
  let source: Buffer;
  try {
    source = await readFile(BUNDLE_FILE);
  } catch {
    response
      .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE })
      .end("The Digital River sandbox's browser bundle digital-river.js is not built: run `npm run build` (or `node tools/build.mjs`).\n");
    return;
  }
  response.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', ...NO_STORE }).end(source);
}

/** Ours: plain styles for the stand-in's drop-in and tax identifier element (class names `DR-…`). */
export const STYLESHEET = `/* Ours, not Digital River's: the payment sandbox's styles for its DigitalRiver.js stand-in. */
.DR-dropin { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; border: 1px solid #c8c8c8; border-radius: 6px; padding: 1rem; }
.DR-dropin-method { margin: 0; border: 0; padding: 0; }
.DR-dropin-method > legend { font-weight: 600; margin-bottom: 0.5rem; }
.DR-field { display: flex; flex-direction: column; margin-bottom: 0.75rem; }
.DR-field > label { font-size: 0.875rem; margin-bottom: 0.25rem; }
.DR-field > input, .DR-field > select { font: inherit; padding: 0.5rem; border: 1px solid #8a8a8a; border-radius: 4px; }
.DR-field > input[aria-invalid="true"] { border-color: #b00020; }
.DR-field-row { display: flex; gap: 0.75rem; }
.DR-field-row > .DR-field { flex: 1; }
.DR-error { color: #b00020; font-size: 0.875rem; min-height: 1.25em; margin: 0.25rem 0 0; }
.DR-terms { font-size: 0.8125rem; color: #444; margin: 0.75rem 0; }
.DR-compliance { font-size: 0.75rem; color: #666; margin: 0.5rem 0 0; }
.DR-actions { display: flex; gap: 0.5rem; }
.DR-button { font: inherit; padding: 0.625rem 1.25rem; border-radius: 4px; border: 1px solid #1a5fb4; background: #1a5fb4; color: #fff; cursor: pointer; }
.DR-button[disabled] { opacity: 0.6; cursor: progress; }
.DR-button-secondary { background: #fff; color: #1a5fb4; }
.DR-status { min-height: 1.25em; margin: 0.5rem 0 0; font-size: 0.875rem; }
.DR-taxidentifier { font: 16px/1.5 system-ui, sans-serif; }
`;

export function sendStylesheet(response: ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8', ...NO_STORE }).end(STYLESHEET);
}
