import { createServer, connect, type Server, type Socket } from 'node:net';
import { Client, Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { databaseDeadlines } from './database-deadlines';

/**
 * A TCP relay between the pool and Postgres that can stop passing bytes, as a hung server or a
 * network partition does, while the server itself keeps running.
 */
class Relay {
  private readonly pairs: [Socket, Socket][] = [];
  private held = false;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: URL): Promise<Relay> {
    const relay: { instance?: Relay } = {};
    const server = createServer((inbound) => {
      const outbound = connect(Number(target.port), target.hostname);
      relay.instance!.pairs.push([inbound, outbound]);
      inbound.pipe(outbound);
      outbound.pipe(inbound);
      // After pipe(), which starts the flow.
      if (relay.instance!.held) {
        inbound.pause();
        outbound.pause();
      }
      const close = () => {
        inbound.destroy();
        outbound.destroy();
      };
      inbound.on('close', close).on('error', close);
      outbound.on('close', close).on('error', close);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    relay.instance = new Relay(server, (server.address() as { port: number }).port);
    return relay.instance;
  }

  hold(): void {
    this.held = true;
    for (const socket of this.pairs.flat()) socket.pause();
  }

  release(): void {
    this.held = false;
    for (const socket of this.pairs.flat()) socket.resume();
  }

  async close(): Promise<void> {
    for (const socket of this.pairs.flat()) socket.destroy();
    await new Promise((done) => this.server.close(done));
  }
}

let db: TestDatabase;
let relay: Relay;
let pool: Pool;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  await db.dataSource.query('CREATE TABLE deadline_probe (note text)');
  const url = new URL(db.url);
  relay = await Relay.start(url);
  const relayed = new URL(db.url);
  relayed.port = String(relay.port);
  pool = new Pool({ connectionString: relayed.toString(), max: 1, application_name: 'deadline-probe', ...databaseDeadlines(500) });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end().catch(() => undefined);
  await relay?.close();
  await db?.drop();
});

const visibleNotes = async () => (await db.dataSource.query('SELECT note FROM deadline_probe ORDER BY note')).map((row: { note: string }) => row.note);

describe('database deadlines', () => {
  it('gives up a statement the server does not answer, and the next borrower never lands inside the abandoned transaction', async () => {
    const first = await pool.connect();
    await first.query('BEGIN');
    await first.query(`INSERT INTO deadline_probe VALUES ('abandoned')`);
    relay.hold();
    const started = Date.now();
    await expect(first.query('SELECT 1')).rejects.toThrow('Query read timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
    first.release();
    relay.release();

    // The one pooled connection: if it were the old one, still inside its transaction once the server
    // answered again, this write would wait there for a COMMIT that never comes.
    const next = await pool.connect();
    try {
      await next.query(`INSERT INTO deadline_probe VALUES ('next borrower')`);
    } finally {
      next.release();
    }
    expect(await visibleNotes()).toEqual(['next borrower']);
    const idleInTransaction = await db.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'deadline-probe' AND state LIKE 'idle in transaction%'`,
    );
    expect(idleInTransaction).toEqual([{ n: 0 }]);
  });

  it('gives up waiting for a connection when the server does not answer the handshake', async () => {
    relay.hold();
    const fresh = new Pool({ connectionString: (pool as unknown as { options: { connectionString: string } }).options.connectionString, max: 1, ...databaseDeadlines(500) });
    try {
      await expect(fresh.query('SELECT 1')).rejects.toThrow(/timeout/i);
    } finally {
      relay.release();
      await fresh.end().catch(() => undefined);
    }
  });

  it('lets the server cancel a statement that runs too long, keeping the connection', async () => {
    const client = new Client({ connectionString: db.url, ...databaseDeadlines(500) });
    await client.connect();
    try {
      await expect(client.query('SELECT pg_sleep(3)')).rejects.toMatchObject({ code: '57014' });
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });
});
