#!/usr/bin/env node
// `npm run bench` (issue 12; not part of `npm test`): the store against the machine's ceilings, in
// one run, on one machine, under one Node binary at a time.
//   ceilings   a bare node:http server (autocannon), pgbench select-only and a checkout-like write
//              script against the store's own PostgreSQL server
//   app        the production build (API + embedded PostgreSQL + both payment sandboxes):
//              GET /health/live (no database, the whole middleware stack), a basket read, a basket
//              write (CHANGE_QUANTITY), APPLY_DISCOUNT_CODE, PLACE_ORDER, and whole checkouts
//   web        the bundle budgets and Lighthouse on the store page and the checkout
// Writes tools/bench/results/<date>.json and prints a Markdown table.
//
//   --node a,b           Node binaries to run the bare server and the API under (default: this one)
//   --connections 10,50,100   autocannon connection counts     --duration 5   seconds per count
//   --checkout-vus 10,50  virtual users for whole checkouts    --checkout-seconds 10
//   --orders N           PLACE_ORDER requests per connection count (default 12 per connection, min 300)
//   --pgbench-seconds 10 --pgbench-clients 10,50
//   --only LIST          some of: ceilings,app,checkout,web (default: all of them)
//   --scenarios LIST     some of the app's: no-db,basket-read,basket-write,discount (default: all)
//   --no-web             skip Lighthouse             --no-build    use what is built
//   --web-runs 3         Lighthouse runs per page; the median run is reported (Lighthouse's computeMedianRun)
//   --profile            run the API with --cpu-prof and print where its time went
//   --soak               5 minutes of mixed load, then idle: RSS before, peak, after (--soak-seconds, --idle-seconds)
//   --node-args='A B'    extra Node options for the API (e.g. heap limits), as a deployment would set them
//   --out FILE           where to write the JSON (default tools/bench/results/<date>.json)
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildAll, ROOT } from '../lib/build.mjs';
import { checkoutForm, createClient, placeOrderBody, pool, shopperThrough, XHR } from './lib/client.mjs';
import { cannon, rotation, virtualUsers } from './lib/load.mjs';
import { preparePgbench, runPgbench } from './lib/pgbench.mjs';
import { profileMarkdown, summariseProfile } from './lib/profile.mjs';
import { nodeVersionOf, rssMb, rssSampler, startStack } from './lib/stack.mjs';
import { round } from './lib/stats.mjs';
import { webMarkdown, webScenarios } from './lib/web.mjs';

