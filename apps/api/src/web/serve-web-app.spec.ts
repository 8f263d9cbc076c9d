import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { serveWebApp, withNotice } from './serve-web-app';

const PAGE = '<div id="root"><!--store-notice--><section class="cookie-notice" inert="">notice</section><!--/store-notice--></div><script></script>';

describe('withNotice: the cookie notice the build drew into the page', () => {
  it('stays for a shopper who has made no choice', () => {
    expect(withNotice(PAGE, { analytics: null, viewed: false })).toBe(PAGE);
  });

  it('is taken out once the choice is made, whichever it was', () => {
    for (const analytics of [true, false, null]) {
      expect(withNotice(PAGE, { analytics, viewed: true })).toBe('<div id="root"></div><script></script>');
    }
  });

  it('is taken out when the choice is not known here (the app then asks for it)', () => {
    expect(withNotice(PAGE, null)).toBe('<div id="root"></div><script></script>');
  });

  it('leaves a page without the markers as it is', () => {
    expect(withNotice('<div id="root"></div>', { analytics: true, viewed: true })).toBe('<div id="root"></div>');
  });
});

describe("the build's brotli copies of the app's files (apps/web/precompress.mjs)", () => {
  const script = `export const catalogue = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index, name: `Product ${index}` })))};\n`;
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-web-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), script);
    writeFileSync(join(dir, 'assets', 'app-1.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'plain-2.js'), script);
    const app = express();
    serveWebApp(app as unknown as NestExpressApplication, dir);
    server = await new Promise<Server>((done) => {
      const listening = app.listen(0, '127.0.0.1', () => done(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  /** The answer's headers and its bytes exactly as sent (no client decoding). */
  const fetchRaw = (path: string, acceptEncoding: string, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
      const request = httpRequest(`${base}${path}`, { method, headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
      });
      request.on('error', fail);
      request.end();
    });

  it('sends the brotli copy as it is, with the file’s type and its caching, to a browser that accepts brotli', async () => {
    const answer = await fetchRaw('/assets/app-1.js', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toMatch(/immutable/);
    expect(answer.body.equals(readFileSync(join(dir, 'assets', 'app-1.js.br')))).toBe(true);
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(script);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const answer = await fetchRaw('/assets/app-1.js', 'br', 'HEAD');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body).toHaveLength(0);
  });

  it('compresses the file itself for a browser without brotli, and sends it plain to one that accepts no encoding', async () => {
    const gzip = await fetchRaw('/assets/app-1.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(script);
    const plain = await fetchRaw('/assets/app-1.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });

  it('compresses as it goes a file the build left without a copy', async () => {
    const answer = await fetchRaw('/assets/plain-2.js', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(script);
  });

  it('looks for copies only among the assets, by their plain names', async () => {
    writeFileSync(join(dir, 'secret.txt.br'), 'not for you');
    expect((await fetchRaw('/assets/../secret.txt', 'br')).body.toString('utf8')).not.toBe('not for you');
    expect((await fetchRaw('/assets/%2e%2e%2fsecret.txt', 'br')).body.toString('utf8')).not.toBe('not for you');
  });
});
