// Builds what `npm start` runs: the TypeScript projects (libs and the API, incrementally) and the web app.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export async function buildAll({ web = true } = {}) {
  await run(bin('tsc'), ['-b', 'apps/api/tsconfig.json']);
  // The payment sandbox's browser scripts, one self-contained IIFE per Vite run (apps/payment-sandbox/vite.browser.config.mts).
  for (const entry of ['hosted-fields-frame', 'songbird', 'three-d-secure-challenge', 'paypal-sdk', 'google-pay', 'apple-pay-session', 'frame-service', 'payment-request-frame', 'digital-river', 'venmo-desktop-frame', 'unionpay-hosted-fields-frame']) await run(bin('vite'), ['build', '--config', 'apps/payment-sandbox/vite.browser.config.mts'], { env: { ...process.env, SANDBOX_BROWSER_ENTRY: entry } });
  // The card gateway's local sandbox (npm start runs it when no real provider is configured).
  await run(bin('tsc'), ['-b', 'apps/payment-sandbox/tsconfig.json']);
  if (web) await run(bin('vite'), ['build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']);
}
