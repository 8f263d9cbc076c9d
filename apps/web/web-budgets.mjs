// The web app's size budgets (issue 12), checked by its Vite build (vite.config.ts beside this file): a
// build that exceeds one fails, naming the chunks at fault.
//   - first-load JavaScript of the initial route (the entry chunk and its static imports) at most
//     170 kB gzip;
//   - the whole checkout (that, plus the checkout page's chunk and everything it imports, statically
//     or lazily: the payment libraries, the wallets) at most 440 kB gzip. It was 350 until the bank
//     debits: their two braintree-web modules (about 23 kB) load only for their own currency (SEPA
//     for euros, ACH for dollars), so no shopper downloads both, yet this sum counts every method (380).
//     395 since the payment request module (about 12 kB), loaded only where its flag is on and the
//     browser has the Payment Request API; 425 since Venmo's module (about 25 kB, with its QR code
//     flow), loaded only for dollar baskets where its flag is on; 440 since Masterpass's module
//     (about 14 kB), loaded only where its flag (off by default: the network is retired) is on; 455
//     since braintree-web's classic paypal module (about 15 kB), loaded only where
//     BRAINTREE_PAYPAL_CLASSIC (off by default: the module is deprecated) is on; 470 since the
//     unionpay module (about 11 kB), loaded only where BRAINTREE_UNIONPAY is on and a UnionPay card pays;
//     450 since the closure stopped stepping back through the initial route's lazy imports (the
//     store's other pages, about 24 kB, which no checkout loads), keeping the same room as before;
//   - the checkout's first paint (the checkout page's chunk and what it imports statically, beyond the
//     initial route) at most 60 kB gzip: the page draws its heading and basket from that, and loads
//     the sections the shopper reaches later (forms, billing, payment) once it has painted. It was
//     68 kB while the page imported them all (21 kB since), and the basket waited for them on a slow phone;
//   - no chunk over 500 kB minified;
//   - payment libraries (braintree-web, PayPal's and Digital River's) never in the initial route's
//     or the checkout page's static imports: they load when the payment section opens.
//   - the back office (apps/web/src/features/back-office, the staff pages under /admin/) never in the
//     initial route's closure nor the checkout's (static or dynamic), and its chunks reached only by a
//     dynamic import (the router's lazy /admin/ routes): no shopper downloads staff code.
// The checkout's closure follows the checkout page's own imports; it does not step back through the
// initial route's lazy imports (the router's other pages, which load only on their own addresses).
// kB are 1000 bytes, as Vite reports them. WEB_BUDGET_INITIAL_KB, WEB_BUDGET_CHECKOUT_KB,
// WEB_BUDGET_CHECKOUT_FIRST_PAINT_KB and WEB_BUDGET_CHUNK_KB override a budget for one build (e.g. to see the check fail).
import { gzipSync } from 'node:zlib';

export const DEFAULT_BUDGETS = { initialKb: 170, checkoutKb: 450, checkoutFirstPaintKb: 60, chunkKb: 500 };

/** The checkout route's page module (lazily imported by apps/web/src/app/router.tsx). */
export const CHECKOUT_PAGE = /\/features\/checkout\/components\/checkout-page\.tsx$/;

