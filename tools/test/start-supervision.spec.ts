import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

// `npm start` keeps the store up: an API that dies is started again, with a pause that grows while
// it keeps dying, and the terminal says so; PostgreSQL and the sandboxes are not torn down. An API
// that cannot start at all still ends the run, since restarting it would fail the same way.

const ROOT = join(__dirname, '../..');
const built = existsSync(join(ROOT, 'apps/api/dist/main.js'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The processes whose parent is `pid`, with their command lines. */
function childrenOf(pid: number): Array<{ pid: number; command: string }> {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ') });
    } catch {
      // gone between the listing and the read
    }
  }
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

class Run {
  readonly child: ChildProcess;
  output = '';
  constructor(port: number, env: NodeJS.ProcessEnv = {}) {
    const inherited = { ...process.env };
    // The run starts its own database, mail catcher and sandboxes, as `npm start` does on a fresh machine.
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'BRAINTREE_ENVIRONMENT', 'DIGITAL_RIVER_SECRET_KEY', 'PORT']) delete inherited[name];
    this.child = spawn(process.execPath, ['tools/start.mjs', '--no-build', '--ephemeral', '--port', String(port)], {
      cwd: ROOT,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk) => (this.output += chunk));
    this.child.stderr?.on('data', (chunk) => (this.output += chunk));
  }

  async until(text: string | RegExp, timeoutMs = 60_000): Promise<void> {
    const started = Date.now();
    const seen = () => (typeof text === 'string' ? this.output.includes(text) : text.test(this.output));
    while (!seen()) {
      if (Date.now() - started > timeoutMs) throw new Error(`Not seen within ${timeoutMs} ms: ${String(text)}\n--- output ---\n${this.output}`);
      if (this.child.exitCode !== null) throw new Error(`npm start exited (${this.child.exitCode}) before: ${String(text)}\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  apiPid(): number {
    const api = childrenOf(this.child.pid as number).find((one) => one.command.includes('apps/api/dist/main.js'));
    if (!api) throw new Error(`No API process under npm start\n${this.output}`);
    return api.pid;
  }

  exited(): Promise<number | null> {
    return this.child.exitCode !== null ? Promise.resolve(this.child.exitCode) : new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }
}

const describeBuilt = built ? describe : describe.skip;

describeBuilt('npm start supervises the API', () => {
  let run: Run | null = null;
  afterEach(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await run.exited();
    }
    run = null;
  });

  it('starts an API that died again, pausing longer each time, and stops everything on Ctrl-C', async () => {
    const port = await freePort();
    run = new Run(port);
    await run.until('Store running at');
    const first = run.apiPid();

    process.kill(first, 'SIGKILL');
    await run.until('The API stopped (SIGKILL); starting it again in 1 s (restart 1).');
    await run.until('The API is running again.');
    const second = run.apiPid();
    expect(second).not.toBe(first);
    expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);

    // Dying again soon after is a crash loop in the making: the pause doubles.
    run.output = '';
    process.kill(second, 'SIGKILL');
    await run.until('The API stopped (SIGKILL); starting it again in 2 s (restart 2).');
    await run.until('The API is running again.');
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
    const third = run.apiPid();

    // Ctrl-C still ends the whole run: the API, PostgreSQL, the mail catcher and the sandboxes.
    const everything = childrenOf(run.child.pid as number).map((one) => one.pid);
    expect(everything).toContain(third);
    run.child.kill('SIGINT');
    await run.exited();
    for (let waited = 0; everything.some(alive) && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(everything.filter(alive)).toEqual([]);
    expect(run.output).not.toContain('restart 3');
  }, 120_000);

  it('ends the run when the API cannot start at all', async () => {
    // Its port is taken: a restart would meet the same refusal.
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    try {
      run = new Run(typeof address === 'object' && address ? address.port : 0);
      expect(await run.exited()).toBe(1);
      expect(run.output).toContain('The API exited before it was ready');
      expect(run.output).not.toContain('starting it again');
    } finally {
      taken.close();
    }
  }, 60_000);
});
