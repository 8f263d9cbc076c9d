// Lighthouse (the lighthouse package, its default mobile emulation and simulated throttling) in
// Debian's Chromium on the store page and the checkout, as a visitor with a basket and as a
// signed-in shopper at the payment step. Nothing leaves the machine: Chromium runs with background
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
        const result = await lighthouse(url, flags, undefined, page);
        lhrs.push(result.lhr);
        // BENCH_TRACE_DIR=/some/dir keeps every run's Chromium trace (open it in DevTools' Performance panel).
        if (process.env.BENCH_TRACE_DIR) writeFileSync(join(process.env.BENCH_TRACE_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}-${run}.trace.json`), JSON.stringify(result.artifacts.Trace));
        await context.close();
      }
      // Lighthouse's own choice among several runs: the one closest to the median FCP and TTI.
      const lhr = computeMedianRun(lhrs);
      // BENCH_LHR_DIR=/some/dir keeps each page's whole (median) Lighthouse report, for reading its details.
      if (process.env.BENCH_LHR_DIR) writeFileSync(join(process.env.BENCH_LHR_DIR, `${target.name.replace(/[^a-z0-9]+/gi, '-')}.json`), JSON.stringify(lhr));
      results.push({
        name: target.name,
        url: target.path,
        ...summarise(lhr, { storeHost, routedHosts, paymentChunks }),
        // Every run's figures, so the spread shows beside the median run.
        runs: lhrs.map((one) => ({
          lcpMs: Math.round(one.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(one.audits['total-blocking-time']?.numericValue ?? 0),
          performance: Math.round((one.categories.performance.score ?? 0) * 100),
        })),
      });
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

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

export function webVerdicts(result) {
  return {
    lcp: result.lcpMs !== null && result.lcpMs <= WEB_TARGETS.lcpMs,
    cls: result.cls !== null && result.cls <= WEB_TARGETS.cls,
    performance: result.performance >= WEB_TARGETS.performance,
    accessibility: result.accessibility >= WEB_TARGETS.accessibility,
  };
}

/** The pages the bench measures, each with the shopper it is measured for; returns their figures. */
export async function webScenarios({ stack, client, paymentChunks, runs, log }) {
  const visitor = await client.postJson('/data/basket/lines/', { product_suite_reference: 'photo-2', locale: 'en-gb' });
  const shopper = await shopperThrough(client, 'session');
  const pages = await runLighthouse({
    baseUrl: stack.apiUrl,
    cardSandbox: stack.cardSandbox,
    paymentChunks,
    runs,
    log,
    pages: [
      { name: 'store page (visitor)', path: '/en-gb/' },
      { name: 'checkout (visitor with a basket)', path: '/en-gb/checkout/', cookie: visitor.cookies.join('; ') },
      { name: 'checkout (signed in, at payment)', path: '/en-gb/checkout/', cookie: shopper.cookie },
    ],
  });
  for (const page of pages) page.verdicts = webVerdicts(page);
  return pages;
}

const fmt = (value, digits = 0) => (value === null || value === undefined ? '–' : Number(value).toFixed(digits));

/** The web part of the bench's Markdown report. */
export function webMarkdown(web) {
  const out = ['### Web', ''];
  const b = web.bundle;
  if (b) out.push(`Bundle: initial route ${b.initialKb} kB gzip (≤ ${b.budgets.initialKb}), whole checkout ${b.checkoutKb} kB gzip (≤ ${b.budgets.checkoutKb}), largest chunk ${b.largestChunk?.kb} kB (≤ ${b.budgets.chunkKb}), payment libraries ${b.paymentLibrariesLazy ? 'lazy' : 'EAGER'}`, '');
  out.push(`| page | LCP ms (≤ ${WEB_TARGETS.lcpMs}) | CLS (≤ ${WEB_TARGETS.cls}) | TBT ms | performance (≥ ${WEB_TARGETS.performance}) | accessibility (${WEB_TARGETS.accessibility}) | top opportunities | payment code fetched | requests off the machine | every run: LCP / TBT / performance |`);
  out.push('|---|---:|---:|---:|---:|---:|---|---:|---:|---|');
  for (const page of web.pages ?? []) {
    out.push(`| ${page.name} | ${fmt(page.lcpMs)} | ${fmt(page.cls, 3)} | ${fmt(page.tbtMs)} | ${page.performance} | ${page.accessibility}${page.accessibilityFailures.length ? ` (${page.accessibilityFailures.join(', ')})` : ''} | ${page.topOpportunities.join(', ')} | ${page.paymentRequests} | ${page.offMachine.length} | ${(page.runs ?? []).map((run) => `${run.lcpMs} / ${run.tbtMs} / ${run.performance}`).join('; ')} |`);
  }
  const shifts = (web.pages ?? []).filter((page) => page.layoutShifts?.length && page.cls > WEB_TARGETS.cls);
  if (shifts.length) out.push('', ...shifts.map((page) => `Layout shifts, ${page.name}: ${page.layoutShifts.join('; ')}`));
  return out.join('\n');
}