/** Modules that are payment providers' code: allowed only behind a dynamic import. */
export const PAYMENT_LIBRARIES = [/\/node_modules\/braintree-web\//, /\/node_modules\/@paypal\//, /\/node_modules\/[^/]*digital-?river/i];

/** The back office's modules: staff code, allowed only in chunks of its own behind a dynamic import. */
export const BACK_OFFICE = /\/apps\/web\/src\/features\/back-office\//;

const kb = (bytes) => Math.round(bytes / 10) / 100;

function budgetsFromEnv(env = process.env) {
  const read = (name, fallback) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const number = Number(value);
    if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number of kB`);
    return number;
  };
  return {
    initialKb: read('WEB_BUDGET_INITIAL_KB', DEFAULT_BUDGETS.initialKb),
    checkoutKb: read('WEB_BUDGET_CHECKOUT_KB', DEFAULT_BUDGETS.checkoutKb),
    checkoutFirstPaintKb: read('WEB_BUDGET_CHECKOUT_FIRST_PAINT_KB', DEFAULT_BUDGETS.checkoutFirstPaintKb),
    chunkKb: read('WEB_BUDGET_CHUNK_KB', DEFAULT_BUDGETS.chunkKb),
  };
}

/**
 * Measures a bundle: `chunks` are { fileName, code, isEntry, imports, dynamicImports, moduleIds,
 * facadeModuleId } (Rollup/Rolldown output chunks). Returns sizes, the sets and the offences.
 */
export function measureChunks(chunks, budgets = DEFAULT_BUDGETS) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, { ...chunk, bytes: Buffer.byteLength(chunk.code), gzip: gzipSync(chunk.code, { level: 9 }).length }]));
  const closure = (roots, { dynamic, counted = [] }) => {
    const seen = new Set(counted);
    const visit = (name) => {
      if (seen.has(name) || !byName.has(name)) return;
      seen.add(name);
      const chunk = byName.get(name);
      for (const next of chunk.imports ?? []) visit(next);
      if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
    };
    for (const root of roots) visit(root);
    for (const name of counted) seen.delete(name);
    return seen;
  };
  const sum = (names) => [...names].reduce((total, name) => total + byName.get(name).gzip, 0);
  const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  const checkoutChunk = chunks.find((chunk) => chunk.facadeModuleId && CHECKOUT_PAGE.test(chunk.facadeModuleId.replace(/\\/g, '/')));
  const initial = closure(entries, { dynamic: false });
  const checkoutStatic = checkoutChunk ? closure([checkoutChunk.fileName], { dynamic: false }) : new Set();
  // The initial route is counted whole; stepping into it again from the checkout page would follow its
  // lazy imports, the router's other pages (the account's, the back office's), which the checkout never loads.
  const checkout = new Set([...initial, ...(checkoutChunk ? closure([checkoutChunk.fileName], { dynamic: true, counted: [...initial] }) : [])]);
  const isPayment = (moduleId) => PAYMENT_LIBRARIES.some((pattern) => pattern.test(moduleId.replace(/\\/g, '/')));
  const paymentChunks = [...byName.values()].filter((chunk) => (chunk.moduleIds ?? []).some(isPayment)).map((chunk) => chunk.fileName);
  const isBackOffice = (moduleId) => BACK_OFFICE.test(moduleId.replace(/\\/g, '/'));
  const backOfficeChunks = [...byName.values()].filter((chunk) => (chunk.moduleIds ?? []).some(isBackOffice)).map((chunk) => chunk.fileName);

  const problems = [];
  const list = (names) =>
    [...names]
      .map((name) => byName.get(name))
      .sort((a, b) => b.gzip - a.gzip)
      .map((chunk) => `    ${chunk.fileName}: ${kb(chunk.gzip)} kB gzip`)
      .join('\n');
  const initialKb = kb(sum(initial));
  const checkoutKb = kb(sum(checkout));
  const checkoutFirstPaint = new Set([...checkoutStatic].filter((name) => !initial.has(name)));
  const checkoutFirstPaintKb = kb(sum(checkoutFirstPaint));
  if (entries.length === 0) problems.push('No entry chunk was found.');
  if (!checkoutChunk) problems.push(`No chunk for the checkout page (${CHECKOUT_PAGE}) was found: is it still lazily imported by the router?`);
  if (initialKb > budgets.initialKb) problems.push(`First-load JavaScript of the initial route is ${initialKb} kB gzip, over its budget of ${budgets.initialKb} kB:\n${list(initial)}`);
  if (checkoutKb > budgets.checkoutKb) problems.push(`JavaScript across the whole checkout is ${checkoutKb} kB gzip, over its budget of ${budgets.checkoutKb} kB:\n${list(checkout)}`);
  if (checkoutFirstPaintKb > budgets.checkoutFirstPaintKb) {
    problems.push(`JavaScript of the checkout's first paint is ${checkoutFirstPaintKb} kB gzip beyond the initial route, over its budget of ${budgets.checkoutFirstPaintKb} kB:\n${list(checkoutFirstPaint)}`);
  }
  const large = [...byName.values()].filter((chunk) => chunk.bytes > budgets.chunkKb * 1000);
  if (large.length) problems.push(`Chunks over ${budgets.chunkKb} kB minified:\n${large.map((chunk) => `    ${chunk.fileName}: ${kb(chunk.bytes)} kB`).join('\n')}`);
  const eager = paymentChunks.filter((name) => initial.has(name) || checkoutStatic.has(name));
  if (eager.length) {
    const modules = eager.flatMap((name) => byName.get(name).moduleIds.filter(isPayment).slice(0, 3).map((id) => `    ${name}: ${id.replace(/.*\/node_modules\//, '')}`));
    problems.push(`Payment libraries are loaded before the payment section opens (statically imported by the initial route or the checkout page):\n${modules.join('\n')}`);
  }
  const backOfficeModules = (names) => names.flatMap((name) => byName.get(name).moduleIds.filter(isBackOffice).slice(0, 3).map((id) => `    ${name}: ${id.replace(/.*\/apps\/web\/src\//, '')}`));
  const shopperBackOffice = backOfficeChunks.filter((name) => initial.has(name) || checkout.has(name));
  if (shopperBackOffice.length) {
    problems.push(`The back office is in the shopper's bundles (the initial route's or the checkout's closure):\n${backOfficeModules(shopperBackOffice).join('\n')}`);
  }
  // A back-office chunk imported statically by a chunk outside the back office loads with that chunk.
  const staticallyReached = backOfficeChunks.filter((name) => [...byName.values()].some((chunk) => !backOfficeChunks.includes(chunk.fileName) && (chunk.imports ?? []).includes(name)));
  const entered = backOfficeChunks.filter((name) => byName.get(name).isEntry);
  const eagerBackOffice = [...new Set([...staticallyReached, ...entered])].filter((name) => !shopperBackOffice.includes(name));
  if (eagerBackOffice.length) {
    problems.push(`The back office is reached other than by a dynamic import (an entry, or a static import from outside it):\n${backOfficeModules(eagerBackOffice).join('\n')}`);
  }
  return {
    budgets,
    initialKb,
    checkoutKb,
    checkoutFirstPaintKb,
    largestChunk: [...byName.values()].sort((a, b) => b.bytes - a.bytes).map((chunk) => ({ fileName: chunk.fileName, kb: kb(chunk.bytes) }))[0] ?? null,
    initialChunks: [...initial],
    checkoutChunks: [...checkout],
    paymentChunks,
    paymentLibrariesLazy: eager.length === 0,
    backOfficeChunks,
    backOfficeApart: shopperBackOffice.length === 0 && eagerBackOffice.length === 0,
    problems,
  };
}

