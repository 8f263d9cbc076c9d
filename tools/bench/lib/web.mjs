// Lighthouse (the lighthouse package, its default mobile emulation and simulated throttling) in
// Debian's Chromium on every page a shopper reaches: on a first visit (no cookie choice yet, so the
// cookie notice is on the screen) the store page and the checkout, as a visitor with a basket and as
// a signed-in shopper at the payment step; and the same pages plus sign-in, the account area and an
// order's confirmation for a returning shopper who has made a cookie choice, whose largest paint must
// be the store's own content (each page's LCP element is reported, and the cookie notice fails it). Nothing leaves the machine: Chromium runs with background
// networking, component updates, sync and the rest off, and the card gateway's hostnames (which
// braintree-web calls) are mapped to the local sandbox, whose start-up certificate is trusted by key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { ROOT } from '../../lib/build.mjs';
import { shopperThrough } from './client.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const WEB_TARGETS = { lcpMs: 2500, cls: 0.1, performance: 90, accessibility: 100 };

const NO_NETWORK_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,CertificateTransparencyComponentUpdater',
  '--metrics-recording-only',
  '--mute-audio',
];

function cookiesFor(baseUrl, cookieHeader) {
  const { hostname } = new URL(baseUrl);
  return cookieHeader
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name, value: rest.join('='), domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' };
    });
}

/**
 * @param {{ baseUrl: string, cardSandbox: { tlsPort: number, spki: string }, pages: { name: string, path: string, cookie?: string }[], paymentChunks?: string[], runs?: number }} options
 * runs: Lighthouse runs per page; the median run (Lighthouse's computeMedianRun) is reported, as Lighthouse advises for its variance.
 * paymentChunks: the bundle's chunks holding payment libraries (apps/web/dist/.vite/web-budgets.json),
 * to see on which pages the payment code was actually fetched.
 */
