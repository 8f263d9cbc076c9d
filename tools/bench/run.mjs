#!/usr/bin/env node
// `npm run bench` (not part of `npm test`): the store against its own stack's floor and the machine's
// ceilings, in one run, on one machine, under one Node binary at a time.
//   ceilings   a bare node:http server (autocannon), pgbench select-only and a checkout-like write
//              script against the store's own PostgreSQL server
//   app        the production build (API + embedded PostgreSQL + both payment sandboxes) beside a
//              minimal NestJS app on the same dependencies (tools/bench/peer-nest.cjs), measured in
//              turn: GET /health/live against the peer's fixed JSON; the basket read for a visitor
//              and for a signed-in customer against the peer's one-query basket; a basket write
//              (CHANGE_QUANTITY) and APPLY_DISCOUNT_CODE
//   checkout   PLACE_ORDER at each count, and whole checkouts by virtual users
//   mixed      30 s of mixed load at 50 connections (the API's memory)
//   web        the bundle budgets and Lighthouse on the store's pages
// Writes tools/bench/results/<date>.json and prints a Markdown table.
//
//   --node a,b           Node binaries to run the bare server and the API under (default: this one)
//   --connections 10,50,100   autocannon connection counts     --duration 5   seconds per count
//   --checkout-vus 10,50  virtual users for whole checkouts    --checkout-seconds 10
//   --orders N           PLACE_ORDER requests per connection count (default 12 per connection, min 300)
//   --pgbench-seconds 10 --pgbench-clients 10,50
//   --only LIST          some of: ceilings,app,checkout,mixed,web (default: all of them)
//   --rounds 3           rounds of each store route and its peer, in turn, at each connection count
//   --mixed-seconds 30 --mixed-connections 50
//   --scenarios LIST     some of the app's: no-db,basket-read,basket-read-customer,basket-write,discount (default: all)
//   --no-web             skip Lighthouse             --no-build    use what is built
//   --web-runs 3         Lighthouse runs per page; the median run is reported (Lighthouse's computeMedianRun)
//   --profile            run the API with --cpu-prof and print where its time went
//   --soak               5 minutes of mixed load, then idle: RSS before, peak, after (--soak-seconds, --idle-seconds)
//   --node-args='A B'    extra Node options for the API (e.g. heap limits), as a deployment would set them
//   --out FILE           where to write the JSON (default tools/bench/results/<date>.json)
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { API_NODE_OPTIONS } from '../lib/api-runtime.mjs';
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
    rounds: { type: 'string', default: '3' },
    'mixed-seconds': { type: 'string', default: '30' },
    'mixed-connections': { type: 'string', default: '50' },
    'checkout-seconds': { type: 'string', default: '10' },
    orders: { type: 'string' },
    'pgbench-seconds': { type: 'string', default: '10' },
    'web-runs': { type: 'string', default: '3' },
    'pgbench-clients': { type: 'string', default: '10,50' },
    only: { type: 'string', default: 'ceilings,app,checkout,mixed,web' },
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
const ROUNDS = Math.max(1, Number(flags.rounds));
const ONLY = new Set(flags.soak ? ['soak'] : list(flags.only).filter((part) => !(part === 'web' && flags['no-web'])));
const NODES = flags.node ? list(flags.node) : [process.execPath];
const API_NODE_ARGS = flags['node-args'].split(' ').filter(Boolean);
const say = (line) => process.stderr.write(`[bench] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const TARGETS = {
  noDatabaseVsPeer: 0.8,
  basketReadVsPeer: 0.7,
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
  if (kind === 'peer-edge-statement') {
    return [
      {
        method: 'GET',
        setupRequest: (request) => {
          const shopper = next();
          return { ...request, path: `/data/session-statement?basket_ref=${shopper.basketReference}`, headers: { cookie: shopper.cookie } };
        },
      },
    ];
  }
  if (kind === 'peer-basket' || kind === 'peer-edge-basket') {
    const route = kind === 'peer-basket' ? '/basket' : '/data/basket';
    return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `${route}?basket_ref=${next().basketReference}` }) }];
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

/** A visitor's basket, as the store page makes it: one line added without an account; the answer's cookie holds the basket. */
async function seedVisitors(client, count) {
  const started = performance.now();
  const visitors = await pool(count, 6, async () => {
    const added = await client.postJson('/data/basket/lines/', { product_suite_reference: 'photo-2', locale: 'en-gb' });
    if (added.status !== 200 || added.json?.success !== true) throw new Error(`add to basket answered ${added.status}: ${added.text.slice(0, 200)}`);
    return { cookie: added.cookies.join('; '), basketReference: added.json.data.reference };
  });
  say(`seeded ${count} visitors with a basket in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return visitors;
}

