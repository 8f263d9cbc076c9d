import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { getMetadataStorage } from 'class-validator';

const ROOT = resolve(__dirname, '../../../..');

describe('the validation pipe checks rules synchronously', () => {
  it('so no rule of ours may be asynchronous: every class-validator constraint we declare is synchronous', async () => {
    const files = execFileSync('git', ['grep', '-l', "from 'class-validator'", '--', 'apps/api/src', 'libs/*/src'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) await import(resolve(ROOT, file));
    // class-validator keeps custom constraints (registerDecorator, @ValidatorConstraint) here, each with its `async` flag.
    const constraints = (getMetadataStorage() as unknown as { constraintMetadatas: Map<unknown, Array<{ name: string; async: boolean }>> }).constraintMetadatas;
    expect([...constraints.values()].flat().length).toBeGreaterThan(10);
    const asynchronous = [...constraints.values()].flat().filter((constraint) => constraint.async);
    expect(asynchronous.map((constraint) => constraint.name)).toEqual([]);
  });
});