export async function runLighthouse({ baseUrl, cardSandbox, pages, paymentChunks = [], runs = 3, log = () => undefined }) {
  const { routedHosts } = createRequire(import.meta.url)(join(ROOT, 'apps/payment-sandbox/dist/index.js'));
  const rules = [...routedHosts.map((host) => `MAP ${host}:443 127.0.0.1:${cardSandbox.tlsPort}`), 'EXCLUDE localhost', 'EXCLUDE 127.0.0.1'].join(', ');
  const storeHost = new URL(baseUrl).hostname;
  const profile = mkdtempSync(join(tmpdir(), 'store-bench-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    args: [...NO_NETWORK_FLAGS, `--host-resolver-rules=${rules}`, `--ignore-certificate-errors-spki-list=${cardSandbox.spki}`],
    defaultViewport: null,
  });
  const results = [];
  try {
    for (const target of pages) {
      log(`lighthouse: ${target.name}`);
      const url = new URL(target.path, baseUrl).toString();
      const flags = {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        disableFullPageScreenshot: true,
        ...(process.env.BENCH_THROTTLING ? { throttlingMethod: process.env.BENCH_THROTTLING } : {}),
      };
      const lhrs = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        if (target.cookie) await context.setCookie(...cookiesFor(baseUrl, target.cookie));
        let result = await lighthouse(url, flags, undefined, page);
        // Lighthouse sometimes fails to record the trace on a loaded machine (NO_NAVSTART): that run
        // is made once more, and the error it had is kept with it.
        if (result.lhr.runtimeError?.code === 'NO_NAVSTART') {
          const first = result.lhr.runtimeError.code;
          result = await lighthouse(url, flags, undefined, page);
          result.lhr.retriedAfter = first;
        }
        lhrs.push(result.lhr);
        // BENCH_TRACE_DIR=/some/dir keeps every run's Chromium trace (open it in DevTools' Performance panel).
        if (process.env.BENCH_TRACE_DIR) writeFileSync(join(process.env.BENCH_TRACE_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}-${run}.trace.json`), JSON.stringify(result.artifacts.Trace));
        await context.close();
      }
      // A run Lighthouse could not measure (e.g. NO_FCP: nothing contentful painted) is listed with its
      // error and left out of the median; it fails the page's verdicts below.
      const measured = lhrs.filter((one) => !one.runtimeError && one.audits['first-contentful-paint']?.numericValue !== undefined);
      if (process.env.BENCH_LHR_DIR) {
        lhrs.forEach((one, run) => {
          if (!measured.includes(one)) writeFileSync(join(process.env.BENCH_LHR_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}-failed-${run}.json`), JSON.stringify(one));
        });
      }
      if (!measured.length) throw new Error(`lighthouse: no run of ${target.name} could be measured: ${lhrs.map((one) => one.runtimeError?.code ?? 'no FCP').join(', ')}`);
      // Lighthouse's own choice among several runs: the one closest to the median FCP and TTI.
      const lhr = computeMedianRun(measured);
      // BENCH_LHR_DIR=/some/dir keeps each page's whole (median) Lighthouse report, for reading its details.
      if (process.env.BENCH_LHR_DIR) writeFileSync(join(process.env.BENCH_LHR_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}.json`), JSON.stringify(lhr));
      results.push({
        name: target.name,
        url: target.path,
        shopper: target.shopper ?? 'first visit',
        ...summarise(lhr, { storeHost, routedHosts, paymentChunks }),
        // Every run's figures, so the spread shows beside the median run, with its LCP element.
        runs: lhrs.map((one) => ({
          ...(measured.includes(one) ? {} : { error: one.runtimeError?.code ?? 'no FCP' }),
          ...(one.retriedAfter ? { retriedAfter: one.retriedAfter } : {}),
          lcpMs: Math.round(one.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(one.audits['total-blocking-time']?.numericValue ?? 0),
          performance: Math.round((one.categories.performance.score ?? 0) * 100),
          lcpElement: lcpElementOf(one)?.selector ?? null,
        })),
      });
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

/**
 * The element Lighthouse took as the largest contentful paint (audit largest-contentful-paint-element):
 * its selector, the start of its markup and its label, and LCP's phases (time to first byte, load
 * delay, load time, render delay, in ms), or null when the run found none.
 */
export function lcpElementOf(lhr) {
  const [elementTable, phaseTable] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = elementTable?.items?.[0]?.node;
  if (!node) return null;
  const phases = Object.fromEntries((phaseTable?.items ?? []).map((item) => [item.phase, Math.round(item.timing ?? 0)]));
  return { selector: node.selector ?? null, snippet: node.snippet ?? null, label: node.nodeLabel ?? null, phases };
}

/** The cookie notice (the app's and the one drawn into index.html share its class), by an LCP element's markup. */
export const isCookieNotice = (element) => /cookie-notice/.test(`${element?.selector ?? ''} ${element?.snippet ?? ''}`);

/** One Lighthouse report's figures, as the bench writes them. */
function summarise(lhr, { storeHost, routedHosts, paymentChunks }) {
  const requests = lhr.audits['network-requests']?.details?.items?.map((item) => item.url) ?? [];
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const failedA11y = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score !== null && a.score < 1)
    .map((a) => a.id);
  return {
    finalUrl: new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname,
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpElement: lcpElementOf(lhr),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    accessibilityFailures: failedA11y,
    // Where each failing accessibility audit found its problem (the first few elements).
    accessibilityNodes: Object.fromEntries(
      failedA11y.map((id) => [id, (lhr.audits[id]?.details?.items ?? []).slice(0, 3).map((item) => item.node?.selector ?? item.node?.snippet ?? '?')]),
    ),
    topOpportunities: Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
      .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
      .slice(0, 3)
      .map((a) => `${a.id} (${Math.round(a.details.overallSavingsMs)} ms)`),
    // What moved, when the page shifts (Lighthouse's layout-shifts audit: the element and its share).
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? [])
      .slice(0, 3)
      .map((item) => `${item.node?.selector ?? item.node?.snippet ?? '?'} (${Number(item.score ?? 0).toFixed(3)})`),
    requestCount: requests.length,
    // Payment code fetched by the page: the bundle's payment chunks, the providers' hosts (mapped
    // to the sandbox) and the merchant of record's DigitalRiver.js.
    paymentRequests: requests.filter((request) => {
      if (!/^https?:/.test(request)) return false;
      const { hostname, pathname } = new URL(request);
      return paymentChunks.some((chunk) => pathname.endsWith(`/${chunk}`)) || routedHosts.includes(hostname) || /DigitalRiver\.js$/.test(pathname);
    }).length,
    // Any request to a host that is neither the store nor a provider host mapped to the sandbox.
    offMachine: requests.filter((request) => {
      if (!/^https?:/.test(request)) return false;
      const { hostname } = new URL(request);
      return hostname !== storeHost && !routedHosts.includes(hostname);
    }),
    runWarnings: lhr.runWarnings ?? [],
  };
}

export const RETURNING = 'returning, cookie choice made';

export function webVerdicts(result) {
  const returning = result.shopper === RETURNING;
  return {
    everyRunMeasured: (result.runs ?? []).every((run) => !run.error),
    lcp: result.lcpMs !== null && result.lcpMs <= WEB_TARGETS.lcpMs,
    cls: result.cls !== null && result.cls <= WEB_TARGETS.cls,
    performance: result.performance >= WEB_TARGETS.performance,
    accessibility: result.accessibility >= WEB_TARGETS.accessibility,
    // A returning shopper's largest paint is the store's own content: an LCP figure taken from the
    // cookie notice (or from no element at all) in the median run or any other run fails.
    ...(returning
      ? { lcpElement: result.lcpElement !== null && !isCookieNotice(result.lcpElement) && (result.runs ?? []).filter((run) => !run.error).every((run) => run.lcpElement !== null && !isCookieNotice({ selector: run.lcpElement })) }
      : {}),
  };
}

const joinCookies = (...lists) => {
  const jar = new Map();
  for (const pair of lists.flat().filter(Boolean)) jar.set(pair.split('=')[0], pair);
  return [...jar.values()].join('; ');
};

/**
 * A cookie choice made the way the store records it: the shopper's "Reject non-essential", the API's
 * own consent call, whose answer sets the two HttpOnly consent cookies (consentCookieNames). Returns
 * those cookies as name=value pairs.
 */
export async function cookieChoice(client) {
  const answer = await client.request('PUT', '/cookie-disallow-analytics/');
  if (answer.status !== 200 || answer.cookies.length < 2) throw new Error(`cookie choice answered ${answer.status} with ${answer.cookies.length} cookies`);
  return answer.cookies;
}

/**
 * The pages the bench measures, each with the shopper it is measured for; returns their figures.
 * BENCH_WEB_PAGES=regex measures only the pages whose name matches (for profiling one page).
 */
export async function webScenarios({ stack, client, paymentChunks, runs, log }) {
  const visitor = await client.postJson('/data/basket/lines/', { product_suite_reference: 'photo-2', locale: 'en-gb' });
  const shopper = await shopperThrough(client, 'session');
  // A returning customer with an order behind them, for the account's order and download pages and the confirmation.
  const customer = await shopperThrough(client, 'place order');
  const chosen = await cookieChoice(client);
  const returning = (cookie = '') => joinCookies(cookie.split('; '), chosen);
  const only = process.env.BENCH_WEB_PAGES ? new RegExp(process.env.BENCH_WEB_PAGES, 'i') : null;
  const all = [
    { name: 'store page (visitor)', path: '/en-gb/' },
    { name: 'checkout (visitor with a basket)', path: '/en-gb/checkout/', cookie: visitor.cookies.join('; ') },
    { name: 'checkout (signed in, at payment)', path: '/en-gb/checkout/', cookie: shopper.cookie },
    ...[
      { name: 'store page (returning visitor)', path: '/en-gb/', cookie: returning() },
      { name: 'checkout (returning visitor with a basket)', path: '/en-gb/checkout/', cookie: returning(visitor.cookies.join('; ')) },
      { name: 'checkout (returning, signed in, at payment)', path: '/en-gb/checkout/', cookie: returning(shopper.cookie) },
      { name: 'sign-in (returning visitor)', path: '/en-gb/sign-in/', cookie: returning() },
      { name: 'account (signed in)', path: '/en-gb/account/', cookie: returning(customer.cookie) },
      { name: 'account orders (signed in)', path: '/en-gb/account/orders/', cookie: returning(customer.cookie) },
      { name: 'account downloads (signed in)', path: '/en-gb/account/downloads/', cookie: returning(customer.cookie) },
      { name: 'order confirmation (signed in)', path: `/en-gb/order/${customer.orderNumber}/`, cookie: returning(customer.cookie) },
    ].map((page) => ({ ...page, shopper: RETURNING })),
  ];
  const pages = await runLighthouse({
    baseUrl: stack.apiUrl,
    cardSandbox: stack.cardSandbox,
    paymentChunks,
    runs,
    log,
    pages: all.filter((page) => !only || only.test(page.name)),
  });
  for (const page of pages) page.verdicts = webVerdicts(page);
  return pages;
}

const cell = (text) => String(text).replace(/\|/g, '\\|');
const fmt = (value, digits = 0) => (value === null || value === undefined ? '–' : Number(value).toFixed(digits));

/** The web part of the bench's Markdown report. */
export function webMarkdown(web) {
  const out = ['### Web', ''];
  const b = web.bundle;
  if (b) out.push(`Bundle: initial route ${b.initialKb} kB gzip (≤ ${b.budgets.initialKb}), whole checkout ${b.checkoutKb} kB gzip (≤ ${b.budgets.checkoutKb}), ${b.checkoutFirstPaintKb === undefined ? '' : `checkout's first paint ${b.checkoutFirstPaintKb} kB gzip (≤ ${b.budgets.checkoutFirstPaintKb}), `}largest chunk ${b.largestChunk?.kb} kB (≤ ${b.budgets.chunkKb}), payment libraries ${b.paymentLibrariesLazy ? 'lazy' : 'EAGER'}`, '');
  out.push(`| page | shopper | LCP ms (≤ ${WEB_TARGETS.lcpMs}) | LCP element | CLS (≤ ${WEB_TARGETS.cls}) | TBT ms | performance (≥ ${WEB_TARGETS.performance}) | accessibility (${WEB_TARGETS.accessibility}) | top opportunities | payment code fetched | requests off the machine | every run: LCP / TBT / performance |`);
  out.push('|---|---|---:|---|---:|---:|---:|---:|---|---:|---:|---|');
  for (const page of web.pages ?? []) {
    const element = page.lcpElement?.selector ?? '–';
    // A run whose LCP element differs from the median run's is named beside its figures.
    const runs = (page.runs ?? []).map((run) => run.error ? `**${run.error}**` : `${run.lcpMs} / ${run.tbtMs} / ${run.performance}${run.lcpElement && run.lcpElement !== page.lcpElement?.selector ? ` (\`${cell(run.lcpElement)}\`)` : ''}`).join('; ');
    const notice = page.verdicts?.lcpElement === false ? ' **NOT the store\'s content**' : '';
    out.push(`| ${page.name} | ${page.shopper ?? 'first visit'} | ${fmt(page.lcpMs)} | \`${cell(element)}\`${notice} | ${fmt(page.cls, 3)} | ${fmt(page.tbtMs)} | ${page.performance} | ${page.accessibility}${page.accessibilityFailures.length ? ` (${page.accessibilityFailures.join(', ')})` : ''} | ${page.topOpportunities.join(', ')} | ${page.paymentRequests} | ${page.offMachine.length} | ${runs} |`);
  }
  // Each page's targets (LCP, CLS, performance, accessibility and, for a returning shopper, an LCP element that is the store's own content).
  const missed = (web.pages ?? []).flatMap((page) => Object.entries(page.verdicts ?? {}).filter(([, met]) => !met).map(([name]) => `${page.name}: ${name}`));
  out.push('', missed.length ? `Targets missed: ${missed.join('; ')}` : 'Every page met its targets (LCP, CLS, performance, accessibility; the store\'s own content as a returning shopper\'s LCP element).');
  const shifts = (web.pages ?? []).filter((page) => page.layoutShifts?.length && page.cls > WEB_TARGETS.cls);
  if (shifts.length) out.push('', ...shifts.map((page) => `Layout shifts, ${page.name}: ${page.layoutShifts.join('; ')}`));
  return out.join('\n');
}
