// The database ceilings: pgbench (PostgreSQL's own load generator, /usr/bin/pgbench) against the
// same PostgreSQL server the API uses, in a database of its own ('bench') on that server:
//   - select-only: pgbench's built-in -S script (one primary-key read per transaction);
//   - checkout-like write: what PLACE_ORDER writes (tools/bench/checkout-write.sql), two small
//     transactions: reserve the order (order row from a sequence + its line), then complete it
//     (mark paid, a product key, close the basket, drop its payment state, queue the receipt mail).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { summarise } from './stats.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const WRITE_SCRIPT = join(HERE, '..', 'checkout-write.sql');
const PGBENCH = process.env.PGBENCH_PATH ?? '/usr/bin/pgbench';

const SCHEMA = `
  DROP TABLE IF EXISTS bench_outbox, bench_product_keys, bench_order_lines, bench_orders, bench_payment_states, bench_baskets;
  DROP SEQUENCE IF EXISTS bench_order_numbers;
  CREATE SEQUENCE bench_order_numbers START 1001;
  CREATE TABLE bench_baskets (reference uuid PRIMARY KEY, customer_id integer NOT NULL, ordered_at timestamptz);
  INSERT INTO bench_baskets (reference, customer_id) SELECT gen_random_uuid(), n FROM generate_series(1, 100000) AS n;
  CREATE UNIQUE INDEX bench_baskets_customer ON bench_baskets (customer_id);
  CREATE TABLE bench_payment_states (basket_customer integer PRIMARY KEY, gateway varchar(16) NOT NULL);
  CREATE TABLE bench_orders (
    number varchar(32) PRIMARY KEY, customer_id integer NOT NULL, basket_reference uuid NOT NULL,
    status varchar(16) NOT NULL, gateway varchar(16) NOT NULL, locale varchar(8) NOT NULL, currency varchar(3) NOT NULL,
    tax_inclusive boolean NOT NULL, net_minor integer NOT NULL, tax_minor integer NOT NULL, gross_minor integer NOT NULL,
    billing_address jsonb, transaction_id text, created_at timestamptz NOT NULL DEFAULT now(), paid_at timestamptz);
  CREATE INDEX bench_orders_customer ON bench_orders (customer_id, created_at DESC);
  CREATE TABLE bench_order_lines (
    order_number varchar(32) NOT NULL REFERENCES bench_orders(number), position integer NOT NULL,
    product_reference varchar(64) NOT NULL, product_name text NOT NULL, quantity integer NOT NULL,
    unit_price_minor integer NOT NULL, total_minor integer NOT NULL, PRIMARY KEY (order_number, position));
  CREATE TABLE bench_product_keys (key varchar(40) PRIMARY KEY, order_number varchar(32) NOT NULL, line_position integer NOT NULL,
    FOREIGN KEY (order_number, line_position) REFERENCES bench_order_lines(order_number, position));
  CREATE TABLE bench_outbox (id uuid PRIMARY KEY, recipient text NOT NULL, subject text NOT NULL, text_body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  ANALYZE;`;

function pgbench(args, env) {
  return new Promise((resolve, reject) => {
    execFile(PGBENCH, args, { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`pgbench ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout + stderr);
    });
  });
}

export async function pgbenchVersion() {
  return (await pgbench(['--version'], {})).trim();
}

/** Prepares the 'bench' database on the store's server: pgbench's tables at `scale`, and the write script's tables. */
export async function preparePgbench(database, { scale = 10 } = {}) {
  const url = await database.ensureDatabase('bench');
  const { hostname: host, port, username, password } = new URL(url);
  const env = { PGHOST: host, PGPORT: port, PGUSER: decodeURIComponent(username), PGPASSWORD: decodeURIComponent(password), PGDATABASE: 'bench' };
  await pgbench(['-i', '-q', '-s', String(scale)], env);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(SCHEMA);
    const { rows } = await client.query('SELECT version() AS version');
    return { env, serverVersion: rows[0].version.split(' on ')[0], scale };
  } finally {
    await client.end();
  }
}

/**
 * Runs pgbench for `seconds` at `clients` connections (2 threads: the machine's cores), the
 * simple query protocol; returns tps and per-transaction latency percentiles from its log.
 */
export async function runPgbench(prepared, { script, clients, seconds }) {
  const logDir = mkdtempSync(join(prepared.logRoot ?? '/tmp', 'pgbench-log-'));
  chmodSync(logDir, 0o700);
  const args = ['-n', '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(seconds), '-l', `--log-prefix=${join(logDir, 'tx')}`];
  if (script === 'select-only') args.push('-S');
  else args.push('-f', WRITE_SCRIPT);
  try {
    const output = await pgbench(args, prepared.env);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    const latenciesMs = [];
    for (const file of readdirSync(logDir)) {
      for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 6) latenciesMs.push(Number(fields[2]) / 1000);
      }
    }
    return { kind: 'pgbench', script, connections: clients, seconds, rps: tps, errors: failed, ...summarise(latenciesMs) };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
