import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CONSENT_META_NAME, initialCookieConsent, type ConsentJson } from '@store/domain';
import { admitScriptNonce, newScriptNonce } from '../http/security-headers';

// /metrics is served on a port of its own (METRICS_PORT): here it is a plain 404, never the page,
// so a scraper pointed at the public port fails plainly instead of reading HTML.
const SERVER_PREFIXES = ['/data/', '/health/', '/api/', '/auth/', '/cookie-', '/downloads/', '/metrics/'];

/**
 * Serves the built web app on the API's origin: its files as they are, and index.html for every
 * other page address so the browser router can take over. Server paths are never shadowed.
 * Each page answer has a fresh nonce on its script tags and in its content security policy.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string, options: { readonly consentOf?: (request: Request) => ConsentJson } = {}): boolean {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const page = pageTemplate(indexFile);
  const isServerPath = (path: string) => SERVER_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
  // The page and its scripts and styles go compressed (brotli or gzip, as the browser accepts):
  // Lighthouse's largest saving on a mobile connection. Data answers are small and left as they are.
  const compress = compression();
  const precompressed = precompressedAssets(distDir);
  const files = express.static(distDir, { index: false, maxAge: '1h', setHeaders: immutableAssets });
  const servePage = (request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.accepts(['html', 'json']) !== 'html') {
      next();
      return;
    }
    const nonce = newScriptNonce();
    admitScriptNonce(response, nonce);
    response.setHeader('Cache-Control', 'no-cache');
    // The back office's pages set no cookie but the staff session's: the shopper's cookie notice has no place there.
    const staffPage = request.path === '/admin' || request.path.startsWith('/admin/');
    const consent = staffPage ? null : (options.consentOf?.(request) ?? null);
    response.type('html').send(withNotice(withConsent(withNonce(page(), nonce), consent), consent));
  };
  // One layer, and a data call leaves it at the first test of its path: compressing its answer, a
  // stat of the disk for a file, or reading its Accept header for a page would be paid on every call
  // (tools/bench --profile). Otherwise: the build's brotli copy, the file, or the page.
  const then = (next: NextFunction, step: () => void) => (error?: unknown) => (error ? next(error) : step());
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (isServerPath(request.path)) {
      next();
      return;
    }
    compress(request, response, then(next, () => precompressed(request, response, then(next, () => files(request, response, then(next, () => servePage(request, response, next)))))));
  });
  return true;
}

/** A built script, style or image: hashed names in assets/, nothing that could climb out of it. */
const ASSET_PATH = /^\/assets\/[\w.-]+$/;

/**
 * The build's brotli copies of the app's files (apps/web/precompress.mjs, the highest quality, made
 * once), sent as they are to a browser that accepts brotli: smaller than what compressing each
 * request allows, and no compression work per request. Any other request, or a file without its
 * copy, goes on to the files and their compression as before.
 */
export function precompressedAssets(distDir: string) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !ASSET_PATH.test(request.path) || request.path.includes('..')) {
      next();
      return;
    }
    const packed = join(distDir, `${request.path}.br`);
    if (!existsSync(packed)) {
      next();
      return;
    }
    response.vary('Accept-Encoding');
    if (!request.acceptsEncodings('br')) {
      next();
      return;
    }
    response.type(extname(request.path));
    response.setHeader('Content-Encoding', 'br');
    response.sendFile(packed, { maxAge: '1y', immutable: true, acceptRanges: false }, (error?: Error) => {
      // Gone meanwhile (a build replacing the folder): the file itself, compressed as it goes.
      if (error && !response.headersSent) {
        response.removeHeader('Content-Encoding');
        next();
      }
    });
  };
}

/**
 * The shopper's saved cookie choice, in the page itself (a meta tag, not a script): the cookie
 * notice is drawn with the first paint, instead of appearing after a call and pushing the whole
 * page down (Lighthouse measured a layout shift of 0.13 to 0.69 from it).
 */
export function withConsent(html: string, consent: ConsentJson | null): string {
  if (!consent) return html;
  const content = JSON.stringify(consent).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace('</head>', `<meta name="${CONSENT_META_NAME}" content="${content}"></head>`);
}

/** The markers around the cookie notice the build draws into index.html (apps/web/prerender-notice.mjs). */
const NOTICE_BLOCK = /<!--store-notice-->[\s\S]*?<!--\/store-notice-->/;

/**
 * The cookie notice drawn into the page by the build stays for a shopper who has made no choice, whose
 * first render shows it too, so it is painted before the app's code has arrived and run; for anyone
 * else, or when the choice is not known here, it is taken out and the app alone decides.
 */
export function withNotice(html: string, consent: ConsentJson | null): string {
  const visible = consent !== null && initialCookieConsent(consent).noticeVisible;
  return visible ? html : html.replace(NOTICE_BLOCK, '');
}

/** Every script tag of the page carries the response's nonce. */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`);
}

/** index.html, read again only when a new build replaced it; while a build rewrites it, the last copy serves. */
function pageTemplate(file: string): () => string {
  let cached = { mtimeMs: -1, html: readFileSync(file, 'utf8') };
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    } catch {
      // Being replaced: keep the copy we have.
    }
    return cached.html;
  };
}

function immutableAssets(response: Response, path: string): void {
  if (path.includes(`${join('/', 'assets', '/')}`)) response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