/** The one-line summary the build prints. */
export function summary(report) {
  const { budgets } = report;
  return (
    `Web budgets: initial route ${report.initialKb} kB gzip (≤ ${budgets.initialKb}), whole checkout ${report.checkoutKb} kB gzip (≤ ${budgets.checkoutKb}), ` +
    `checkout's first paint ${report.checkoutFirstPaintKb} kB gzip (≤ ${budgets.checkoutFirstPaintKb}), ` +
    `largest chunk ${report.largestChunk?.kb ?? 0} kB (≤ ${budgets.chunkKb}), payment libraries ${report.paymentLibrariesLazy ? 'lazy' : 'EAGER'} (${report.paymentChunks.length} chunks), ` +
    `back office ${report.backOfficeApart ? 'apart' : 'IN THE STORE'} (${report.backOfficeChunks.length} chunks)`
  );
}

/** The Vite plugin: checks the client bundle once it is generated, and fails the build on any offence. */
export function webBudgets() {
  return {
    name: 'store-web-budgets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const report = measureChunks(chunks, budgetsFromEnv());
      if (report.problems.length) this.error(`The web app is over its budgets (apps/web/web-budgets.mjs):\n  ${report.problems.join('\n  ')}`);
      process.stdout.write(`${summary(report)}\n`);
      // Kept beside Vite's manifest (a dot folder the API's static serving does not serve) for npm run bench.
      const { budgets, initialKb, checkoutKb, checkoutFirstPaintKb, largestChunk, paymentLibrariesLazy, paymentChunks, initialChunks, checkoutChunks, backOfficeApart, backOfficeChunks } = report;
      this.emitFile({
        type: 'asset',
        fileName: '.vite/web-budgets.json',
        source: JSON.stringify({ budgets, initialKb, checkoutKb, checkoutFirstPaintKb, largestChunk, paymentLibrariesLazy, paymentChunks, initialChunks, checkoutChunks, backOfficeApart, backOfficeChunks }, null, 2),
      });
    },
  };
}
