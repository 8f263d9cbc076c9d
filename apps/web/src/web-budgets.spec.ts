import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// apps/web/web-budgets.mjs is the Vite build's own (ES module) plugin; it runs here in a child Node
// on made-up chunks, as the build hands them over, so each budget is seen passing and failing.
const PLUGIN = join(__dirname, '..', 'web-budgets.mjs');

interface Chunk {
  fileName: string;
  /** Bytes of random ASCII code: gzip keeps about nine tenths of it. */
  size: number;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  moduleIds?: string[];
  facadeModuleId?: string;
}

interface Outcome {
  problems: string[];
  initialKb: number;
  checkoutKb: number;
  checkoutFirstPaintKb: number;
  paymentLibrariesLazy: boolean;
  checkoutChunks: string[];
  backOfficeChunks: string[];
  backOfficeApart: boolean;
  error: string | null;
  emitted: string[];
}

function build(chunks: Chunk[], env: Record<string, string> = {}): Outcome {
  const script = `
    import { randomBytes } from 'node:crypto';
    import { measureChunks, webBudgets } from ${JSON.stringify(PLUGIN)};
    const spec = JSON.parse(process.env.CHUNKS);
    const bundle = Object.fromEntries(spec.map((chunk) => [chunk.fileName, {
      type: 'chunk', fileName: chunk.fileName, code: Buffer.from(randomBytes(chunk.size).map((byte) => byte & 0x7f)).toString('latin1'), isEntry: Boolean(chunk.isEntry),
      imports: chunk.imports ?? [], dynamicImports: chunk.dynamicImports ?? [], moduleIds: chunk.moduleIds ?? [], facadeModuleId: chunk.facadeModuleId ?? null,
    }]));
    const report = measureChunks(Object.values(bundle));
    const plugin = webBudgets();
    let error = null;
    const emitted = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = () => true;
    try {
      plugin.generateBundle.call({ error: (message) => { throw new Error(message); }, emitFile: (file) => emitted.push(file.fileName) }, {}, bundle);
    } catch (caught) {
      error = caught.message;
    }
    process.stdout.write = write;
    write(JSON.stringify({ ...report, error, emitted }));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env, CHUNKS: JSON.stringify(chunks) },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Outcome;
}

const CHECKOUT_PAGE = '/repo/apps/web/src/features/checkout/components/checkout-page.tsx';
const entry = (size: number, extra: Partial<Chunk> = {}): Chunk => ({ fileName: 'assets/index.js', size, isEntry: true, dynamicImports: ['assets/checkout-page.js'], ...extra });
const checkoutPage = (size: number, extra: Partial<Chunk> = {}): Chunk => ({
  fileName: 'assets/checkout-page.js',
  size,
  facadeModuleId: CHECKOUT_PAGE,
  dynamicImports: ['assets/client.js'],
  ...extra,
});
const braintree = (size: number): Chunk => ({ fileName: 'assets/client.js', size, moduleIds: ['/repo/node_modules/braintree-web/client/index.js'] });

describe('the web bundle budgets (apps/web/web-budgets.mjs)', () => {
  it('passes a bundle within every budget, payment code behind a dynamic import, and writes its figures for the benchmark', () => {
    const outcome = build([entry(100_000), checkoutPage(60_000), braintree(120_000)]);
    expect(outcome.error).toBeNull();
    expect(outcome.problems).toEqual([]);
    expect(outcome.initialKb).toBeGreaterThan(80);
    expect(outcome.initialKb).toBeLessThan(100);
    // The initial route, the checkout page and the payment library it imports lazily.
    expect(outcome.checkoutKb).toBeGreaterThan(230);
    expect(outcome.checkoutKb).toBeLessThan(280);
    expect(outcome.paymentLibrariesLazy).toBe(true);
    expect(outcome.emitted).toEqual(['.vite/web-budgets.json']);
  });

  it('fails the build when the initial route is over 170 kB gzip, naming the chunks', () => {
    const outcome = build([entry(150_000, { imports: ['assets/vendor.js'] }), { fileName: 'assets/vendor.js', size: 60_000 }, checkoutPage(10_000)]);
    expect(outcome.error).toMatch(/First-load JavaScript of the initial route is 1\d\d\.\d+ kB gzip, over its budget of 170 kB/);
    expect(outcome.error).toContain('assets/vendor.js');
  });

  it('fails the build when the whole checkout is over 450 kB gzip, counting what the checkout page loads lazily', () => {
    const outcome = build([entry(100_000), checkoutPage(60_000), braintree(380_000)]);
    expect(outcome.error).toMatch(/JavaScript across the whole checkout is 4[5-9]\d\.\d+ kB gzip, over its budget of 450 kB:\n\s+assets\/client\.js/);
    expect(outcome.error).not.toContain('initial route');
  });

  it('fails the build on a chunk over 500 kB, and when a payment library is imported statically by the checkout page', () => {
    const outcome = build([entry(100_000), checkoutPage(20_000, { imports: ['assets/client.js'], dynamicImports: [] }), { ...braintree(100_000) }, { fileName: 'assets/big.js', size: 510_000 }]);
    expect(outcome.error).toContain('Chunks over 500 kB minified:\n    assets/big.js: 510 kB');
    expect(outcome.error).toContain('Payment libraries are loaded before the payment section opens');
    expect(outcome.error).toContain('assets/client.js: braintree-web/client/index.js');
    expect(outcome.paymentLibrariesLazy).toBe(false);
  });

  it('takes a budget from the environment for one build, and refuses a budget that is not a positive number', () => {
    expect(build([entry(100_000), checkoutPage(10_000)], { WEB_BUDGET_INITIAL_KB: '80' }).error).toContain('over its budget of 80 kB');
    expect(build([entry(100_000), checkoutPage(10_000)], { WEB_BUDGET_CHUNK_KB: 'lots' }).error).toBe('WEB_BUDGET_CHUNK_KB must be a positive number of kB');
  });

  it("fails the build when the checkout's first paint is over 60 kB gzip beyond the initial route, counting what the page imports statically but not what it loads later", () => {
    const sections = (size: number): Chunk => ({ fileName: 'assets/checkout-journey.js', size });
    const split = build([entry(100_000), checkoutPage(20_000, { imports: ['assets/index.js'], dynamicImports: ['assets/checkout-journey.js', 'assets/client.js'] }), sections(60_000), braintree(100_000)]);
    expect(split.error).toBeNull();
    expect(split.checkoutFirstPaintKb).toBeGreaterThan(15);
    expect(split.checkoutFirstPaintKb).toBeLessThan(20);
    const whole = build([entry(100_000), checkoutPage(20_000, { imports: ['assets/index.js', 'assets/checkout-journey.js'] }), sections(60_000), braintree(100_000)]);
    expect(whole.error).toMatch(/JavaScript of the checkout's first paint is 7\d\.\d+ kB gzip beyond the initial route, over its budget of 60 kB:\n\s+assets\/checkout-journey\.js/);
    expect(whole.error).not.toContain('assets/index.js');
  });

  describe('the back office (apps/web/src/features/back-office) apart from the shopper', () => {
    const ADMIN = '/repo/apps/web/src/features/back-office';
    const adminLayout = (extra: Partial<Chunk> = {}): Chunk => ({ fileName: 'assets/admin-layout.js', size: 8_000, facadeModuleId: `${ADMIN}/admin-layout.tsx`, moduleIds: [`${ADMIN}/admin-layout.tsx`, `${ADMIN}/admin-page.tsx`], imports: ['assets/admin-page.js'], ...extra });
    const adminPage: Chunk = { fileName: 'assets/admin-page.js', size: 3_000, moduleIds: [`${ADMIN}/order-page.tsx`] };
    // The router (in the entry) imports the back office's layout lazily, like the account's pages.
    const router = (extra: Partial<Chunk> = {}) => entry(100_000, { dynamicImports: ['assets/checkout-page.js', 'assets/account-page.js', 'assets/admin-layout.js'], ...extra });
    const accountPage: Chunk = { fileName: 'assets/account-page.js', size: 5_000, facadeModuleId: '/repo/apps/web/src/features/account/account-pages.tsx' };

    it('passes a back office reached only through the router\'s dynamic import, and counts none of it in the checkout', () => {
      // The checkout page imports the entry (shared code): its closure must not step into the router's other pages.
      const outcome = build([router(), checkoutPage(20_000, { imports: ['assets/index.js'] }), braintree(50_000), accountPage, adminLayout(), adminPage]);
      expect(outcome.error).toBeNull();
      expect(outcome.backOfficeApart).toBe(true);
      expect(outcome.backOfficeChunks.sort()).toEqual(['assets/admin-layout.js', 'assets/admin-page.js']);
      expect(outcome.checkoutChunks.sort()).toEqual(['assets/checkout-page.js', 'assets/client.js', 'assets/index.js']);
    });

    it('fails the build when a back-office module is in the initial route', () => {
      const outcome = build([router({ moduleIds: ['/repo/apps/web/src/main.tsx', `${ADMIN}/format.ts`] }), checkoutPage(20_000), adminLayout(), adminPage]);
      expect(outcome.error).toContain("The back office is in the shopper's bundles (the initial route's or the checkout's closure):\n    assets/index.js: features/back-office/format.ts");
      expect(outcome.backOfficeApart).toBe(false);
    });

    it("fails the build when the checkout loads a back-office chunk, even lazily", () => {
      const outcome = build([router(), checkoutPage(20_000, { dynamicImports: ['assets/client.js', 'assets/admin-page.js'] }), braintree(50_000), adminLayout(), adminPage]);
      expect(outcome.error).toContain("The back office is in the shopper's bundles");
      expect(outcome.error).toContain('assets/admin-page.js: features/back-office/order-page.tsx');
    });

    it('fails the build when a chunk outside the back office imports one of its chunks statically', () => {
      // An account page that imports the back office statically: not in the initial route, yet not behind a dynamic import either.
      const outcome = build([router(), checkoutPage(20_000), { ...accountPage, imports: ['assets/admin-page.js'] }, adminLayout(), adminPage]);
      expect(outcome.error).toContain('The back office is reached other than by a dynamic import (an entry, or a static import from outside it):\n    assets/admin-page.js: features/back-office/order-page.tsx');
      expect(outcome.error).not.toContain("shopper's bundles");
    });
  });

  it('fails when the router no longer splits the checkout page into a chunk of its own', () => {
    expect(build([entry(10_000)]).error).toContain('No chunk for the checkout page');
  });
});
