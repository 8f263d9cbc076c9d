#!/usr/bin/env node
// `npm test`: lint (module boundaries included), typecheck, build, unit and integration tests
// (Jest, on a real embedded PostgreSQL) and end-to-end tests (Playwright in Debian's Chromium).
// Every stage runs even when one fails; the last line totals them all as "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/build.mjs';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: 'true' };
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const reports = join(ROOT, 'reports');
const results = [];

function runStage(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...env, ...options.env }, stdio: options.input ? ['pipe', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (options.input) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.stdin.end(options.input);
    }
    child.on('error', (error) => resolve({ code: 1, output: error.message }));
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

function record(stage, passed, failed, note = '') {
  results.push({ stage, passed, failed, note });
  process.stdout.write(`\n== ${stage}: ${passed} passed, ${failed} failed${note ? ` (${note})` : ''}\n\n`);
}

/**
 * Chromium and nginx come from Debian; the test command installs them when it can (root with apt-get),
 * and says how when it cannot. `envVar` names the variable that points at another copy.
 */
function ensureDebianProgram({ name, pkg, envVar, defaultPath }) {
  const path = process.env[envVar] ?? defaultPath;
  if (existsSync(path)) return true;
  const canInstall = userInfo().uid === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    process.stderr.write(`${name} is missing: install Debian's ${pkg} (sudo apt-get install -y ${pkg}) or set ${envVar}, then run npm test again.\n`);
    return false;
  }
  process.stdout.write(`Installing ${name} from Debian (apt-get install ${pkg})…\n`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env: aptEnv });
  if (install.status !== 0 || !existsSync(path)) {
    process.stderr.write(`${name} could not be installed: run apt-get install -y ${pkg} as root, then npm test again.\n`);
    return false;
  }
  return true;
}

const ensureChromium = () => ensureDebianProgram({ name: 'Chromium', pkg: 'chromium', envVar: 'CHROMIUM_PATH', defaultPath: '/usr/bin/chromium' });
/** The load balancer in front of two API instances (apps/web-e2e, project two-instances). */
const ensureNginx = () => ensureDebianProgram({ name: 'nginx', pkg: 'nginx', envVar: 'NGINX_PATH', defaultPath: '/usr/sbin/nginx' });

async function main() {
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const chromium = ensureChromium();
  const nginx = ensureNginx();

  // The boundary rule reads Nx's project graph; build it first so the rule never skips.
  const graph = await runStage(bin('nx'), ['show', 'projects'], { input: '' });
  const lint = await runStage(bin('eslint'), ['--max-warnings=0', '.']);
  record('lint', lint.code === 0 && graph.code === 0 ? 1 : 0, lint.code === 0 && graph.code === 0 ? 0 : 1);

  // Prove the boundaries bite: a domain file importing infrastructure or an npm package must fail lint.
  const probes = [
    ['libs/domain/src/boundary-probe.ts', "import { createDataSource } from '@store/infrastructure';\nexport const probe = createDataSource;\n"],
    ['libs/application/src/boundary-probe.ts', "import { DataSource } from 'typeorm';\nexport const probe = DataSource;\n"],
    ['libs/ui/src/boundary-probe.ts', "import { TypeOrmBasketRepository } from '@store/infrastructure';\nexport const probe = TypeOrmBasketRepository;\n"],
  ];
  let probesPassed = 0;
  for (const [file, source] of probes) {
    const probe = await runStage(bin('eslint'), ['--stdin', '--stdin-filename', file], { input: source });
    const refused = probe.code !== 0 && probe.output.includes('@nx/enforce-module-boundaries');
    if (refused) probesPassed += 1;
    else process.stdout.write(`Boundary probe ${file} was not refused:\n${probe.output}\n`);
  }
  record('module boundaries', probesPassed, probes.length - probesPassed);

  // The deployment checks (deploy/) read the API's configuration from source: a project of their own.
  const typecheck = await runStage(bin('tsc'), ['-b', 'tsconfig.json']);
  const deployTypecheck = await runStage(bin('tsc'), ['-p', 'deploy/tsconfig.json', '--noEmit']);
  const typed = typecheck.code === 0 && deployTypecheck.code === 0;
  record('typecheck', typed ? 1 : 0, typed ? 0 : 1);

  const build = await runStage(process.execPath, ['tools/build.mjs']);
  record('build', build.code === 0 ? 1 : 0, build.code === 0 ? 0 : 1);

  const jestReport = join(reports, 'jest.json');
  const jest = await runStage(bin('jest'), ['--ci', '--coverage', '--json', `--outputFile=${jestReport}`]);
  if (existsSync(jestReport)) {
    const report = JSON.parse(readFileSync(jestReport, 'utf8'));
    const brokenSuites = report.numRuntimeErrorTestSuites ?? 0;
    record('unit and integration (jest)', report.numPassedTests, report.numFailedTests + brokenSuites, brokenSuites ? `${brokenSuites} suites did not run` : '');
    // A coverage threshold missed makes jest fail with every test green: count it as a failed check.
    const thresholdMissed = jest.code !== 0 && report.numFailedTests === 0 && brokenSuites === 0;
    record('coverage thresholds', thresholdMissed ? 0 : 1, thresholdMissed ? 1 : 0);
  } else {
    record('unit and integration (jest)', 0, 1, `jest exited ${jest.code} without a report`);
  }

  if (!chromium || build.code !== 0) {
    record('end-to-end (playwright)', 0, 1, chromium ? 'not run: the build failed' : 'not run: Chromium is missing');
  } else {
    const e2eReport = join(reports, 'e2e.json');
    // Without nginx the two-instance projects are left out and counted as one failure; the rest still runs.
    const e2e = await runStage(bin('playwright'), ['test', '-c', 'apps/web-e2e/playwright.config.ts'], nginx ? {} : { env: { E2E_TWO_INSTANCES: '0' } });
    if (!nginx) record('end-to-end behind a load balancer', 0, 1, 'not run: nginx is missing');
    if (existsSync(e2eReport)) {
      const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
      const failed = stats.unexpected + stats.flaky + (e2e.code !== 0 && stats.unexpected === 0 ? 1 : 0);
      record('end-to-end (playwright)', stats.expected, failed);
    } else {
      record('end-to-end (playwright)', 0, 1, `playwright exited ${e2e.code} without a report`);
    }
  }

  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  process.stdout.write('Summary:\n');
  for (const result of results) process.stdout.write(`  ${result.stage}: ${result.passed} passed, ${result.failed} failed\n`);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.stdout.write('0 passed, 1 failed\n');
  process.exitCode = 1;
});
