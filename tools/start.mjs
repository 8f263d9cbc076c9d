#!/usr/bin/env node
// `npm start`: builds, starts PostgreSQL (embedded unless DATABASE_URL is set), migrates, seeds the
// demo catalogue, starts the API serving the web app, and prints one address. An API that dies is
// started again (tools/lib/supervise.mjs); Ctrl-C stops it all.
//   --dev        web app from Vite's dev server (hot reload), proxying data calls to the API
//   --ephemeral  a throwaway database, removed on exit (used by the end-to-end tests)
//   --no-build   use what is already built
//   --port N     listen on N (default: PORT or 3000)
//   --mail-port N  the local mail catcher's HTTP port (messages listed at /messages)
//   --sandbox-port N  the card gateway sandbox's port (default: any free port)
//   --dr-sandbox-port N  the Digital River sandbox's port (default: any free port)
//   --staff-file F  writes demo back-office staff (support, finance, admin: emails, passwords,
//                   authenticator secrets) to F; the end-to-end tests sign in with them. Without it,
//                   a demo store (not --ephemeral) makes one administrator on its first start and
//                   keeps their sign-in in .data/demo-staff.json.
// Without BRAINTREE_ENVIRONMENT, card payments go to the project's local Braintree sandbox, started
// here; `npm run browser` opens Chromium with the provider's hostnames mapped to it. Its account
// (merchant id, keys, merchant accounts) is set by BRAINTREE_SANDBOX_MERCHANT_ID, _PUBLIC_KEY,
// _PRIVATE_KEY, _MERCHANT_ACCOUNTS (`id=CUR,id=CUR`) and _DEFAULT_MERCHANT_ACCOUNT, else kept from
// the last run's state file, else the defaults; the store is handed the same keys.
// Without DIGITAL_RIVER_SECRET_KEY, merchant-of-record payments go to the project's local Digital
// River sandbox, started here (plain http: the page loads its DigitalRiver.js stand-in from it).
// Without SMTP_URL, mail goes to a local SMTP server (the mail catcher) that keeps it in memory.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { API_NODE_OPTIONS } from './lib/api-runtime.mjs';
import { buildAll, ROOT, run } from './lib/build.mjs';
import { freePort, startEmbeddedPostgres } from './lib/embedded-db.mjs';
import { startMailCatcher } from './lib/mail-catcher.mjs';
import { cardSandboxStoreEnv, digitalRiverSandboxStoreEnv } from './lib/sandbox-account.mjs';
import { supervise } from './lib/supervise.mjs';

const { values: flags } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    ephemeral: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string' },
    'mail-port': { type: 'string' },
    'sandbox-port': { type: 'string' },
    'dr-sandbox-port': { type: 'string' },
    'staff-file': { type: 'string' },
  },
});
const port = Number(flags.port ?? process.env.PORT ?? 3000);
const dataDir = join(ROOT, '.data');
const say = (line) => process.stdout.write(`${line}\n`);

let database = null;
let mail = null;
let sandbox = null;
let drSandbox = null;
let supervisor = null;
let vite = null;
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  if (vite) await vite.close().catch(() => undefined);
  const api = supervisor?.stop();
  if (api && api.exitCode === null && api.signalCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (api.exitCode === null && api.signalCode === null) api.kill('SIGKILL');
  }
  if (mail) await mail.stop().catch(() => undefined);
  for (const child of [sandbox, drSandbox]) if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  if (database) await database.stop();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stopAll(0));

