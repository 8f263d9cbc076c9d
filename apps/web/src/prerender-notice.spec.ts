import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// apps/web/prerender-notice.mjs is a build-only Vite plugin (an ES module): it runs here in a child
// Node, rendering the app's real notice component through Vite, as the build does.
const PLUGIN = join(__dirname, '..', 'prerender-notice.mjs');

function run(html: string): { html?: string; error?: string } {
  const script = `
    import { prerenderNotice } from ${JSON.stringify(PLUGIN)};
    const instance = prerenderNotice();
    instance.configResolved({ resolve: { alias: [{ find: '@store/ui', replacement: ${JSON.stringify(join(__dirname, '..', '..', '..', 'libs', 'ui', 'src', 'index.ts'))} }, { find: '@store/domain', replacement: ${JSON.stringify(join(__dirname, '..', '..', '..', 'libs', 'domain', 'src', 'index.ts'))} }] } });
    instance.transformIndexHtml.handler(process.env.HTML).then(
      (html) => process.stdout.write(JSON.stringify({ html })),
      (error) => process.stdout.write(JSON.stringify({ error: error.message })),
    );
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, HTML: html }, encoding: 'utf8' }));
}

describe('the cookie notice drawn into index.html by the build', () => {
  it('puts the notice bar, marked as drawn for the page\'s own script, between the markers inside the root element', () => {
    const { html } = run('<body><div id="root"></div></body>');
    const inside = /<div id="root"><!--store-notice-->(.*)<!--\/store-notice--><\/div>/.exec(html ?? '')?.[1] ?? '';
    expect(inside).toMatch(/^<section class="cookie-notice" aria-label="Cookies" inert="" data-store-drawn="">/);
    // Inert as drawn (a page without scripts cannot use it); the script right after it makes it live.
    expect(inside).toMatch(/<\/section><script>document\.currentScript\.previousElementSibling\.removeAttribute\('inert'\)<\/script>$/);
    expect(inside).toContain(
      'We use essential cookies to run the store. With your permission we would also like to use analytics cookies to understand how the store is used.',
    );
    expect([...inside.matchAll(/<button data-consent="([a-z]+)" type="button" class="([^"]+)">([^<]+)<\/button>/g)].map((match) => [match[1], match[2], match[3]])).toEqual([
      ['reject', 'button button--secondary', 'Reject non-essential'],
      ['accept', 'button button--primary', 'Accept all'],
      ['manage', 'button button--link', 'Manage cookies'],
    ]);
  }, 30_000);

  it('fails the build when index.html has no empty root element to draw into', () => {
    expect(run('<body><main></main></body>').error).toMatch(/index.html has no <div id="root"><\/div>/);
  }, 30_000);
});