const { values: flags } = parseArgs({
  options: {
    node: { type: 'string' },
    connections: { type: 'string', default: '10,50,100' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    'checkout-vus': { type: 'string', default: '10,50' },
    'checkout-seconds': { type: 'string', default: '10' },
    orders: { type: 'string' },
    'pgbench-seconds': { type: 'string', default: '10' },
    'web-runs': { type: 'string', default: '3' },
    'pgbench-clients': { type: 'string', default: '10,50' },
    only: { type: 'string', default: 'ceilings,app,checkout,web' },
    scenarios: { type: 'string' },
    'no-web': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    'soak-seconds': { type: 'string', default: '300' },
    'idle-seconds': { type: 'string', default: '120' },
    'node-args': { type: 'string', default: '' },
    out: { type: 'string' },
  },
});

const list = (value) => value.split(',').map((item) => item.trim()).filter(Boolean);
const numbers = (value) => list(value).map(Number);
const CONNECTIONS = numbers(flags.connections);
const DURATION = Number(flags.duration);
const WARMUP = Number(flags.warmup);
const CHECKOUT_VUS = numbers(flags['checkout-vus']);
const ONLY = new Set(flags.soak ? ['soak'] : list(flags.only).filter((part) => !(part === 'web' && flags['no-web'])));
const NODES = flags.node ? list(flags.node) : [process.execPath];
const API_NODE_ARGS = flags['node-args'].split(' ').filter(Boolean);
const say = (line) => process.stderr.write(`[bench] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const TARGETS = {
  noDatabaseVsBare: 0.35,
  basketReadVsSelectOnly: 0.15,
  placeOrderVsWriteScript: 0.15,
  placeOrderP95Ms: 250,
  rssMb: 300,
  soakWithin: 0.1,
};

function machine() {
  const cpu = cpus();
  let pgbench = null;
  try {
    pgbench = execFileSync('/usr/bin/pgbench', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    pgbench = 'not found';
  }
  return {
    nproc: Number(execFileSync('nproc', { encoding: 'utf8' }).trim()),
    cpuModel: cpu[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 2 ** 30, 1),
    kernel: execFileSync('uname', ['-sr'], { encoding: 'utf8' }).trim(),
    runnerNode: process.version,
    pgbench,
  };
}

const loadNow = () => loadavg().map((value) => round(value, 2));

/** The HTTP ceiling under one Node binary: the bare server at each connection count. */
async function bareCeiling(nodeBin) {
  const child = fork(join(ROOT, 'tools/bench/bare-server.mjs'), [], { execPath: nodeBin, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve, reject) => {
    child.on('message', (message) => message?.type === 'listening' && resolve(message));
    child.once('exit', () => reject(new Error('The bare server exited before it was ready')));
  });
  const url = `http://127.0.0.1:${port}/`;
  const rows = [];
  try {
    await cannon({ url, connections: CONNECTIONS[0], duration: WARMUP });
    for (const connections of CONNECTIONS) {
      say(`bare node:http, ${connections} connections`);
      const peak = rssSampler(child.pid);
      rows.push({ id: 'bare', scenario: 'bare node:http server (fixed JSON)', ...(await cannon({ url, connections, duration: DURATION })), rssPeakMb: round(peak.peak) });
      peak.stop();
    }
  } finally {
    child.kill('SIGTERM');
  }
  return rows;
}

async function dbCeilings(stack) {
  say('pgbench: preparing its tables on the store server');
  const prepared = await preparePgbench(stack.database, { scale: 10 });
  const rows = [];
  for (const clients of numbers(flags['pgbench-clients'])) {
    say(`pgbench select-only, ${clients} clients`);
    rows.push({ id: 'pgbench-select', scenario: 'pgbench select-only (-S)', ...(await runPgbench(prepared, { script: 'select-only', clients, seconds: Number(flags['pgbench-seconds']) })) });
    say(`pgbench checkout-like write, ${clients} clients`);
    rows.push({ id: 'pgbench-write', scenario: 'pgbench checkout-like write (tools/bench/checkout-write.sql)', ...(await runPgbench(prepared, { script: 'write', clients, seconds: Number(flags['pgbench-seconds']) })) });
  }
  return { rows, serverVersion: prepared.serverVersion, scale: prepared.scale };
}

/** Shoppers made before any measurement, so that what is measured is the request itself. */
async function seedShoppers(client, count, until) {
  const started = performance.now();
  const shoppers = await pool(count, 6, () => shopperThrough(client, until));
  say(`seeded ${count} shoppers (through '${until}') in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return shoppers;
}

function basketRequests(kind, shoppers) {
  const next = rotation(shoppers);
  let flip = 0;
  if (kind === 'basket-read') {
    return [
      {
        method: 'GET',
        setupRequest: (request) => {
          const shopper = next();
          return { ...request, path: `/data/session/?basket_ref=${shopper.basketReference}`, headers: { ...XHR, cookie: shopper.cookie } };
        },
      },
    ];
  }
  const form = (shopper) =>
    kind === 'basket-write'
      ? checkoutForm('CHANGE_QUANTITY', { basketReference: shopper.basketReference, lineReference: shopper.lineReference, quantity: 1 + (flip++ % 2) })
      : checkoutForm('APPLY_DISCOUNT_CODE', { basketReference: shopper.basketReference, code: 'WELCOME10' });
  return [
    {
      method: 'POST',
      setupRequest: (request) => {
        const shopper = next();
        return { ...request, path: '/data/checkout/', headers: { ...XHR, cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: form(shopper) };
      },
    },
  ];
}

const APP_SCENARIOS = [
  { id: 'no-db', scenario: 'GET /health/live (no database, full middleware)', requests: () => undefined, path: '/health/live' },
  { id: 'basket-read', scenario: 'basket read: GET /data/session/?basket_ref=', requests: (pools) => basketRequests('basket-read', pools.baskets), checkBody: true },
  { id: 'basket-write', scenario: 'basket write: CHANGE_QUANTITY', requests: (pools) => basketRequests('basket-write', pools.baskets), checkBody: true },
  { id: 'discount', scenario: 'APPLY_DISCOUNT_CODE (WELCOME10)', requests: (pools) => basketRequests('discount', pools.baskets), checkBody: true },
];

async function appScenarios(stack, client, sampler) {
  const rows = [];
  const wanted = flags.scenarios ? new Set(list(flags.scenarios)) : null;
  const scenarios = APP_SCENARIOS.filter((candidate) => !wanted || wanted.has(candidate.id));
  const needsBaskets = scenarios.some((scenario) => scenario.id !== 'no-db');
  const baskets = needsBaskets ? await seedShoppers(client, Math.max(200, 3 * Math.max(...CONNECTIONS)), 'add to basket') : [];
  for (const scenario of scenarios) {
    const url = `${stack.apiUrl}${scenario.path ?? '/'}`;
    await cannon({ url, connections: CONNECTIONS[0], duration: WARMUP, requests: scenario.requests({ baskets }), checkBody: scenario.checkBody });
    for (const connections of CONNECTIONS) {
      say(`${scenario.scenario}, ${connections} connections`);
      sampler.mark();
      const result = await cannon({ url, connections, duration: DURATION, requests: scenario.requests({ baskets }), checkBody: scenario.checkBody });
      rows.push({ id: scenario.id, scenario: scenario.scenario, ...result, rssPeakMb: round(sampler.mark()) });
    }
  }
  return rows;
}

async function checkoutScenarios(stack, client, sampler) {
  const rows = [];
  // PLACE_ORDER alone: each request pays for its own seeded shopper (account, basket, billing,
  // gateway decided, stale hash read), through the card sandbox with 3-D Secure.
  for (const connections of CHECKOUT_VUS) {
    const amount = flags.orders ? Number(flags.orders) : Math.max(300, 12 * connections);
    // A warm-up, as for the other scenarios: the first orders (cold code paths, the pool's
    // connections opening) are placed but not counted.
    const warmUp = Math.max(50, 2 * connections);
    const ready = await seedShoppers(client, warmUp + amount, 'session');
    const next = rotation(ready);
    const requests = [
      {
        method: 'POST',
        setupRequest: (request) => {
          const shopper = next();
          return { ...request, path: '/data/checkout/', headers: { ...XHR, cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: checkoutForm('PLACE_ORDER', placeOrderBody(shopper)) };
        },
      },
    ];
    await cannon({ url: `${stack.apiUrl}/data/checkout/`, connections, amount: warmUp, requests, checkBody: true });
    say(`PLACE_ORDER, ${connections} connections, ${amount} orders`);
    sampler.mark();
    const result = await cannon({ url: `${stack.apiUrl}/data/checkout/`, connections, amount, requests, checkBody: true });
    rows.push({ id: 'place-order', scenario: 'PLACE_ORDER (card sandbox, 3-D Secure)', ...result, rssPeakMb: round(sampler.mark()) });
  }
  // Whole checkouts: each virtual user makes a new account, a basket, billing, the gateway, reads
  // the session and places the order, again and again.
  for (const vus of CHECKOUT_VUS) {
    say(`whole checkouts, ${vus} virtual users`);
    sampler.mark();
    const driver = createClient(stack.apiUrl, { maxSockets: vus });
    const result = await virtualUsers({ vus, seconds: Number(flags['checkout-seconds']), flow: (timings) => shopperThrough(driver, 'place order', timings) });
    driver.close();
    rows.push({ id: 'checkout', scenario: 'whole checkout (6 calls: account, basket, billing, gateway, session, PLACE_ORDER)', ...result, rssPeakMb: round(sampler.mark()) });
  }
  return rows;
}

/** The bundle budgets as the last build measured them (apps/web/web-budgets.mjs writes them beside Vite's manifest folder). */
function bundleReport() {
  const file = join(ROOT, 'apps/web/dist/.vite/web-budgets.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

async function soak(nodeBin) {
  const seconds = Number(flags['soak-seconds']);
  const idle = Number(flags['idle-seconds']);
  const stack = await startStack({ nodeBin, log: say, nodeArgs: API_NODE_ARGS });
  const client = createClient(stack.apiUrl);
  const sampler = rssSampler(stack.apiPid, 500);
  const idleRss = async (label) => {
    say(`idle ${idle} s (${label})`);
    await sleep(Math.max(0, idle - 5) * 1000);
    const values = [];
    for (let i = 0; i < 10; i++) {
      values.push(rssMb(stack.apiPid));
      await sleep(500);
    }
    return round(values.reduce((a, b) => a + b, 0) / values.length);
  };
  try {
    const baskets = await seedShoppers(client, 300, 'add to basket');
    const mixed = () => [
      { method: 'GET', path: '/health/live' },
      ...basketRequests('basket-read', baskets),
      ...basketRequests('basket-write', baskets),
      ...basketRequests('discount', baskets),
    ];
    // The warm-up is the soak's own mix, checkouts included, so the idle figure before it already has
    // every code path of the soak loaded and compiled (the card gateway's SDK, the receipts' mail):
    // a first use grows resident memory once, which is not what the soak looks for.
    say('warm-up: 20 s of the mixed load and checkouts');
    const warmDriver = createClient(stack.apiUrl, { maxSockets: 4 });
    await Promise.all([
      cannon({ url: stack.apiUrl, connections: 20, duration: 20, requests: mixed() }),
      virtualUsers({ vus: 4, seconds: 20, flow: (timings) => shopperThrough(warmDriver, 'place order', timings) }),
    ]);
    warmDriver.close();
    const before = await idleRss('before');
    sampler.mark();
    say(`soak: ${seconds} s of mixed load (autocannon, 20 connections: live, basket read, CHANGE_QUANTITY, APPLY_DISCOUNT_CODE) plus 4 virtual users checking out`);
    const driver = createClient(stack.apiUrl, { maxSockets: 4 });
    const [load, checkouts] = await Promise.all([
      cannon({ url: stack.apiUrl, connections: 20, duration: seconds, requests: mixed(), checkBody: true }),
      virtualUsers({ vus: 4, seconds, flow: (timings) => shopperThrough(driver, 'place order', timings) }),
    ]);
    driver.close();
    const peak = round(sampler.mark());
    const after = await idleRss('after');
    const within = after <= before * (1 + TARGETS.soakWithin);
    return {
      soakSeconds: seconds,
      idleSeconds: idle,
      rssIdleBeforeMb: before,
      rssPeakMb: peak,
      rssIdleAfterMb: after,
      growth: round(after / before - 1, 3),
      withinTenPercent: within,
      mixed: load,
      checkouts,
    };
  } finally {
    sampler.stop();
    client.close();
    await stack.stop();
  }
}

function bestRps(rows, id) {
  const matching = rows.filter((row) => row.id === id);
  return matching.length ? Math.max(...matching.map((row) => row.rps)) : null;
}

const CEILING_OF = {
  'no-db': 'bare',
  'basket-read': 'pgbench-select',
  'basket-write': 'pgbench-write',
  discount: 'pgbench-write',
  'place-order': 'pgbench-write',
  checkout: 'pgbench-write',
};

function withRatios(rows, ceilings) {
  return rows.map((row) => {
    const ceilingId = CEILING_OF[row.id];
    const ceiling = ceilingId ? ceilings[ceilingId] : null;
    return { ...row, ceiling: ceilingId ?? null, ratio: ceiling ? round(row.rps / ceiling, 3) : null };
  });
}

function verdicts(run, ceilings) {
  const rows = run.rows;
  const at = (id, connections) => rows.find((row) => row.id === id && row.connections === connections);
  const place50 = at('place-order', 50);
  const ratio = (id) => {
    const best = bestRps(rows, id);
    return best !== null && ceilings[CEILING_OF[id]] ? best / ceilings[CEILING_OF[id]] : null;
  };
  const peak = Math.max(0, ...rows.map((row) => row.rssPeakMb ?? 0));
  const check = (value, ok, target) => ({ value: value === null ? null : round(value, 3), target, met: value !== null && ok });
  return {
    noDatabase: check(ratio('no-db'), ratio('no-db') >= TARGETS.noDatabaseVsBare, `≥ ${TARGETS.noDatabaseVsBare} of bare`),
    basketRead: check(ratio('basket-read'), ratio('basket-read') >= TARGETS.basketReadVsSelectOnly, `≥ ${TARGETS.basketReadVsSelectOnly} of pgbench -S`),
    placeOrder: check(ratio('place-order'), ratio('place-order') >= TARGETS.placeOrderVsWriteScript, `≥ ${TARGETS.placeOrderVsWriteScript} of the write script`),
    placeOrderP95At50: check(place50?.p95 ?? null, (place50?.p95 ?? Infinity) < TARGETS.placeOrderP95Ms, `< ${TARGETS.placeOrderP95Ms} ms`),
    placeOrderErrorsAt50: check(place50?.errors ?? null, place50?.errors === 0, '0'),
    rssUnderLoad: check(peak || null, peak > 0 && peak < TARGETS.rssMb, `< ${TARGETS.rssMb} MB`),
  };
}

const fmt = (value, digits = 0) => (value === null || value === undefined ? '–' : Number(value).toFixed(digits));

function markdown(report) {
  const out = [];
  out.push(`Machine: ${report.machine.nproc} cores, ${report.machine.cpuModel}, ${report.machine.memoryGb} GB, ${report.machine.kernel}`);
  out.push(`Load average before ${report.loadBefore.join(' ')}, after ${report.loadAfter.join(' ')}; PostgreSQL ${report.database?.serverVersion ?? '–'}; ${report.machine.pgbench}`);
  for (const run of report.runs) {
    out.push('', `### Node ${run.nodeVersion}${run.profiled ? ' (profiled: figures perturbed)' : ''}`, '');
    out.push('| scenario | conns | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | RSS peak MB | ratio to ceiling |');
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const row of run.rows) {
      const ratio = row.ratio === null || row.ratio === undefined ? '' : `${fmt(row.ratio, 3)} × ${row.ceiling}`;
      out.push(`| ${row.scenario} | ${row.connections} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p95, 1)} | ${fmt(row.p99, 1)} | ${fmt(row.max, 1)} | ${fmt(row.errors)} | ${fmt(row.rssPeakMb)} | ${ratio} |`);
    }
    if (run.verdicts) {
      out.push('', '| target | value | wanted | met |', '|---|---:|---|---|');
      for (const [name, verdict] of Object.entries(run.verdicts)) out.push(`| ${name} | ${verdict.value ?? '–'} | ${verdict.target} | ${verdict.met ? 'yes' : 'NO'} |`);
    }
    const checkout = run.rows.filter((row) => row.id === 'checkout');
    if (checkout.length) {
      out.push('', '| whole checkout step (p95 ms) | ' + checkout.map((row) => `${row.connections} VUs`).join(' | ') + ' |', '|---|' + checkout.map(() => '---:').join('|') + '|');
      for (const step of Object.keys(checkout[0].steps ?? {})) out.push(`| ${step} | ${checkout.map((row) => fmt(row.steps[step]?.p95, 1)).join(' | ')} |`);
    }
    if (run.profile) out.push('', profileMarkdown(run.profile));
  }
  if (report.web) out.push('', webMarkdown(report.web));
  if (report.soak) {
    const s = report.soak;
    out.push('', `### Soak (${s.soakSeconds} s mixed load, ${s.idleSeconds} s idle either side)`, '');
    out.push('| RSS idle before MB | RSS peak MB | RSS idle after MB | growth | within 10% | mixed req/s | mixed p95 ms | mixed errors | checkouts/s | checkout errors |', '|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|');
    out.push(`| ${s.rssIdleBeforeMb} | ${s.rssPeakMb} | ${s.rssIdleAfterMb} | ${fmt(s.growth * 100, 1)}% | ${s.withinTenPercent ? 'yes' : 'NO'} | ${fmt(s.mixed.rps)} | ${fmt(s.mixed.p95, 1)} | ${s.mixed.errors} | ${fmt(s.checkouts.rps, 1)} | ${s.checkouts.errors} |`);
  }
  return out.join('\n');
}

