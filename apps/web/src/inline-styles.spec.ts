import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// apps/web/inline-styles.mjs is a build-only Vite plugin (an ES module): it runs here in a child Node
// on a made-up bundle.
const PLUGIN = join(__dirname, '..', 'inline-styles.mjs');

function transform(html: string, assets: Record<string, string>): { html?: string; error?: string } {
  const script = `
    import { inlineStylesPlugin } from ${JSON.stringify(PLUGIN)};
    const bundle = Object.fromEntries(Object.entries(JSON.parse(process.env.ASSETS)).map(([fileName, source]) => [fileName, { type: 'asset', fileName, source }]));
    bundle['assets/index-a1.js'] = { type: 'chunk', fileName: 'assets/index-a1.js', code: 'body{}' };
    const plugin = inlineStylesPlugin();
    plugin.configResolved({ base: '/' });
    try { process.stdout.write(JSON.stringify({ html: plugin.transformIndexHtml.handler(process.env.HTML, { bundle }) })); }
    catch (error) { process.stdout.write(JSON.stringify({ error: error.message })); }
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, HTML: html, ASSETS: JSON.stringify(assets) }, encoding: 'utf8' }));
}

const CSS = '.cookie-notice{position:fixed;bottom:0}.price::after{content:"</style>"}';
const PAGE = '<head>\n<link rel="modulepreload" crossorigin href="/assets/index-a1.js">\n<link rel="stylesheet" crossorigin href="/assets/index-b2.css">\n</head><body></body>';

describe('inline-styles: the stylesheet written into the page', () => {
  it('replaces the stylesheet link with the file’s rules, and leaves every other tag as it was', () => {
    const { html, error } = transform(PAGE, { 'assets/index-b2.css': CSS });
    expect(error).toBeUndefined();
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-a1.js">');
    expect(html).toContain('<style>.cookie-notice{position:fixed;bottom:0}');
    // A closing tag in the CSS cannot end the element early.
    expect(html?.match(/<\/style>/g)).toHaveLength(1);
    expect(html).toContain('content:"<\\/style>"');
  });

  it('fails the build when the linked file is not in it, or has url()s that would resolve against the page', () => {
    expect(transform(PAGE, {}).error).toMatch(/index-b2\.css is not in the build/);
    expect(transform(PAGE, { 'assets/index-b2.css': '.logo{background:url(./logo.svg)}' }).error).toMatch(/url\(\) references/);
  });

  it('leaves a page without a stylesheet as it was', () => {
    const page = '<head><title>Store</title></head>';
    expect(transform(page, { 'assets/index-b2.css': CSS }).html).toBe(page);
  });
});
