import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// The web app's layer rules live in the workspace's eslint.config.mjs. These probes run the real
// config through ESLint's Node API, in a child Node (the config is an ES module, Jest runs CommonJS),
// so a later edit of the config that quietly switches a rule off fails here. The probes are picked
// from the app as it is, so moving a file does not leave a probe pointing at nothing.
const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(__dirname);
const FEATURES = join(SRC, 'features');

interface Probe {
  /** Where the probe pretends to be, relative to the web app's src/. */
  file: string;
  code: string;
}
interface Finding {
  ruleId: string | null;
  severity: number;
  message: string;
}

function lint(probes: Probe[]): Finding[][] {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.env.PROBES);
    // The Nx boundary rule needs the workspace's project graph and tests other arrows: not these.
    const eslint = new ESLint({ cwd: ${JSON.stringify(ROOT)}, overrideConfig: { rules: { '@nx/enforce-module-boundaries': 'off' } } });
    const found = [];
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.code, { filePath: probe.file });
      found.push(result.messages.map(({ ruleId, severity, message }) => ({ ruleId, severity, message })));
    }
    process.stdout.write(JSON.stringify(found));
  `;
  const given = JSON.stringify(probes.map((probe) => ({ ...probe, file: join(SRC, probe.file) })));
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, PROBES: given }, encoding: 'utf8' });
  return JSON.parse(output) as Finding[][];
}

const layerErrors = (findings: Finding[], rule: string) => findings.filter((finding) => finding.ruleId === `import-x/${rule}` && finding.severity === 2);
const importRules = (findings: Finding[]) => findings.filter((finding) => finding.ruleId?.startsWith('import-x/'));

const withIndex = readdirSync(FEATURES).filter((name) => existsSync(join(FEATURES, name, 'index.ts')));
/** The modules a feature's index re-exports, relative to the feature's folder (without extension). */
const reExported = (feature: string) => [...readFileSync(join(FEATURES, feature, 'index.ts'), 'utf8').matchAll(/from '\.\/([^']+)'/g)].map((match) => match[1]);
/** The specifier a module of a feature uses for a path under features/. */
const specifierFrom = (feature: string, module: string, to: string) => {
  const path = relative(join(FEATURES, feature, module, '..'), join(FEATURES, to));
  return path.startsWith('.') ? path : `./${path}`;
};
const fileOf = (feature: string, module: string) => ['.ts', '.tsx'].map((ext) => `features/${feature}/${module}${ext}`).find((file) => existsSync(join(SRC, file))) as string;

/** A real import of one feature by another, both with an index: [importer feature, imported feature]. */
function featureEdge(): [string, string] {
  for (const importer of withIndex) {
    const files = readdirSync(join(FEATURES, importer), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.spec.ts'));
    for (const file of files) {
      for (const [, specifier] of readFileSync(join(FEATURES, importer, file), 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(FEATURES, join(FEATURES, importer, file, '..', specifier)).split('/');
        if (target.length === 1 && target[0] !== importer && withIndex.includes(target[0])) return [importer, target[0]];
      }
    }
  }
  throw new Error('No feature imports another: nothing to probe a circle with');
}

describe('the web app layer rules (eslint.config.mjs)', () => {
  const [importer, imported] = featureEdge();
  const deepModule = reExported(imported)[0];
  const importerModule = reExported(importer)[0];
  const other = withIndex.find((name) => name !== importer && name !== imported) as string;
  const probes: Probe[] = [
    // 0: another feature's file, not its index
    { file: `features/${other}/boundary-probe.ts`, code: `export { x } from '../${imported}/${deepModule}';\n` },
    // 1: another feature through its index: allowed
    { file: `features/${other}/boundary-probe.ts`, code: `export * from '../${imported}';\n` },
    // 2: a feature importing the app shell
    { file: `features/${other}/boundary-probe.ts`, code: `export { routes } from '../../app/router';\n` },
    // 3: lib importing a feature
    { file: 'lib/boundary-probe.ts', code: `export * from '../features/${imported}';\n` },
    // 4: a circle between two features: a module of the importer's index, imported by the feature it imports
    { file: fileOf(imported, deepModule), code: `export * from '${specifierFrom(imported, deepModule, importer)}';\n` },
    // 5: a circle inside a feature: a module importing its own feature's index, which re-exports it
    { file: fileOf(importer, importerModule), code: `export * from '${specifierFrom(importer, importerModule, `${importer}/index`)}';\n` },
    // 6: a shopper's feature importing the back office (which has no index to go through)
    { file: `features/${other}/boundary-probe.ts`, code: `export * from '../back-office/format';\n` },
  ];
  let findings: Finding[][];
  beforeAll(() => {
    findings = lint(probes);
  }, 120_000);

  it('refuses a deep import of another feature, naming the public index', () => {
    const errors = layerErrors(findings[0], 'no-restricted-paths');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('only through its public index');
  });

  it('allows another feature through its index', () => {
    expect(importRules(findings[1])).toEqual([]);
  });

  it('refuses a feature importing the app shell', () => {
    expect(layerErrors(findings[2], 'no-restricted-paths').map((error) => error.message)).toEqual([expect.stringContaining('Features never import the app shell')]);
  });

  it('refuses lib/ importing a feature', () => {
    expect(layerErrors(findings[3], 'no-restricted-paths').map((error) => error.message)).toEqual([expect.stringContaining('lib/ sits below the features')]);
  });

  it('refuses a circle between two features, even through their indexes', () => {
    expect(layerErrors(findings[4], 'no-cycle')).toHaveLength(1);
    expect(layerErrors(findings[4], 'no-restricted-paths')).toEqual([]);
  });

  it("refuses a shopper's feature importing the back office, with a rule of its own", () => {
    expect(layerErrors(findings[6], 'no-restricted-paths').map((error) => error.message)).toContainEqual(
      expect.stringContaining("The shopper's features never import the back office: it is staff code, loaded only on /admin/ addresses."),
    );
  });

  it('refuses a circle inside a feature (a module importing its own index)', () => {
    expect(layerErrors(findings[5], 'no-cycle')).toHaveLength(1);
  });
});
