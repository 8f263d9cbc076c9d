import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

// apps/web/precompress.mjs is a build-only Vite plugin (an ES module): it runs here in a child Node.
const PLUGIN = join(__dirname, '..', 'precompress.mjs');

function precompressDir(dir: string): string[] {
  const script = `import { precompressDir } from ${JSON.stringify(PLUGIN)}; process.stdout.write(JSON.stringify(precompressDir(process.env.DIR)));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, DIR: dir }, encoding: 'utf8' })) as string[];
}

describe("the build's brotli copies (apps/web/precompress.mjs)", () => {
  let dir: string;
  const text = (label: string) => `export const ${label} = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `${label} ${index}`))};\n`;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'store-precompress-'));
    mkdirSync(join(dir, 'nested'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index-a1.js'), text('entry'));
    writeFileSync(join(dir, 'styles-b2.css'), `.card{color:red}\n`.repeat(100));
    writeFileSync(join(dir, 'nested', 'photo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`);
    writeFileSync(join(dir, 'tiny-c3.js'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'index-a1.js.map'), text('map'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ entry: text('manifest') }));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes beside each script, style and image a smaller brotli copy that decodes to the same bytes', () => {
    const written = precompressDir(dir).map((path) => path.slice(dir.length + 1)).sort();
    expect(written).toEqual(['index-a1.js.br', 'nested/photo.svg.br', 'styles-b2.css.br']);
    for (const file of ['index-a1.js', 'styles-b2.css', join('nested', 'photo.svg')]) {
      const original = readFileSync(join(dir, file));
      const packed = readFileSync(join(dir, `${file}.br`));
      expect(packed.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(packed).equals(original)).toBe(true);
    }
  });

  it('leaves out files under a kilobyte, source maps and the build’s own folder', () => {
    precompressDir(dir);
    expect(existsSync(join(dir, 'tiny-c3.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'index-a1.js.map.br'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
  });
});