// The store's routes and, beside the ones measured against the same-stack floor, that floor: the
// minimal NestJS app (tools/bench/peer-nest.cjs) answering the same thing with nothing of ours. A
// group's members are measured in turn, round after round at each connection count, so a peer and
// the store meet the same machine.
const APP_GROUPS = [
  {
    id: 'no-db',
    members: [
      { id: 'peer-fixed', peer: 'plain', scenario: 'peer: minimal NestJS app, GET / (fixed JSON)', path: '/' },
      { id: 'peer-edge-fixed', peer: 'edge', scenario: "peer behind the store's edge middleware: GET /health/live (fixed JSON)", path: '/health/live' },
      { id: 'no-db', peerId: 'peer-fixed', edgePeerId: 'peer-edge-fixed', scenario: 'GET /health/live (no database, full middleware)', path: '/health/live' },
    ],
  },
  {
    id: 'basket-read',
    members: [
      { id: 'peer-basket-visitor', peer: 'plain', scenario: "peer: minimal NestJS app, the visitor's basket in one query", requests: (pools) => basketRequests('peer-basket', pools.visitors), checkBody: true },
      { id: 'peer-edge-basket-visitor', peer: 'edge', scenario: "peer behind the store's edge middleware, the visitor's basket in one query", requests: (pools) => basketRequests('peer-edge-basket', pools.visitors), checkBody: true },
      { id: 'peer-edge-statement-visitor', peer: 'edge', scenario: "peer behind the store's edge middleware, the store's own session statement for the visitor", requests: (pools) => basketRequests('peer-edge-statement', pools.visitors), checkBody: true },
      { id: 'basket-read', peerId: 'peer-basket-visitor', edgePeerId: 'peer-edge-basket-visitor', statementPeerId: 'peer-edge-statement-visitor', scenario: 'basket read, visitor: GET /data/session/?basket_ref=', requests: (pools) => basketRequests('basket-read', pools.visitors), checkBody: true },
    ],
  },
  {
    id: 'basket-read-customer',
    members: [
      { id: 'peer-basket-customer', peer: 'plain', scenario: "peer: minimal NestJS app, the customer's basket in one query", requests: (pools) => basketRequests('peer-basket', pools.customers), checkBody: true },
      { id: 'peer-edge-basket-customer', peer: 'edge', scenario: "peer behind the store's edge middleware, the customer's basket in one query", requests: (pools) => basketRequests('peer-edge-basket', pools.customers), checkBody: true },
      { id: 'peer-edge-statement-customer', peer: 'edge', scenario: "peer behind the store's edge middleware, the store's own session statement for the customer", requests: (pools) => basketRequests('peer-edge-statement', pools.customers), checkBody: true },
      { id: 'basket-read-customer', peerId: 'peer-basket-customer', edgePeerId: 'peer-edge-basket-customer', statementPeerId: 'peer-edge-statement-customer', scenario: 'basket read, signed in with a billing address: GET /data/session/?basket_ref=', requests: (pools) => basketRequests('basket-read', pools.customers), checkBody: true },
    ],
  },
  { id: 'basket-write', members: [{ id: 'basket-write', scenario: 'basket write: CHANGE_QUANTITY', requests: (pools) => basketRequests('basket-write', pools.baskets), checkBody: true }] },
  { id: 'discount', members: [{ id: 'discount', scenario: 'APPLY_DISCOUNT_CODE (WELCOME10)', requests: (pools) => basketRequests('discount', pools.baskets), checkBody: true }] },
];

