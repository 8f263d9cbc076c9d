import { createTestDatabase, type TestDatabase } from '@store/infrastructure/testing';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { migrateCommand } from './migrate-command';

// The production-like run (Dockerfile, docker-compose.yml) must not seed the demo catalogue, whose
// discount codes include a 100% one with no use limit, unless the operator asks for it by name.
const ROOT = join(__dirname, '../../../..');

type Env = Record<string, string | undefined>;

/** Compose's variable interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?err}, ${VAR?err}. */
function interpolate(text: string, host: Env): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name, colon, op, arg, bare) => {
    if (whole === '$$') return '$';
    if (bare) return host[bare] ?? '';
    const value = host[name];
    const missing = colon ? value === undefined || value === '' : value === undefined;
    if (!op) return value ?? '';
    if (op === '-') return missing ? interpolate(arg, host) : (value as string);
    if (missing) throw new Error(`compose refuses to start: ${name} ${arg}`);
    return value as string;
  });
}

const composeFile = () => parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));

/** A service's environment as `docker compose up` gives it, for the host's variables. */
function composeEnvironment(host: Env, service = 'migrate'): Env {
  const declared = composeFile().services[service].environment ?? {};
  const entries: [string, string][] = Array.isArray(declared)
    ? declared.map((line: string) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(declared).map(([key, value]) => [key, String(value ?? '')]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value, host)]));
}

/** The runtime stage of the Dockerfile: its ENV settings and its CMD. */
function runtimeImage(): { env: Env; cmd: string[] } {
  const lines = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ').split('\n');
  const stage = lines.slice(lines.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true));
  const env: Env = {};
  for (const line of stage.filter((l) => /^ENV\s/i.test(l))) {
    for (const [, key, value] of line.replace(/^ENV\s+/i, '').matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) env[key] = value.replace(/^"|"$/g, '');
  }
  const cmd = stage.filter((line) => /^CMD\s/i.test(line)).pop();
  if (!cmd) throw new Error('the runtime stage has no CMD');
  return { env, cmd: JSON.parse(cmd.replace(/^CMD\s+/i, '')) };
}

/** The arguments compose's `migrate` service gives the migration command (its command replaces the image's CMD). */
function composeMigrationArguments(): string[] {
  const command: string[] = composeFile().services.migrate.command;
  expect(command.slice(0, 2)).toEqual(['node', 'apps/api/dist/cli.js']);
  return command.slice(2);
}

/**
 * Runs the image's CMD with `node` replaced by a stand-in that records its arguments, and returns the
 * arguments of the migration command it would run.
 */
function cliArgumentsOf(env: Env): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'store-cmd-'));
  try {
    const record = join(dir, 'calls');
    writeFileSync(join(dir, 'node'), `#!/bin/sh\nprintf '%s\\037' "$@" >> "${record}"\nprintf '\\n' >> "${record}"\n`);
    chmodSync(join(dir, 'node'), 0o755);
    writeFileSync(record, '');
    const { cmd } = runtimeImage();
    const run = spawnSync(cmd[0], cmd.slice(1), { env: { ...env, PATH: `${dir}:/usr/bin:/bin` } as NodeJS.ProcessEnv, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const calls = readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\u001f').filter((arg) => arg !== ''));
    const migration = calls.find((args) => args.includes('apps/api/dist/cli.js'));
    if (!migration) throw new Error(`the CMD runs no migration: ${JSON.stringify(calls)}`);
    return migration.slice(migration.indexOf('apps/api/dist/cli.js') + 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let db: TestDatabase;
beforeEach(async () => {
  db = await createTestDatabase({ seed: false });
});
afterEach(() => db?.drop());

const demoRows = async () => {
  const [row] = await db.dataSource.query(
    `SELECT (SELECT count(*) FROM product_suites)::int AS suites, (SELECT count(*) FROM discount_codes)::int AS codes,
            (SELECT count(*) FROM discount_codes WHERE code = 'ONTHEHOUSE')::int AS free`,
  );
  return row as { suites: number; codes: number; free: number };
};
const nothingSeeded = { suites: 0, codes: 0, free: 0 };
const silent = () => undefined;

describe('the production-like run', () => {
  it('seeds nothing with docker compose up and no settings but its two secrets', async () => {
    // The database password, and the device cookie secret every instance must share.
    const host = { POSTGRES_PASSWORD: 'change-me', DEVICE_COOKIE_SECRET: 'x'.repeat(48) };
    expect(composeEnvironment(host, 'store')).toMatchObject({ DEVICE_COOKIE_SECRET: host.DEVICE_COOKIE_SECRET });
    const env = { ...runtimeImage().env, ...composeEnvironment(host) };
    expect(env.NODE_ENV).toBe('production');
    const args = composeMigrationArguments();
    await migrateCommand(args, { ...env, DATABASE_URL: db.url }, silent);
    expect(await demoRows()).toEqual(nothingSeeded);
  });

  it('seeds nothing when the image runs on its own (docker run) with only a database address', async () => {
    const env = { ...runtimeImage().env, DATABASE_URL: 'postgres://store:x@db:5432/store' };
    const args = cliArgumentsOf(env);
    await migrateCommand(args, { ...env, DATABASE_URL: db.url }, silent);
    expect(await demoRows()).toEqual(nothingSeeded);
  });

  it('seeds the demo catalogue only when SEED_DEMO_CATALOGUE=true is set on purpose', async () => {
    const env = { ...runtimeImage().env, ...composeEnvironment({ POSTGRES_PASSWORD: 'change-me', SEED_DEMO_CATALOGUE: 'true' }) };
    const args = composeMigrationArguments();
    await migrateCommand(args, { ...env, DATABASE_URL: db.url }, silent);
    expect(await demoRows()).toMatchObject({ free: 1 });
  });
});

describe('the migration command', () => {
  it('refuses to seed the demo catalogue in production unless SEED_DEMO_CATALOGUE=true, writing none of it', async () => {
    for (const setting of [undefined, '', 'false']) {
      await expect(migrateCommand(['migrate', '--seed'], { NODE_ENV: 'production', DATABASE_URL: db.url, SEED_DEMO_CATALOGUE: setting }, silent)).rejects.toThrow(
        /SEED_DEMO_CATALOGUE=true/,
      );
    }
    await migrateCommand(['migrate'], { NODE_ENV: 'production', DATABASE_URL: db.url }, silent);
    expect(await demoRows()).toEqual(nothingSeeded);
  });

  it('refuses a SEED_DEMO_CATALOGUE that is neither true nor false, naming it', async () => {
    await expect(migrateCommand(['migrate'], { DATABASE_URL: db.url, SEED_DEMO_CATALOGUE: 'yes' }, silent)).rejects.toThrow(/SEED_DEMO_CATALOGUE/);
    expect(await demoRows()).toEqual(nothingSeeded);
  });

  it('seeds the demo catalogue with --seed outside production, and in production when SEED_DEMO_CATALOGUE=true', async () => {
    await migrateCommand(['migrate', '--seed'], { NODE_ENV: 'development', DATABASE_URL: db.url }, silent);
    expect(await demoRows()).toMatchObject({ free: 1 });
    await migrateCommand(['migrate', '--seed'], { NODE_ENV: 'production', DATABASE_URL: db.url, SEED_DEMO_CATALOGUE: 'true' }, silent);
    expect(await demoRows()).toMatchObject({ free: 1 });
  });
});
