#!/usr/bin/env node
// `node tools/bench/certificate-uploads.mjs` (not part of `npm test`): the API's memory while one
// customer uploads many large exemption certificates at once, as the production build runs
// (tools/bench/lib/stack.mjs: embedded PostgreSQL, the sandboxes, apps/api/dist/main.js with the
// deployment's heap limit). Samples the API's resident memory (VmRSS) every 20 ms and reports, per
// burst: the answers, the API's RSS before, at its peak and after, and how much the database grew.
//
//   --files 10        uploads per burst, all sent at once by one signed-in customer
//   --size 10485760   bytes per file (a valid PDF of exactly that size; 10 MB is the largest allowed)
//   --bursts 2        bursts, each by a new customer (the first warms the API up)
//   --no-build        use what is built (apps/api/dist, apps/payment-sandbox/dist)
//   --out FILE        also write the figures as JSON
//
// docs/reliability.md gives a run of this script on the code before the upload quota and streaming
// (49a3660, built in a git worktree of its own) and after them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildAll } from '../lib/build.mjs';
import { createClient, XHR } from './lib/client.mjs';
import { rssMb, rssSampler, startStack } from './lib/stack.mjs';

const { values: flags } = parseArgs({
  options: {
    files: { type: 'string', default: '10' },
    size: { type: 'string', default: '10485760' },
    bursts: { type: 'string', default: '2' },
    'no-build': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const FILES = Number(flags.files);
const SIZE = Number(flags.size);
const BURSTS = Number(flags.bursts);

/** The certificate form as a browser sends it, built once and sent as it is by every upload. */
function multipartBody(file) {
  const boundary = '----storebench' + Date.now().toString(16);
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const fields = { tax_authority: 'NY', start_date: day(-30), end_date: day(300) };
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificate.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  return { body: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

function upload(apiUrl, cookie, { body, type }) {
  const url = new URL('/data/account/tax-certificate/', apiUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...XHR, Cookie: cookie, 'Content-Type': type, 'Content-Length': body.length } },
      (response) => {
        const parts = [];
        response.on('data', (part) => parts.push(part));
        response.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(parts).toString('utf8'));
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode, code: json?.code });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value) => Math.round(value * 10) / 10;

async function main() {
  if (!flags['no-build']) await buildAll({ web: false });
  // The same certificate the API's tests upload, from the build just made.
  const { pdf } = await import('@store/infrastructure/testing');
  // The API serves the web build; a stand-in page is enough here.
  const webDir = mkdtempSync(join(tmpdir(), 'store-bench-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Affinity Store</title>');
  const stack = await startStack({ nodeBin: process.execPath, env: { WEB_DIST_DIR: webDir, LOG_LEVEL: 'warn' }, log: (line) => process.stderr.write(`${line}\n`) });
  const db = new pg.Client({ ...stack.pg, database: 'store' });
  await db.connect();
  const client = createClient(stack.apiUrl);
  const form = multipartBody(pdf(SIZE));
  const results = [];
  try {
    for (let burst = 1; burst <= BURSTS; burst += 1) {
      const created = await client.action('CREATE_CUSTOMER', {
        email: `bench.${burst}.${Date.now()}@example.com`,
        firstName: 'Bea',
        lastName: 'Bench',
        password: 'analytical engine',
        country: 'US',
        marketingSignUp: false,
        customerCategory: 'personal',
        termsAndConditions: true,
      });
      const cookie = created.cookies.find((c) => c.startsWith('afs_session=')) ?? '';
      if (!created.json?.success || !cookie) throw new Error(`CREATE_CUSTOMER failed: ${created.status} ${created.text.slice(0, 300)}`);
      await settle(1000);
      const sizeBefore = Number((await db.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
      const before = rssMb(stack.apiPid);
      const sampler = rssSampler(stack.apiPid, 20);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: FILES }, () => upload(stack.apiUrl, cookie, form)));
      const seconds = (performance.now() - started) / 1000;
      await settle(300);
      sampler.stop();
      await settle(2000);
      const after = rssMb(stack.apiPid);
      const sizeAfter = Number((await db.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
      const outcomes = {};
      for (const answer of answers) outcomes[`${answer.status}${answer.code && answer.code !== 200 ? `/${answer.code}` : ''}`] = (outcomes[`${answer.status}${answer.code && answer.code !== 200 ? `/${answer.code}` : ''}`] ?? 0) + 1;
      const result = {
        burst,
        files: FILES,
        fileBytes: SIZE,
        seconds: round(seconds),
        outcomes,
        rssBeforeMb: round(before),
        rssPeakMb: round(sampler.peak),
        rssAfterMb: round(after),
        databaseGrowthMb: round((sizeAfter - sizeBefore) / 1048576),
      };
      results.push(result);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } finally {
    client.close();
    await db.end();
    await stack.stop();
    rmSync(webDir, { recursive: true, force: true });
  }
  process.stdout.write(
    `\n| burst | uploads × size | answers | seconds | API RSS before | peak | after | database growth |\n|---|---|---|---|---|---|---|---|\n${results
      .map(
        (r) =>
          `| ${r.burst} | ${r.files} × ${r.fileBytes} B | ${Object.entries(r.outcomes)
            .map(([k, v]) => `${v}× ${k}`)
            .join(', ')} | ${r.seconds} | ${r.rssBeforeMb} MB | ${r.rssPeakMb} MB | ${r.rssAfterMb} MB | ${r.databaseGrowthMb} MB |`,
      )
      .join('\n')}\n`,
  );
  if (flags.out) writeFileSync(flags.out, JSON.stringify({ node: process.version, results }, null, 2));
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