/**
 * CPU time a process has used (user and system, ms, from /proc): per request, the part of a figure
 * that does not depend on what else the machine is doing at the time.
 */
function cpuMs(pid, part = 'both') {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = { user: Number(fields[11]), system: Number(fields[12]) };
  return (part === 'both' ? ticks.user + ticks.system : ticks[part]) * (1000 / CLOCK_TICKS);
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * CPU time of PostgreSQL as a whole (ms): the postmaster, the backends it has reaped (cutime and
 * cstime) and the ones still running (the API's pool keeps its connections open through a scenario).
 */
function postgresCpuMs(postmasterPid) {
  const ticks = (fields) => Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  const statOf = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      return null; // a backend that ended between the listing and the read
    }
  };
  let total = ticks(statOf(postmasterPid));
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(entry);
    if (fields && Number(fields[1]) === postmasterPid) total += ticks(fields);
  }
  return total * (1000 / CLOCK_TICKS);
}

/**
 * Every process an order passes through: the API, PostgreSQL, the card sandbox, and this process
 * (the load generator and its HTTP client). Their sum per order against the machine's cores bounds
 * the rate, and with it the latency a fixed number of connections can see.
 */
function cpuByProcess(stack) {
  const bench = process.cpuUsage();
  return { api: cpuMs(stack.apiPid), postgres: postgresCpuMs(stack.postgresPid), cardSandbox: cpuMs(stack.cardSandboxPid), loadGenerator: (bench.user + bench.system) / 1000 };
}
function cpuPerUnit(before, after, units) {
  const out = {};
  for (const name of Object.keys(before)) out[name] = round((after[name] - before[name]) / Math.max(1, units), 2);
  out.total = round(Object.values(out).reduce((sum, value) => sum + value, 0), 2);
  return out;
}
/** The API's share spent in the kernel (socket writes and reads on loopback, the scheduler), per unit. */
function apiSystemPerUnit(stack, before, units) {
  return round((cpuMs(stack.apiPid, 'system') - before) / Math.max(1, units), 2);
}

/**
 * The minimal NestJS app, under the same Node binary and options as the API, reading the store's
 * database; with `edge`, the same app behind the store's own edge middleware, its access lines
 * written to a file as the API's are.
 */