async function main() {
  if (!flags['no-build']) {
    say('Building…');
    await buildAll({ web: !flags.dev });
  }

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    database = await startEmbeddedPostgres(flags.ephemeral ? {} : { dataDir: join(dataDir, 'postgres') });
    databaseUrl = await database.ensureDatabase('store');
  }
  let smtpUrl = process.env.SMTP_URL;
  if (!smtpUrl) {
    mail = await startMailCatcher({ httpPort: flags['mail-port'] ? Number(flags['mail-port']) : undefined });
    smtpUrl = mail.smtpUrl;
  }
  const sandboxEnv = process.env.BRAINTREE_ENVIRONMENT ? {} : await startCardSandbox();
  const drSandboxEnv = process.env.DIGITAL_RIVER_SECRET_KEY ? {} : await startDigitalRiverSandbox();
  const env = {
    ...process.env,
    ...sandboxEnv,
    ...drSandboxEnv,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    // A local run is plain http: Secure cookies would not be kept by every browser.
    COOKIE_SECURE: process.env.COOKIE_SECURE ?? 'false',
    NODE_ENV: process.env.NODE_ENV ?? 'production',
  };

  // The demo store seeds its catalogue, asked for by name as production mode requires
  // (apps/api/src/cli/migrate-command.ts); SEED_DEMO_CATALOGUE=false starts an empty store.
  await run(process.execPath, ['apps/api/dist/cli.js', 'migrate'], {
    env: { ...env, SEED_DEMO_CATALOGUE: process.env.SEED_DEMO_CATALOGUE ?? 'true' },
    stdio: ['ignore', flags.ephemeral ? 'ignore' : 'inherit', 'inherit'],
  });

  // The end-to-end tests need their staff; a demo store without its administrator still runs.
  const staff = await demoStaff(env).catch((error) => {
    if (flags['staff-file']) throw error;
    say(`(No demo administrator was made: ${error.message.trim()})`);
    return null;
  });

  const apiPort = flags.dev ? await freePort() : port;
  let logTo = 'ignore';
  if (!flags.ephemeral) {
    mkdirSync(join(dataDir, 'logs'), { recursive: true });
    logTo = createWriteStream(join(dataDir, 'logs', 'api.log'), { flags: 'a' });
    await new Promise((resolve) => logTo.once('open', resolve));
  }
  // Supervised: an API that dies is started again (with a growing pause, and said so) while
  // PostgreSQL, the mail catcher and the sandboxes keep running.
  supervisor = supervise({
    name: 'The API',
    say: (line) => process.stderr.write(`${line}\n`),
    launch: () => {
      const child = fork(join(ROOT, 'apps/api/dist/main.js'), [], {
        cwd: ROOT,
        execArgv: API_NODE_OPTIONS,
        env: { ...env, PORT: String(apiPort), HOST: process.env.HOST ?? '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
        stdio: ['ignore', logTo === 'ignore' ? 'ignore' : 'pipe', 'inherit', 'ipc'],
      });
      // Each run's lines go to the same log, which stays open across restarts.
      if (logTo !== 'ignore') child.stdout.pipe(logTo, { end: false });
      const ready = new Promise((resolve, reject) => {
        child.on('message', (message) => message?.type === 'listening' && resolve(message.port));
        child.once('exit', () => reject(new Error('The API exited before it was ready')));
      });
      return { child, ready };
    },
  });
  const listening = await supervisor.ready;

  let url = `http://localhost:${listening}/en-gb/`;
  if (flags.dev) {
    const { createServer } = await import('vite');
    process.env.API_PROXY_TARGET = `http://127.0.0.1:${listening}`;
    vite = await createServer({ configFile: join(ROOT, 'apps/web/vite.config.ts'), server: { port, strictPort: true } });
    await vite.listen();
    url = `http://localhost:${port}/en-gb/`;
  }
  say(`Store running at ${url}`);
  if (!flags.ephemeral) say(`(API logs: ${join('.data', 'logs', 'api.log')}; Ctrl-C stops everything)`);
  if (mail && !flags.ephemeral) say(`(Mail is caught locally, not sent: ${mail.httpUrl}/messages)`);
  if (sandbox && !flags.ephemeral) say(`(Card payments go to the local Braintree sandbox; to pay in a browser run: npm run browser)`);
  if (drSandbox && !flags.ephemeral) say(`(Merchant-of-record payments go to the local Digital River sandbox at ${drSandboxEnv.DIGITAL_RIVER_API_URL})`);
  if (staff && !flags.ephemeral) say(`(Back office: ${url.replace(/\/en-gb\/$/, '/admin/')}; the demo administrator's sign-in is in ${staff})`);
}

/**
 * Demo staff for the back office, made with the CLI's create-operator: the three roles for the
 * end-to-end tests (--staff-file), or one administrator for a demo store's first start. Their
 * passwords and authenticator secrets are written to a file only this machine reads.
 */
