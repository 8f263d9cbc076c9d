#!/usr/bin/env node
// `npm start`: builds, starts PostgreSQL (embedded unless DATABASE_URL is set), migrates, seeds the
// demo catalogue, starts the API serving the web app, and prints one address. Ctrl-C stops it all.
//   --dev        web app from Vite's dev server (hot reload), proxying data calls to the API
//   --ephemeral  a throwaway database, removed on exit (used by the end-to-end tests)
//   --no-build   use what is already built
//   --port N     listen on N (default: PORT or 3000)
//   --mail-port N  the local mail catcher's HTTP port (messages listed at /messages)
// Without SMTP_URL, mail goes to a local SMTP server (the mail catcher) that keeps it in memory.
import { fork } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildAll, ROOT, run } from './lib/build.mjs';
import { freePort, startEmbeddedPostgres } from './lib/embedded-db.mjs';
import { startMailCatcher } from './lib/mail-catcher.mjs';

const { values: flags } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    ephemeral: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string' },
    'mail-port': { type: 'string' },
  },
});
const port = Number(flags.port ?? process.env.PORT ?? 3000);
const dataDir = join(ROOT, '.data');
const say = (line) => process.stdout.write(`${line}\n`);

let database = null;
let mail = null;
let api = null;
let vite = null;
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  if (vite) await vite.close().catch(() => undefined);
  if (api && api.exitCode === null && api.signalCode === null) {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (api.exitCode === null && api.signalCode === null) api.kill('SIGKILL');
  }
  if (mail) await mail.stop().catch(() => undefined);
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
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    // A local run is plain http: Secure cookies would not be kept by every browser.
    COOKIE_SECURE: process.env.COOKIE_SECURE ?? 'false',
    NODE_ENV: process.env.NODE_ENV ?? 'production',
  };

  await run(process.execPath, ['apps/api/dist/cli.js', 'migrate', '--seed'], {
    env,
    stdio: ['ignore', flags.ephemeral ? 'ignore' : 'inherit', 'inherit'],
  });

  const apiPort = flags.dev ? await freePort() : port;
  let logTo = 'ignore';
  if (!flags.ephemeral) {
    mkdirSync(join(dataDir, 'logs'), { recursive: true });
    logTo = createWriteStream(join(dataDir, 'logs', 'api.log'), { flags: 'a' });
    await new Promise((resolve) => logTo.once('open', resolve));
  }
  api = fork(join(ROOT, 'apps/api/dist/main.js'), [], {
    cwd: ROOT,
    env: { ...env, PORT: String(apiPort), HOST: process.env.HOST ?? '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', logTo === 'ignore' ? 'ignore' : 'pipe', 'inherit', 'ipc'],
  });
  if (logTo !== 'ignore') api.stdout.pipe(logTo);
  api.once('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`The API stopped (${signal ?? `exit ${code}`}).\n`);
      void stopAll(1);
    }
  });
  const listening = await new Promise((resolve, reject) => {
    api.on('message', (message) => message?.type === 'listening' && resolve(message.port));
    api.once('exit', () => reject(new Error('The API exited before it was ready')));
  });

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
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  void stopAll(1);
});