async function startPeer(nodeBin, stack, { edge = false } = {}) {
  const child = fork(join(ROOT, 'tools/bench/peer-nest.cjs'), [], {
    cwd: ROOT,
    execPath: nodeBin,
    execArgv: [...API_NODE_OPTIONS, ...API_NODE_ARGS],
    env: edge ? { ...stack.apiEnv, PEER_EDGE: join(stack.work, 'peer-edge.log') } : { ...process.env, NODE_ENV: 'production', DATABASE_URL: stack.database.url('store') },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.on('message', (message) => message?.type === 'listening' && resolve(message));
    child.once('exit', () => reject(new Error('The peer NestJS app exited before it was ready')));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

async function appScenarios(stack, peers, client, sampler) {
  const rows = [];
  const wanted = flags.scenarios ? new Set(list(flags.scenarios)) : null;
  const groups = APP_GROUPS.filter((group) => !wanted || wanted.has(group.id));
  const count = Math.max(200, 3 * Math.max(...CONNECTIONS));
  const needs = (id) => groups.some((group) => group.id === id);
  const pools = {
    visitors: needs('basket-read') ? await seedVisitors(client, count) : [],
    customers: needs('basket-read-customer') ? await seedShoppers(client, count, 'session') : [],
    baskets: needs('basket-write') || needs('discount') ? await seedShoppers(client, count, 'add to basket') : [],
  };
  const measure = async (member, connections, duration) => {
    const url = `${member.peer ? peers[member.peer].url : stack.apiUrl}${member.path ?? '/'}`;
    return cannon({ url, connections, duration, requests: member.requests?.(pools), checkBody: member.checkBody });
  };
  for (const group of groups) {
    for (const member of group.members) await measure(member, CONNECTIONS[0], WARMUP);
    for (const connections of CONNECTIONS) {
      for (let pass = 1; pass <= (group.members.length > 1 ? ROUNDS : 1); pass += 1) {
        for (const member of group.members) {
          say(`${member.scenario}, ${connections} connections${group.members.length > 1 ? `, round ${pass}` : ''}`);
          const pid = member.peer ? peers[member.peer].pid : stack.apiPid;
          const watched = member.peer ? rssSampler(pid) : sampler;
          watched.mark();
          const cpuBefore = cpuMs(pid);
          const result = await measure(member, connections, DURATION);
          result.cpuUsPerRequest = round(((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests), 0);
          rows.push({ id: member.id, scenario: member.scenario, peer: member.peer ?? false, peerId: member.peerId ?? null, edgePeerId: member.edgePeerId ?? null, statementPeerId: member.statementPeerId ?? null, round: pass, ...result, rssPeakMb: round(watched.mark()) });
          if (member.peer) watched.stop();
        }
      }
    }
  }
  return rows;
}

/** 30 s of the store's mixed load at 50 connections (reads, writes, discounts, health) with whole checkouts beside it: the API's memory. */
async function mixedScenario(stack, client, sampler) {
  const seconds = Number(flags['mixed-seconds']);
  const connections = Number(flags['mixed-connections']);
  const visitors = await seedVisitors(client, 150);
  const customers = await seedShoppers(client, 150, 'add to basket');
  const requests = [
    { method: 'GET', path: '/health/live' },
    ...basketRequests('basket-read', visitors),
    ...basketRequests('basket-read', customers),
    ...basketRequests('basket-write', customers),
    ...basketRequests('discount', customers),
  ];
  const vus = Math.max(1, Math.round(connections / 5));
  say(`mixed load: ${seconds} s, ${connections - vus} connections of reads and writes and ${vus} virtual users checking out`);
  const driver = createClient(stack.apiUrl, { maxSockets: vus });
  sampler.mark();
  const [load, checkouts] = await Promise.all([
    cannon({ url: stack.apiUrl, connections: connections - vus, duration: seconds, requests, checkBody: true }),
    virtualUsers({ vus, seconds, flow: (timings) => shopperThrough(driver, 'place order', timings) }),
  ]);
  driver.close();
  return { seconds, connections, vus, rssPeakMb: round(sampler.mark()), mixed: load, checkouts };
}

/**
 * The card gateway's calls of a PLACE_ORDER alone (tools/bench/gateway-floor.cjs), `orders` of them
 * with `concurrency` in flight: the CPU the braintree SDK and the card sandbox spend per order.
 */
async function gatewayFloor(stack, concurrency, orders) {
  const env = stack.apiEnv;
  const merchantAccountId = /(?:^|,)\s*GBP=([^,\s]+)/.exec(env.BRAINTREE_MERCHANT_ACCOUNTS ?? '')?.[1];
  const child = fork(join(ROOT, 'tools/bench/gateway-floor.cjs'), [], {
    cwd: ROOT,
    execArgv: [...API_NODE_OPTIONS, ...API_NODE_ARGS],
    env: { ...env, GATEWAY_FLOOR: JSON.stringify({ orders, concurrency, merchantAccountId }) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const message = (type) =>
    new Promise((resolve, reject) => {
      child.on('message', (one) => one?.type === type && resolve(one));
      child.once('exit', (code) => reject(new Error(`the gateway floor exited (${code}) before '${type}'`)));
    });
  await message('ready');
  const sandboxBefore = cpuMs(stack.cardSandboxPid);
  const done = message('done');
  child.send({ type: 'go' });
  const result = await done;
  const sandbox = (cpuMs(stack.cardSandboxPid) - sandboxBefore) / orders;
  child.kill('SIGTERM');
  return { connections: concurrency, orders, ordersPerSecond: round(orders / result.seconds), sdkCpuMsPerOrder: round(result.cpuMsPerOrder, 2), sandboxCpuMsPerOrder: round(sandbox, 2) };
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
    const cpuBefore = cpuByProcess(stack);
    const apiSystemBefore = cpuMs(stack.apiPid, 'system');
    const result = await cannon({ url: `${stack.apiUrl}/data/checkout/`, connections, amount, requests, checkBody: true });
    const cpuMsPerOrder = { ...cpuPerUnit(cpuBefore, cpuByProcess(stack), result.requests), apiSystem: apiSystemPerUnit(stack, apiSystemBefore, result.requests) };
    say(`the card gateway's calls alone, ${connections} in flight`);
    const floor = await gatewayFloor(stack, connections, amount);
    rows.push({ id: 'place-order', scenario: 'PLACE_ORDER (card sandbox, 3-D Secure)', ...result, cpuMsPerOrder, gatewayFloor: floor, rssPeakMb: round(sampler.mark()) });
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
  'peer-fixed': 'bare',
  'no-db': 'bare',
  'peer-basket-visitor': 'pgbench-select',
  'peer-basket-customer': 'pgbench-select',
  'basket-read': 'pgbench-select',
  'basket-read-customer': 'pgbench-select',
  'basket-write': 'pgbench-write',
  discount: 'pgbench-write',
  'place-order': 'pgbench-write',
  checkout: 'pgbench-write',
};

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

/** Each row's share of its machine ceiling, and a store row's share of its peer in the same round. */
function withRatios(rows, ceilings) {
  return rows.map((row) => {
    const ceilingId = CEILING_OF[row.id];
    const ceiling = ceilingId ? ceilings[ceilingId] : null;
    const peer = row.peerId ? rows.find((other) => other.id === row.peerId && other.connections === row.connections && other.round === row.round) : null;
    return { ...row, ceiling: ceiling ? ceilingId : null, ratio: ceiling ? round(row.rps / ceiling, 3) : null, peerRatio: peer ? round(row.rps / peer.rps, 3) : null };
  });
}

/**
 * A store route against its peer at each connection count: the mean of its rounds over the mean of
 * the peer's. The target is read at the worst connection count, so one good count cannot carry it.
 */
function peerRatios(rows, id, which = 'peerId') {
  const store = rows.filter((row) => row.id === id && row[which]);
  const counts = [...new Set(store.map((row) => row.connections))];
  return counts.map((connections) => {
    const mine = store.filter((row) => row.connections === connections);
    const peers = rows.filter((row) => row.id === mine[0][which] && row.connections === connections);
    const cpu = (list) => (list.every((row) => row.cpuUsPerRequest) ? mean(list.map((row) => row.cpuUsPerRequest)) : null);
    return {
      connections,
      rps: mean(mine.map((row) => row.rps)),
      peerRps: mean(peers.map((row) => row.rps)),
      ratio: mean(mine.map((row) => row.rps)) / mean(peers.map((row) => row.rps)),
      cpuUs: cpu(mine),
      peerCpuUs: cpu(peers),
    };
  });
}

function verdicts(run) {
  const rows = run.rows;
  const at = (id, connections) => rows.find((row) => row.id === id && row.connections === connections);
  const place50 = at('place-order', 50);
  const worst = (id) => {
    const ratios = peerRatios(rows, id);
    return ratios.length ? Math.min(...ratios.map((one) => one.ratio)) : null;
  };
  const peak = Math.max(0, ...rows.filter((row) => !row.peer && row.rssPeakMb).map((row) => row.rssPeakMb));
  const check = (value, ok, target) => ({ value: value === null ? null : round(value, 3), target, met: value !== null && ok });
  const ratioCheck = (id, target, text) => {
    const value = worst(id);
    return value === null ? null : check(value, value >= target, `≥ ${target} of ${text} (worst connection count)`);
  };
  const found = {
    noDatabase: ratioCheck('no-db', TARGETS.noDatabaseVsPeer, 'the minimal NestJS app'),
    basketReadVisitor: ratioCheck('basket-read', TARGETS.basketReadVsPeer, 'the one-query route'),
    basketReadCustomer: ratioCheck('basket-read-customer', TARGETS.basketReadVsPeer, 'the one-query route'),
    placeOrderP95At50: place50 ? check(place50.p95, place50.p95 < TARGETS.placeOrderP95Ms, `< ${TARGETS.placeOrderP95Ms} ms`) : null,
    placeOrderErrorsAt50: place50 ? check(place50.errors, place50.errors === 0, '0') : null,
    rssUnderLoad: peak ? check(peak, peak < TARGETS.rssMb, `< ${TARGETS.rssMb} MB`) : null,
    rssMixedAt50: run.mixed ? check(run.mixed.rssPeakMb, run.mixed.rssPeakMb < TARGETS.rssMb, `< ${TARGETS.rssMb} MB`) : null,
  };
  return Object.fromEntries(Object.entries(found).filter(([, verdict]) => verdict !== null));
}

const fmt = (value, digits = 0) => (value === null || value === undefined ? '–' : Number(value).toFixed(digits));

function markdown(report) {
  const out = [];
  out.push(`Machine: ${report.machine.nproc} cores, ${report.machine.cpuModel}, ${report.machine.memoryGb} GB, ${report.machine.kernel}`);
  out.push(`Load average before ${report.loadBefore.join(' ')}, after ${report.loadAfter.join(' ')}; PostgreSQL ${report.database?.serverVersion ?? '–'}; ${report.machine.pgbench}`);
  for (const run of report.runs) {
    out.push('', `### Node ${run.nodeVersion}${run.profiled ? ' (profiled: figures perturbed)' : ''}`, '');
    out.push('| scenario | conns | round | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | RSS peak MB | ratio to peer | ratio to machine ceiling |');
    out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const row of run.rows) {
      const ratio = row.ratio === null || row.ratio === undefined ? '' : `${fmt(row.ratio, 3)} × ${row.ceiling}`;
      out.push(`| ${row.scenario} | ${row.connections} | ${row.round ?? ''} | ${fmt(row.rps)} | ${fmt(row.p50, 1)} | ${fmt(row.p95, 1)} | ${fmt(row.p99, 1)} | ${fmt(row.max, 1)} | ${fmt(row.errors)} | ${fmt(row.rssPeakMb)} | ${row.peerRatio === null || row.peerRatio === undefined ? '' : fmt(row.peerRatio, 3)} | ${ratio} |`);
    }
    const pairs = ['no-db', 'basket-read', 'basket-read-customer'].flatMap((id) => peerRatios(run.rows, id).map((one) => ({ id, ...one })));
    if (pairs.length) {
      out.push('', '| store route against its peer | conns | store req/s (mean of rounds) | peer req/s | ratio | CPU µs a request: store | peer | peer / store |', '|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const one of pairs) out.push(`| ${one.id} | ${one.connections} | ${fmt(one.rps)} | ${fmt(one.peerRps)} | ${fmt(one.ratio, 3)} | ${fmt(one.cpuUs)} | ${fmt(one.peerCpuUs)} | ${one.cpuUs ? fmt(one.peerCpuUs / one.cpuUs, 3) : '–'} |`);
    }
    // The same store rows against the peer behind the store's own edge: what the edge takes, and what is left beyond it.
    const edgePairs = ['no-db', 'basket-read', 'basket-read-customer'].flatMap((id) => peerRatios(run.rows, id, 'edgePeerId').map((one) => ({ id, ...one })));
    if (edgePairs.length) {
      out.push('', "| store route against the peer behind the store's edge | conns | store req/s | edge peer req/s | ratio | CPU µs a request: store | edge peer | edge peer / store |", '|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const one of edgePairs) out.push(`| ${one.id} | ${one.connections} | ${fmt(one.rps)} | ${fmt(one.peerRps)} | ${fmt(one.ratio, 3)} | ${fmt(one.cpuUs)} | ${fmt(one.peerCpuUs)} | ${one.cpuUs ? fmt(one.peerCpuUs / one.cpuUs, 3) : '–'} |`);
    }
    // And against that peer running the store's own session statement: what the use case, presenter
    // and framework layers cost beyond the one query the session call sends.
    const statementPairs = ['basket-read', 'basket-read-customer'].flatMap((id) => peerRatios(run.rows, id, 'statementPeerId').map((one) => ({ id, ...one })));
    if (statementPairs.length) {
      out.push('', "| store route against the edge peer running the store's own statement | conns | store req/s | statement peer req/s | ratio | CPU µs a request: store | statement peer | statement peer / store |", '|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const one of statementPairs) out.push(`| ${one.id} | ${one.connections} | ${fmt(one.rps)} | ${fmt(one.peerRps)} | ${fmt(one.ratio, 3)} | ${fmt(one.cpuUs)} | ${fmt(one.peerCpuUs)} | ${one.cpuUs ? fmt(one.peerCpuUs / one.cpuUs, 3) : '–'} |`);
    }
    const orders = run.rows.filter((row) => row.id === 'place-order' && row.cpuMsPerOrder);
    if (orders.length) {
      const cores = availableParallelism();
      out.push('', `| CPU ms a PLACE_ORDER | conns | API (of which in the kernel) | PostgreSQL | card sandbox | load generator | total | orders/s the ${cores} cores allow | mean latency that rate allows at these connections (ms) |`, '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
      for (const row of orders) {
        const c = row.cpuMsPerOrder;
        // Closed loop: each connection waits for its answer, so the mean latency is connections / rate (Little's law).
        const ceiling = (cores * 1000) / c.total;
        out.push(`| measured | ${row.connections} | ${fmt(c.api, 2)} (${fmt(c.apiSystem, 2)}) | ${fmt(c.postgres, 2)} | ${fmt(c.cardSandbox, 2)} | ${fmt(c.loadGenerator, 2)} | ${fmt(c.total, 2)} | ${fmt(ceiling)} | mean ≥ ${fmt((row.connections / ceiling) * 1000)} |`);
      }
      const floors = orders.filter((row) => row.gatewayFloor);
      if (floors.length) {
        out.push('', "| the card gateway's calls alone (nonce look-up and sale, braintree SDK, same set-up as the API) | in flight | orders/s | SDK CPU ms an order | card sandbox CPU ms an order |", '|---|---:|---:|---:|---:|');
        for (const row of floors) out.push(`| tools/bench/gateway-floor.cjs | ${row.gatewayFloor.connections} | ${fmt(row.gatewayFloor.ordersPerSecond)} | ${fmt(row.gatewayFloor.sdkCpuMsPerOrder, 2)} | ${fmt(row.gatewayFloor.sandboxCpuMsPerOrder, 2)} |`);
      }
    }
    if (run.mixed) {
      const m = run.mixed;
      out.push('', `Mixed load, ${m.seconds} s at ${m.connections} connections (${m.connections - m.vus} of reads and writes, ${m.vus} virtual users checking out): API RSS peak ${fmt(m.rssPeakMb)} MB; requests ${fmt(m.mixed.rps)}/s, p95 ${fmt(m.mixed.p95, 1)} ms, ${m.mixed.errors} errors; checkouts ${fmt(m.checkouts.rps, 1)}/s, ${m.checkouts.errors} errors`);
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
      const needsStack = ['ceilings', 'app', 'checkout', 'mixed', 'web'].some((part) => ONLY.has(part));
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
        if (ONLY.has('app')) {
          const peers = { plain: await startPeer(nodeBin, stack), edge: await startPeer(nodeBin, stack, { edge: true }) };
          try {
            run.rows.push(...(await appScenarios(stack, peers, client, sampler)));
          } finally {
            for (const peer of Object.values(peers)) peer.stop();
          }
        }
        if (ONLY.has('checkout')) run.rows.push(...(await checkoutScenarios(stack, client, sampler)));
        if (ONLY.has('mixed')) run.mixed = await mixedScenario(stack, client, sampler);
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
      run.verdicts = verdicts(run);
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