async function demoStaff(env) {
  const demo = (env.SEED_DEMO_CATALOGUE ?? 'true') === 'true';
  const file = flags['staff-file'] ?? (!flags.ephemeral && demo ? join(dataDir, 'demo-staff.json') : null);
  if (!file) return null;
  if (!flags['staff-file'] && existsSync(file)) return file;
  const roles = flags['staff-file'] ? ['support', 'finance', 'admin'] : ['admin'];
  const accounts = [];
  for (const role of roles) {
    const password = randomBytes(18).toString('base64url');
    const output = [];
    await new Promise((resolve, reject) => {
      const child = fork(join(ROOT, 'apps/api/dist/cli.js'), ['create-operator', '--email', `${role}@staff.example.com`, '--first-name', 'Demo', '--last-name', role[0].toUpperCase() + role.slice(1), '--role', role, '--json'], {
        cwd: ROOT,
        env: { ...env, OPERATOR_PASSWORD: password },
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      });
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`create-operator ${role} exited with ${code}: ${Buffer.concat(output).toString()}`))));
    });
    const created = JSON.parse(Buffer.concat(output).toString().trim().split('\n').pop());
    accounts.push({ role, email: created.email, password, totp_secret: created.totp_secret, badge_number: created.badge_number });
  }
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
  return file;
}

/**
 * Forks the payment sandbox's CLI (handing the child over at once, so a stop can end it) and waits
 * until it listens; if it stops while the store runs, everything stops.
 */
async function forkSandbox(name, args, started) {
  const child = fork(join(ROOT, 'apps/payment-sandbox/dist/cli.js'), args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  started(child);
  const ready = await new Promise((resolve, reject) => {
    child.on('message', (message) => message?.type === 'listening' && resolve(message));
    child.once('exit', () => reject(new Error(`${name} exited before it was ready`)));
  });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} stopped (${signal ?? `exit ${code}`}).\n`);
      void stopAll(1);
    }
  });
  return ready;
}

/**
 * The local Braintree sandbox (apps/payment-sandbox): the real SDKs talk to it. Its state is kept
 * in .data/ between runs (not for --ephemeral); its https port serves the browser under the
 * provider's hostnames, with a certificate made at start that `npm run browser` trusts.
 */
async function startCardSandbox() {
  // The sandbox posts its signed webhooks to the store's endpoint (retried until the store takes them).
  const args = ['--port', flags['sandbox-port'] ?? '0', '--tls-port', '0', '--webhook-url', `http://127.0.0.1:${port}/webhooks/braintree/`];
  if (!flags.ephemeral) args.push('--state-file', join(dataDir, 'payment-sandbox', 'braintree.json'));
  const ready = await forkSandbox('The card gateway sandbox', args, (child) => (sandbox = child));
  if (!flags.ephemeral) {
    mkdirSync(join(dataDir, 'payment-sandbox'), { recursive: true });
    writeFileSync(join(dataDir, 'payment-sandbox', 'browser.json'), JSON.stringify({ tlsPort: ready.tlsPort, spki: ready.spki, storeUrl: `http://localhost:${port}/en-gb/` }));
  }
  // The store gets the keys and merchant accounts the sandbox says it started with (its flags,
  // BRAINTREE_SANDBOX_* variables, state file or defaults): one account, set in one place. The
  // sandbox stands in for PayPal, Apple Pay, Google Pay and the other methods too.
  return cardSandboxStoreEnv(`http://127.0.0.1:${ready.port}`, ready.account);
}

/**
 * The local Digital River sandbox (apps/payment-sandbox --provider digital-river): the API's
 * merchant-of-record adapter talks to it, and the page loads its DigitalRiver.js stand-in from it.
 * Its state is kept in .data/ between runs (not for --ephemeral).
 */
async function startDigitalRiverSandbox() {
  const args = ['--provider', 'digital-river', '--port', flags['dr-sandbox-port'] ?? '0'];
  if (!flags.ephemeral) {
    mkdirSync(join(dataDir, 'payment-sandbox'), { recursive: true });
    args.push('--state-file', join(dataDir, 'payment-sandbox', 'digital-river.json'));
  }
  const ready = await forkSandbox('The Digital River sandbox', args, (child) => (drSandbox = child));
  return digitalRiverSandboxStoreEnv(`http://127.0.0.1:${ready.port}`);
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  void stopAll(1);
});