async function main() {
  const report = { startedAt: new Date().toISOString(), machine: machine(), loadBefore: loadNow(), options: flags, targets: TARGETS, runs: [] };
  say(`machine: ${report.machine.nproc} cores, ${report.machine.cpuModel}; load ${report.loadBefore.join(' ')}`);
  for (const nodeBin of NODES) say(`runtime: ${nodeBin} (${nodeVersionOf(nodeBin)})`);
  if (!flags['no-build']) {
    say('building (node tools/build.mjs)');
    await buildAll();
  }
  if (ONLY.has('soak')) {
    report.soak = await soak(NODES[0]);
    report.soak.nodeVersion = nodeVersionOf(NODES[0]);
  } else {
    let dbCeiling = null;
    for (const [index, nodeBin] of NODES.entries()) {
      const run = { nodeBin, nodeVersion: nodeVersionOf(nodeBin), profiled: flags.profile, rows: [] };
      report.runs.push(run);
      if (ONLY.has('ceilings')) run.rows.push(...(await bareCeiling(nodeBin)));
      const needsStack = ['ceilings', 'app', 'checkout', 'web'].some((part) => ONLY.has(part));
      if (!needsStack) continue;
      const profileDir = flags.profile ? mkdtempSync(join(tmpdir(), 'store-bench-profile-')) : null;
      const stack = await startStack({ nodeBin, log: say, nodeArgs: [...API_NODE_ARGS, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])] });
      const client = createClient(stack.apiUrl);
      const sampler = rssSampler(stack.apiPid);
      try {
        if (ONLY.has('ceilings') && index === 0) {
          dbCeiling = await dbCeilings(stack);
          report.database = { serverVersion: dbCeiling.serverVersion, pgbenchScale: dbCeiling.scale };
          run.rows.push(...dbCeiling.rows);
        } else if (dbCeiling) run.rows.push(...dbCeiling.rows.map((row) => ({ ...row, reused: true })));
        if (ONLY.has('app')) run.rows.push(...(await appScenarios(stack, client, sampler)));
        if (ONLY.has('checkout')) run.rows.push(...(await checkoutScenarios(stack, client, sampler)));
        run.rssPeakMb = round(sampler.peak);
        if (ONLY.has('web') && index === 0) report.web = { pages: await webScenarios({ stack, client, paymentChunks: bundleReport()?.paymentChunks ?? [], runs: Math.max(1, Number(flags['web-runs'])), log: say }) };
      } finally {
        sampler.stop();
        client.close();
        if (profileDir) {
          await stack.stopApi();
          const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
          if (file) {
            run.profile = summariseProfile(join(profileDir, file));
            run.profileFile = join(profileDir, file);
          }
        }
        await stack.stop();
      }
      const ceilings = { bare: bestRps(run.rows, 'bare'), 'pgbench-select': bestRps(run.rows, 'pgbench-select'), 'pgbench-write': bestRps(run.rows, 'pgbench-write') };
      run.ceilings = ceilings;
      run.rows = withRatios(run.rows, ceilings);
      if (ONLY.has('ceilings') && (ONLY.has('app') || ONLY.has('checkout'))) run.verdicts = verdicts(run, ceilings);
    }
    if (ONLY.has('web')) {
      report.web ??= {};
      report.web.bundle = bundleReport();
    }
  }
  report.loadAfter = loadNow();
  report.finishedAt = new Date().toISOString();
  const resultsDir = join(ROOT, 'tools/bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const out = flags.out ?? join(resultsDir, `${report.startedAt.replace(/[:.]/g, '-').slice(0, 19)}${flags.soak ? '-soak' : ''}.json`);
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${markdown(report)}\n\nResults: ${relative(ROOT, out)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
