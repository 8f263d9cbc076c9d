#!/usr/bin/env node
// The store as a deployment with two API instances runs it, for the end-to-end tests (Playwright's
// 'two-instances' project): one throwaway PostgreSQL, two processes of the same built API on it with
// the same secrets, and Debian's nginx in front balancing over them. The payment sandboxes are the
// main test store's (their ports given), so both instances and the browser reach the same ones.
//   --port N              nginx's port (the tests' baseURL)
//   --control-port N      a small HTTP interface for the tests: GET /instances, POST
//                         /instances/<a|b>/stop (SIGTERM, answers once it has exited) and /start,
//                         GET /instances/access-log (nginx's) and GET /orders (the database's rows)
//   --sandbox-port N      the card gateway sandbox already running
//   --dr-sandbox-port N   the Digital River sandbox already running
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { API_NODE_OPTIONS } from '../lib/api-runtime.mjs';
import { ROOT, run } from '../lib/build.mjs';
import { freePort, startEmbeddedPostgres } from '../lib/embedded-db.mjs';
import { startMailCatcher } from '../lib/mail-catcher.mjs';
import { startNginx } from '../lib/nginx.mjs';
import { cardSandboxStoreEnv, digitalRiverSandboxStoreEnv } from '../lib/sandbox-account.mjs';

const { values: flags } = parseArgs({
  options: {
    port: { type: 'string' },
    'control-port': { type: 'string' },
    'sandbox-port': { type: 'string' },
    'dr-sandbox-port': { type: 'string' },
  },
});
for (const flag of ['port', 'control-port', 'sandbox-port', 'dr-sandbox-port']) {
  if (!flags[flag]) throw new Error(`--${flag} is required`);
}
const port = Number(flags.port);

// The main test store's card sandbox runs with its default account (playwright.config.ts unsets
// the BRAINTREE_SANDBOX_* overrides), so these instances are handed the same keys.
const { DEFAULT_CONFIG } = createRequire(import.meta.url)(join(ROOT, 'apps/payment-sandbox/dist/context.js'));
const drUrl = `http://127.0.0.1:${flags['dr-sandbox-port']}`;
/** This store's first order is AFS-50000001. */
const FIRST_ORDER_NUMBER = 50_000_001;

let database = null;
let databaseUrl = null;
let mail = null;
let balancer = null;
let control = null;
let stopping = false;
/** The two instances: their port stays the same across restarts, so nginx's upstreams do too. */
const instances = new Map();

async function main() {
  database = await startEmbeddedPostgres({});
  databaseUrl = await database.ensureDatabase('store');
  mail = await startMailCatcher({});
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: mail.smtpUrl,
    PUBLIC_URL: `http://localhost:${port}`,
    COOKIE_SECURE: 'false',
    NODE_ENV: 'production',
    // Behind one proxy: the client's address and scheme come from X-Forwarded-*.
    TRUST_PROXY: 'true',
    // Secrets that must be the same on every instance (a device cookie signed by one is read by the other).
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...cardSandboxStoreEnv(`http://127.0.0.1:${flags['sandbox-port']}`, DEFAULT_CONFIG, {}),
    ...digitalRiverSandboxStoreEnv(drUrl),
  };
  await run(process.execPath, ['apps/api/dist/cli.js', 'migrate'], { env: { ...env, SEED_DEMO_CATALOGUE: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] });
  // The sandboxes are shared with the main test store, whose order numbers start at 1 too; the tests
  // find a sale at the sandbox by its order number, so this store's numbers start far from those.
  await withDatabase((client) => client.query(`ALTER SEQUENCE order_numbers RESTART WITH ${FIRST_ORDER_NUMBER}`));

  for (const name of ['a', 'b']) instances.set(name, { name, port: await freePort(), metricsPort: await freePort(), env, child: null });
  await Promise.all([...instances.values()].map(startInstance));
  balancer = await startNginx({ port, upstreams: [...instances.values()].map((instance) => `127.0.0.1:${instance.port}`) });
  control = await startControl(Number(flags['control-port']));
  process.stdout.write(`Two instances behind nginx at http://127.0.0.1:${port}/ (a: ${instances.get('a').port}, b: ${instances.get('b').port})\n`);
}

function startInstance(instance) {
  const child = fork(join(ROOT, 'apps/api/dist/main.js'), [], {
    cwd: ROOT,
    execArgv: API_NODE_OPTIONS,
    // Each instance's metrics on a port of its own, scraped directly as Prometheus would.
    env: { ...instance.env, PORT: String(instance.port), METRICS_PORT: String(instance.metricsPort), METRICS_HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  instance.child = child;
  instance.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    child.on('message', (message) => message?.type === 'listening' && resolve());
    child.once('exit', () => reject(new Error(`API instance ${instance.name} exited before it was ready`)));
  });
}

const running = (child) => child !== null && child.exitCode === null && child.signalCode === null;

/** Stops an instance as an orchestrator does in a rolling restart (SIGTERM), and says how it ended. */
async function stopInstance(instance) {
  if (!running(instance.child)) return { code: instance.child?.exitCode ?? null, signal: null, ms: 0 };
  const started = Date.now();
  instance.child.kill('SIGTERM');
  const ended = await instance.exited;
  return { ...ended, ms: Date.now() - started };
}

function startControl(controlPort) {
  const server = createServer((request, response) => {
    const answer = (status, body) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const describe = (instance) => ({ name: instance.name, port: instance.port, upstream: `127.0.0.1:${instance.port}`, metrics: `http://127.0.0.1:${instance.metricsPort}/metrics`, running: running(instance.child) });
    const [, collection, name, action] = (request.url ?? '').split('/');
    if (collection === 'orders' && request.method === 'GET') {
      return void ordersInDatabase().then(
        (orders) => answer(200, orders),
        (error) => answer(500, { error: error.message }),
      );
    }
    if (collection !== 'instances') return answer(404, { error: 'unknown path' });
    if (!name && request.method === 'GET') return answer(200, [...instances.values()].map(describe));
    if (name === 'access-log' && request.method === 'GET') return answer(200, { log: balancer.accessLog() });
    const instance = instances.get(name);
    if (!instance || request.method !== 'POST') return answer(404, { error: 'unknown instance or action' });
    if (action === 'stop') return void stopInstance(instance).then((ended) => answer(200, { ...describe(instance), ...ended }));
    if (action === 'start') {
      if (running(instance.child)) return answer(409, { error: 'already running' });
      return void startInstance(instance).then(
        () => answer(200, describe(instance)),
        (error) => answer(500, { error: error.message }),
      );
    }
    return answer(404, { error: 'unknown action' });
  });
  return new Promise((resolve) => server.listen(controlPort, '127.0.0.1', () => resolve(server)));
}

async function withDatabase(work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every order in the shared database: what both instances placed, seen from outside either. */
async function ordersInDatabase() {
  return (await withDatabase((client) => client.query('SELECT number, basket_reference, status FROM orders ORDER BY number'))).rows;
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  control?.close();
  await balancer?.stop().catch(() => undefined);
  await Promise.all([...instances.values()].map(async (instance) => {
    if (!running(instance.child)) return;
    const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
    await stopInstance(instance);
    clearTimeout(timer);
  }));
  await mail?.stop().catch(() => undefined);
  await database?.stop().catch(() => undefined);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

main().catch((error) => {
  process.stderr.write(`The two-instance store could not start: ${error.message}\n`);
  void stopAll(1);
});
