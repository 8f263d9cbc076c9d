import { createTestDatabase, type TestDatabase } from '@store/infrastructure/testing';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Instrumentations must be in place before http and pg are first required, which only a process
// started the way the store starts it shows: the built API (node apps/api/dist/main.js), as a child.
const MAIN = join(__dirname, '../../dist/main.js');

interface OtlpSpan {
  readonly name: string;
  readonly kind: number;
  readonly attributes: readonly { readonly key: string; readonly value: { readonly stringValue?: string } }[];
}
const SERVER = 2;
const attribute = (span: OtlpSpan, key: string) => span.attributes.find((candidate) => candidate.key === key)?.value.stringValue;

let db: TestDatabase;
let receiver: Server;
let receiverUrl: string;
let exported = 0;
let spans: OtlpSpan[] = [];
let dir: string;

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (node tools/build.mjs)`);
  db = await createTestDatabase({ seed: true });
  dir = mkdtempSync(join(tmpdir(), 'store-tracing-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Store</title>');
  // Reports which modules the API loaded, asked over IPC once it listens.
  writeFileSync(
    join(dir, 'run-api.cjs'),
    `process.on('message', (m) => { if (m === 'modules') process.send({ type: 'modules', otel: Object.keys(require.cache).filter((k) => k.includes('@opentelemetry')) }); });\nrequire(${JSON.stringify(MAIN)});\n`,
  );
  // A tiny OTLP/HTTP receiver: the JSON exporter posts ExportTraceServiceRequest bodies to /v1/traces.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        exported += 1;
        const message = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        spans.push(...message.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  receiver?.close();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The built API as a child process with `extra` settings; resolves with it and its port once it listens. */
async function startApi(extra: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OTEL_')));
  const env = { ...inherited, NODE_ENV: 'test', DATABASE_URL: db.url, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', WEB_DIST_DIR: dir, ...extra };
  const child = fork(join(dir, 'run-api.cjs'), [], { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { type?: string; port?: number }) => message.type === 'listening' && resolve(message.port as number));
    child.once('exit', (code) => reject(new Error(`the API exited (${code}): ${stderr}`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const loadedOpenTelemetry = (child: ChildProcess) =>
  new Promise<string[]>((resolve) => {
    child.on('message', (message: { type?: string; otel?: string[] }) => message.type === 'modules' && resolve(message.otel ?? []));
    child.send('modules');
  });

/** A data call that reads the database (the catalogue, as a shopper's first page does). */
const readCatalogue = (port: number, requestId: string) =>
  fetch(`http://127.0.0.1:${port}/data/catalogue`, { headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Request-Id': requestId } });

async function until<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`not found within ${timeoutMs} ms; spans so far: ${JSON.stringify(spans.map((span) => [span.name, span.kind, span.attributes]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('OpenTelemetry traces', () => {
  it('exports spans of the incoming request and of its PostgreSQL statements, each with the request id', async () => {
    spans = [];
    const { child, port } = await startApi({ OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl, OTEL_BSP_SCHEDULE_DELAY: '100' });
    try {
      const requestId = 'trace-spec-0123456789';
      const answered = await readCatalogue(port, requestId);
      expect(answered.status).toBe(200);
      expect(answered.headers.get('x-request-id')).toBe(requestId);
      const mine = (span: OtlpSpan) => attribute(span, 'request.id') === requestId;
      const incoming = await until(() => spans.find((span) => mine(span) && span.kind === SERVER));
      expect(attribute(incoming, 'http.route') ?? attribute(incoming, 'url.path') ?? attribute(incoming, 'http.target')).toMatch(/\/data\/catalogue/);
      const statement = await until(() => spans.find((span) => mine(span) && span.name.startsWith('pg.query')));
      expect(attribute(statement, 'db.system') ?? attribute(statement, 'db.system.name')).toBe('postgresql');
      // A request without an id of its own gets the one the edge gives it, on its spans and in its answer.
      const anonymous = await readCatalogue(port, 'not valid!');
      const given = anonymous.headers.get('x-request-id') as string;
      expect(given).toMatch(/^[0-9a-f-]{36}$/);
      await until(() => spans.find((span) => attribute(span, 'request.id') === given && span.kind === SERVER));
      expect(await loadedOpenTelemetry(child)).not.toEqual([]);
    } finally {
      await stop(child);
    }
  });

  it('loads nothing of OpenTelemetry and exports nothing when no endpoint is configured', async () => {
    spans = [];
    exported = 0;
    const { child, port } = await startApi({});
    try {
      expect((await readCatalogue(port, 'untraced-0123456789')).status).toBe(200);
      expect(await loadedOpenTelemetry(child)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect([exported, spans.length]).toEqual([0, 0]);
    } finally {
      await stop(child);
    }
  });
});
