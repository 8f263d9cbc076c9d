import type { DataSource } from 'typeorm';

/**
 * The PostgreSQL advisory lock key for a job's name. Ours: a 64-bit hash of the name (PostgreSQL's
 * own hashtextextended), prefixed so no other advisory lock in the database can share it by chance.
 */
export const JOB_LOCK_KEY = "hashtextextended('store-job:' || $1, 0)";

/**
 * Runs `work` only if no other process holds the lock named `name`; returns whether it ran. The lock
 * is a session lock taken on a connection held for the whole run: PostgreSQL frees it when that
 * connection ends, so an instance that crashes mid-run never leaves it taken.
 */
export async function runAlone(dataSource: DataSource, name: string, work: () => Promise<void>): Promise<boolean> {
  const runner = dataSource.createQueryRunner();
  try {
    const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock(${JOB_LOCK_KEY}) AS locked`, [name])) as { locked: boolean }[];
    if (!locked) return false;
    try {
      await work();
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(${JOB_LOCK_KEY})`, [name]).catch(async () => {
        // A connection the lock could not be given back on must not return to the pool still
        // holding it: closing the connection is what frees the lock (the pool drops a closed client).
        const client = (await runner.connect()) as { end(): Promise<void> };
        await client.end().catch(() => undefined);
      });
    }
    return true;
  } finally {
    await runner.release();
  }
}
