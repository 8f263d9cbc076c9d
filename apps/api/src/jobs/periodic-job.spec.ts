import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createDataSource } from '@store/infrastructure';
import { createTestDatabase, type TestDatabase } from '@store/infrastructure/testing';
import { spawn } from 'node:child_process';
import { DataSource } from 'typeorm';
import { until } from '../testing/until';
import { JOB_LOCK_KEY } from './advisory-lock';
import { PeriodicJob } from './periodic-job';

// Two API instances on one database each run the same jobs on their own timers: a run takes an
// advisory lock named for the job, so the work is done by one instance at a time, and a holder that
// dies (its connection gone) frees the lock for the others.
const JOB = 'LockProbe';

/** Work that waits until the test lets it finish, counting how often it started. */
class Gate {
  started = 0;
  private open!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  async pass(): Promise<void> {
    this.started += 1;
    await this.opened;
  }
  release(): void {
    this.open();
  }
}

let db: TestDatabase;
const instances: DataSource[] = [];

/** A job as an instance of the API makes it: built by Nest, with that instance's own connection pool. */
async function jobOnAnInstance(gate: Gate): Promise<PeriodicJob> {
  const dataSource = createDataSource(db.url);
  await dataSource.initialize();
  instances.push(dataSource);
  @Injectable()
  class LockProbeJob extends PeriodicJob {
    constructor() {
      super(JOB, 60_000, 'The probe failed');
    }
    protected work(): Promise<void> {
      return gate.pass();
    }
  }
  const module = await Test.createTestingModule({ providers: [{ provide: DataSource, useValue: dataSource }, LockProbeJob] }).compile();
  return module.get(LockProbeJob);
}

const lockHeld = async () =>
  ((await db.dataSource.query(`SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND granted`)) as { held: number }[])[0].held > 0;

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
}, 60_000);
afterAll(async () => {
  for (const instance of instances) if (instance.isInitialized) await instance.destroy();
  await db?.drop();
});

describe('a periodic job on two instances sharing one database', () => {
  it('runs the work once when both instances start a run at the same time, and frees the lock after', async () => {
    const gate = new Gate();
    const [first, second] = [await jobOnAnInstance(gate), await jobOnAnInstance(gate)];

    const runs = [first.runOnce(), second.runOnce()];
    // One of them holds the lock and waits in its work; the other has looked, found it taken and stopped.
    await until('one run to be in its work', async () => gate.started === 1);
    await Promise.race([runs[0], runs[1]]);
    expect(await lockHeld()).toBe(true);
    gate.release();
    await Promise.all(runs);
    expect(gate.started).toBe(1);
    expect(await lockHeld()).toBe(false);

    // With the lock given back, the next run (on either instance) does the work.
    await second.runOnce();
    expect(gate.started).toBe(2);
  });

  it('runs the work on another instance once the instance holding the lock has died', async () => {
    // A separate process takes the job's lock the way a run does, and is killed without letting go.
    const holder = spawn(
      process.execPath,
      ['-e', [
        `const { Client } = require(${JSON.stringify(require.resolve('pg'))});`,
        `(async () => {`,
        `  const client = new Client({ connectionString: ${JSON.stringify(db.url)} });`,
        `  await client.connect();`,
        `  await client.query(${JSON.stringify(`SELECT pg_advisory_lock(${JOB_LOCK_KEY})`)}, [${JSON.stringify(JOB)}]);`,
        `  process.send('locked');`,
        `})();`,
      ].join('\n')],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.once('message', () => resolve());
        holder.once('exit', (code) => reject(new Error(`The lock holder exited (${code}) before taking the lock`)));
      });
      const gate = new Gate();
      gate.release();
      const job = await jobOnAnInstance(gate);
      await job.runOnce();
      expect(gate.started).toBe(0);

      holder.kill('SIGKILL');
      // PostgreSQL ends the dead process's session, and with it the lock.
      await until('the dead holder’s lock to be freed', async () => !(await lockHeld()));
      await job.runOnce();
      expect(gate.started).toBe(1);
    } finally {
      if (holder.exitCode === null && holder.signalCode === null) holder.kill('SIGKILL');
    }
  });
});
