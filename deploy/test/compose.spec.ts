import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DCLinter } from 'dclint';
import { parse } from 'yaml';

const COMPOSE = join(__dirname, '..', '..', 'docker-compose.yml');

/**
 * dclint validates a Compose file against the Compose specification's JSON schema (the one it ships,
 * always on), then runs the rules named here. Its style rules (key order, quoting) are left off: they
 * judge layout, not what Docker Compose accepts.
 */
const RULES = {
  'no-build-and-image': 2,
  'no-duplicate-container-names': 2,
  'no-duplicate-exported-ports': 2,
  'no-version-field': 2,
  'service-image-require-explicit-tag': 2,
  // Off: the balancer's published port has no interface (0.0.0.0) on purpose, it is the store's front door.
  'no-unbound-port-interfaces': 0,
  'no-quotes-in-volumes': 0,
  'require-project-name-field': 0,
  'require-quotes-in-ports': 0,
  'service-container-name-regex': 0,
  'service-dependencies-alphabetical-order': 0,
  'service-keys-order': 0,
  'service-ports-alphabetical-order': 0,
  'services-alphabetical-order': 0,
  'top-level-properties-order': 0,
} as const;

/** What a lint result holds that the tests read (dclint's own declaration of it does not resolve here). */
type LintResult = { messages: { rule: string; message: string }[] };

function lint(file: string): string[] {
  const linter = new DCLinter({ rules: RULES, quiet: true, debug: false, exclude: [] });
  const results = linter.lintFiles([file], false) as LintResult[];
  return results.flatMap((result) => result.messages.map((message) => `${message.rule}: ${message.message}`));
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification and keeps the rules above', () => {
    expect(lint(COMPOSE)).toEqual([]);
  });

  it.each([
    ['an unknown service key', (source: string) => source.replace('restart: unless-stopped', 'restart: unless-stopped\n    restrat: always')],
    ['a wrong type', (source: string) => source.replace('interval: 5s', 'interval: [5s]')],
    ['a missing condition on depends_on', (source: string) => source.replace('condition: service_healthy', 'required: true')],
  ])('would be refused with %s', (_, breakIt) => {
    const file = join(mkdtempSync(join(tmpdir(), 'compose-')), 'docker-compose.yml');
    writeFileSync(file, breakIt(readFileSync(COMPOSE, 'utf8')));
    expect(lint(file)).toEqual([expect.stringMatching(/^invalid-schema: /)]);
  });

  it('would be refused with an image without a release tag', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'compose-')), 'docker-compose.yml');
    writeFileSync(file, readFileSync(COMPOSE, 'utf8').replace('image: postgres:18-bookworm', 'image: postgres:latest'));
    expect(lint(file)).toEqual([expect.stringMatching(/^service-image-require-explicit-tag: /)]);
  });

  it('runs the store as instances behind the balancer, migrated once before any starts', () => {
    const { services } = parse(readFileSync(COMPOSE, 'utf8')) as { services: Record<string, Record<string, any>> };
    // Replicas cannot share a published port: only the balancer publishes one.
    expect(services['store'].ports).toBeUndefined();
    expect(services['balancer'].ports).toEqual(['${STORE_PORT:-3000}:8080']);
    expect(services['balancer'].volumes).toEqual(expect.arrayContaining([expect.stringMatching(/^\.\/deploy\/nginx\/store-proxy\.conf:/)]));
    expect(services['migrate'].command).toEqual(['node', 'apps/api/dist/cli.js', 'migrate']);
    expect(services['store'].depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
    expect(services['store'].command).not.toContain('migrate');
    // Whatever one replica signs, another must read; and no demo discounts unless asked for.
    expect(services['store'].environment.DEVICE_COOKIE_SECRET).toMatch(/^\$\{DEVICE_COOKIE_SECRET:\?/);
    expect(services['store'].environment.TRUST_PROXY).toBe('${TRUST_PROXY:-true}');
    expect(services['migrate'].environment.SEED_DEMO_CATALOGUE).toBe('${SEED_DEMO_CATALOGUE:-false}');
  });
});
