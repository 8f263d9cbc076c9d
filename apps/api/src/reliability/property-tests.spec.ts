import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { propertyParameters } from '../testing/hostile-input';

// A property test is only worth its name if each run draws new input and a failure can be replayed.
const ROOT = join(__dirname, '../../../..');

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? specFiles(path) : /\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('property tests', () => {
  const unlessReplaying = process.env.FAST_CHECK_SEED ? it.skip : it;

  it('replay the seed FAST_CHECK_SEED names, in every Jest project (tools/test/fast-check.setup.cjs)', () => {
    const seed = process.env.FAST_CHECK_SEED;
    expect(fc.readConfigureGlobal().seed).toBe(seed ? Number(seed) : undefined);
  });

  unlessReplaying('draw a new seed on every run unless FAST_CHECK_SEED asks to replay one', () => {
    expect(propertyParameters()).not.toHaveProperty('seed');
    expect(fc.readConfigureGlobal().seed).toBeUndefined();
    const seeds = new Set<number>();
    for (let run = 0; run < 3; run += 1) {
      const details = fc.check(fc.property(fc.nat(), () => true), { numRuns: 1 });
      seeds.add(details.seed);
    }
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('print the seed and the path of a failure, which replay the same counterexample', () => {
    const property = fc.property(fc.integer(), (n) => n < 1000);
    const failed = fc.check(property);
    expect(failed.failed).toBe(true);
    const report = fc.defaultReportMessage(failed) ?? '';
    expect(report).toContain(`seed: ${failed.seed}`);
    expect(report).toContain(`path: "${failed.counterexamplePath}"`);
    const replayed = fc.check(property, { seed: failed.seed, path: failed.counterexamplePath ?? undefined });
    expect(replayed.counterexample).toEqual(failed.counterexample);
  });

  it('run every counterexample kept as an example first, whatever the seed', () => {
    const seen: number[] = [];
    fc.assert(fc.property(fc.integer({ min: 0, max: 10 }), (n) => void seen.push(n)), propertyParameters<[number]>([[957851129]]));
    expect(seen[0]).toBe(957851129);
  });

  it('never pin a seed in the source: every fc.assert in the repository runs with a fresh one', () => {
    const properties = specFiles(ROOT).filter((file) => readFileSync(file, 'utf8').includes('fc.assert'));
    expect(properties.length).toBeGreaterThan(20);
    const pinned = properties
      .filter((file) => /\bseed\s*:\s*-?\d/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(pinned).toEqual([]);
  });
});
