import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { configMapHash, renderKustomization, UnsupportedKustomization, type K8sObject } from './kustomize';
import { KUSTOMIZATIONS } from './manifests';

const key = (object: K8sObject) => `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
const byKey = (objects: K8sObject[]) => Object.fromEntries(objects.map((object) => [key(object), object]));
const cases = KUSTOMIZATIONS.map((folder) => [relative(join(__dirname, '..', '..'), folder), folder]);
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

describe('the test renderer', () => {
  // kubectl carries kustomize itself: where it is installed (this project's machines have it), the
  // renderer's output must be exactly kustomize's, object for object.
  (kubectl ? it.each(cases) : it.skip.each(cases))('renders %s exactly as kubectl kustomize does', (_, folder) => {
    const theirs = parseAllDocuments(execFileSync('kubectl', ['kustomize', folder], { encoding: 'utf8' })).map((document) => document.toJS() as K8sObject);
    expect(byKey(renderKustomization(folder))).toEqual(byKey(theirs));
  });

  it("names a generated ConfigMap by kustomize's content hash", () => {
    // Values printed by kustomize v5.5.0 (kubectl 1.32) for these generators.
    expect(configMapHash({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { X: '1' } })).toBe('4f64tg9ch6');
    expect(configMapHash({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'b' }, data: {} })).toBe('42745tchd9');
  });

  it('refuses a kustomization feature it does not render, rather than ignoring it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'kustomize-'));
    writeFileSync(join(folder, 'kustomization.yaml'), 'namePrefix: prod-\nresources: []\n');
    expect(() => renderKustomization(folder)).toThrow(UnsupportedKustomization);
    mkdirSync(join(folder, 'b'));
    writeFileSync(join(folder, 'b', 'kustomization.yaml'), 'labels:\n  - pairs: {a: b}\n    includeSelectors: true\n');
    expect(() => renderKustomization(join(folder, 'b'))).toThrow(UnsupportedKustomization);
  });
});
