// The app's scripts, styles and images written beside themselves brotli-compressed at the highest
// quality, once, by the build (issue 12, Lighthouse on a returning shopper's pages: their first paint
// waits for the app's code over a phone's connection, so every byte of it counts). The API sends the
// .br file as it is to a browser that accepts brotli (apps/api/src/web/serve-web-app.ts), instead of
// compressing the file again for every request at the low quality that is quick enough for that.
// A build-only Vite plugin.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** What is worth compressing: text the page loads (source maps are not). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
/** Below this a file fits in a packet anyway, and brotli's framing can make it larger. */
const MIN_BYTES = 1024;

export const brotli = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });

/** Writes `<file>.br` for every compressible file of `dir` (recursively) that the compression makes smaller; returns their paths. */
export function precompressDir(dir) {
  const written = [];
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      written.push(...precompressDir(path));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const packed = brotli(bytes);
    if (packed.length >= bytes.length) continue;
    writeFileSync(`${path}.br`, packed);
    written.push(`${path}.br`);
  }
  return written;
}

export function precompress() {
  let outDir = 'dist';
  return {
    name: 'store-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // index.html is not among them: the API writes a fresh nonce into every copy it sends.
    closeBundle() {
      precompressDir(join(outDir, 'assets'));
    },
  };
}
