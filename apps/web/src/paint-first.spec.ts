import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

// apps/web/paint-first.mjs is a build-only Vite plugin (an ES module): it runs here in a child Node,
// and the script it writes runs in a sandbox with stand-in timers, frames and import().
const PLUGIN = join(__dirname, '..', 'paint-first.mjs');

function transform(html: string): { html?: string; error?: string } {
  const script = `
    import { paintFirstPlugin } from ${JSON.stringify(PLUGIN)};
    try { process.stdout.write(JSON.stringify({ html: paintFirstPlugin().transformIndexHtml.handler(process.env.HTML) })); }
    catch (error) { process.stdout.write(JSON.stringify({ error: error.message })); }
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, HTML: html }, encoding: 'utf8' }));
}

const PAGE = '<head><script type="module" crossorigin src="/assets/index-abc.js"></script>\n<link rel="stylesheet" href="/assets/index.css"></head>';

/** Runs the written start-up script; answers what it imported after each step. */
function startUp(html: string) {
  const code = /<script type="module">(.*)<\/script>/.exec(html)?.[1] ?? '';
  const frames: Array<() => void> = [];
  const timers: Array<{ run: () => void; delay: number }> = [];
  const imported: string[] = [];
  // The sandbox has no import(): the script's call is made a plain function of the same name.
  runInNewContext(code.replace(/import\(/g, 'load('), {
    load: (src: string) => imported.push(src),
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, delay = 0) => timers.push({ run, delay }),
  });
  return { frames, timers, imported };
}

describe('paint-first: the app started after the page has painted', () => {
  it('preloads the entry at once and starts it from a module script instead of the script tag', () => {
    const { html } = transform(PAGE);
    expect(html).not.toContain('<script type="module" crossorigin src=');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/index.css">');
  });

  it('starts the app once, in the task after the first frame', () => {
    const { frames, timers, imported } = startUp(transform(PAGE).html ?? '');
    expect(imported).toEqual([]);
    frames.forEach((frame) => frame());
    expect(imported).toEqual([]);
    const afterFrame = timers.find((timer) => timer.delay === 0);
    afterFrame?.run();
    expect(imported).toEqual(['/assets/index-abc.js']);
    timers.forEach((timer) => timer.run());
    expect(imported).toEqual(['/assets/index-abc.js']);
  });

  it('starts it after 100 ms when no frame comes (a tab in the background)', () => {
    const { timers, imported } = startUp(transform(PAGE).html ?? '');
    timers.find((timer) => timer.delay === 100)?.run();
    expect(imported).toEqual(['/assets/index-abc.js']);
  });

  it('fails the build when index.html has no entry script', () => {
    expect(transform('<head></head>').error).toMatch(/no <script type="module" crossorigin src> entry/);
  });
});
