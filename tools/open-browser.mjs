#!/usr/bin/env node
// `npm run browser`: opens Debian's Chromium on the running store (npm start) with the card
// gateway's hostnames mapped to the local Braintree sandbox, so a person can pay by card through
// the real braintree-web, which only talks to the provider's own https domains. The sandbox's
// certificate is made at start; Chromium is told to trust that one key (not every certificate).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib/build.mjs';

const file = join(ROOT, '.data', 'payment-sandbox', 'browser.json');
if (!existsSync(file)) {
  process.stderr.write('Start the store first (npm start); it writes the sandbox address this command needs.\n');
  process.exit(1);
}
const { tlsPort, spki, storeUrl } = JSON.parse(readFileSync(file, 'utf8'));
// The provider's hostnames, as the sandbox's certificate names them (built by npm start).
const { routedHosts: hosts } = createRequire(import.meta.url)('../apps/payment-sandbox/dist/index.js');
const rules = [...hosts.map((host) => `MAP ${host}:443 127.0.0.1:${tlsPort}`), 'EXCLUDE localhost'].join(', ');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = [
  `--host-resolver-rules=${rules}`,
  `--ignore-certificate-errors-spki-list=${spki}`,
  `--user-data-dir=${mkdtempSync(join(tmpdir(), 'store-browser-'))}`,
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  process.argv[2] ?? storeUrl,
];
process.stdout.write(`Opening ${args.at(-1)} with the card gateway mapped to the local sandbox (port ${tlsPort}).\n`);
spawn(chromium, args, { stdio: 'ignore', detached: true }).unref();
