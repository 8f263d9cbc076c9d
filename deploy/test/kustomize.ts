/**
 * Renders a kustomization the way `kustomize build` (and `kubectl kustomize`) does, for the features
 * deploy/kubernetes uses and no others: resources (files and folders), namespace, labels without
 * selectors, images, configMapGenerator (create and merge, with kustomize's content-hash names and
 * the references to them rewritten) and JSON 6902 patches. Anything else in a kustomization is
 * refused rather than ignored, so the tests never validate something kustomize would render
 * differently. Where kubectl is installed, kustomize.spec.ts compares the two outputs.
 *
 * No kustomize implementation is published on npm, and the binaries cannot be fetched at test time.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyPatch, type Operation } from 'fast-json-patch';
import { parse, parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  data?: Record<string, string>;
  [field: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  configMapGenerator?: { name: string; behavior?: 'create' | 'merge' | 'replace'; envs?: string[]; literals?: string[] }[];
  patches?: { target?: { kind?: string; name?: string }; patch?: string; path?: string }[];
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'images', 'configMapGenerator', 'patches']);
const SUPPORTED_GENERATOR_FIELDS = new Set(['name', 'behavior', 'envs', 'literals']);
/** The kinds the namespace setting leaves alone (they have none). */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PersistentVolume', 'StorageClass', 'IngressClass', 'PriorityClass']);

interface Build {
  objects: K8sObject[];
  /** Generated ConfigMaps: their names get the content hash once the whole build is done. */
  generated: Set<K8sObject>;
}

export class UnsupportedKustomization extends Error {}

/** The objects `kustomize build <folder>` prints, in no particular order. */
export function renderKustomization(folder: string): K8sObject[] {
  const { objects, generated } = build(resolve(folder));
  const renamed = new Map<string, string>();
  for (const configMap of generated) {
    const name = `${configMap.metadata.name}-${configMapHash(configMap)}`;
    renamed.set(configMap.metadata.name, name);
    configMap.metadata.name = name;
  }
  for (const spec of objects.flatMap(podSpecs)) rewriteConfigMapReferences(spec, renamed);
  return objects;
}

function build(folder: string): Build {
  const kustomization = parse(readFileSync(join(folder, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unknown.length) throw new UnsupportedKustomization(`${folder}: the test renderer does not know ${unknown.join(', ')}`);
  const result: Build = { objects: [], generated: new Set() };

  for (const entry of kustomization.resources ?? []) {
    const path = resolve(folder, entry);
    if (statSync(path).isDirectory()) {
      const inner = build(path);
      result.objects.push(...inner.objects);
      inner.generated.forEach((configMap) => result.generated.add(configMap));
    } else {
      result.objects.push(...readObjects(path));
    }
  }

  for (const generator of kustomization.configMapGenerator ?? []) generateConfigMap(folder, generator, result);
  for (const patch of kustomization.patches ?? []) applyJsonPatch(folder, patch, result.objects);

  if (kustomization.namespace) {
    for (const object of result.objects) if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
  }
  for (const { pairs, includeSelectors, includeTemplates } of kustomization.labels ?? []) {
    if (includeSelectors || includeTemplates) throw new UnsupportedKustomization(`${folder}: labels only without selectors and templates`);
    for (const object of result.objects) object.metadata.labels = { ...object.metadata.labels, ...pairs };
  }
  for (const image of kustomization.images ?? []) {
    for (const container of result.objects.flatMap(podSpecs).flatMap(containersOf)) container.image = replaceImage(container.image, image);
  }
  return result;
}

function readObjects(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
      return document.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

/** KEY=VALUE lines; blank lines and # comments skipped; the value is everything after the first '='. */
export function readEnvFile(file: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const equals = trimmed.indexOf('=');
    if (equals <= 0) throw new Error(`${file}: "${trimmed}" is not KEY=VALUE`);
    data[trimmed.slice(0, equals)] = trimmed.slice(equals + 1);
  }
  return data;
}

function generateConfigMap(folder: string, generator: NonNullable<Kustomization['configMapGenerator']>[number], result: Build): void {
  const unknown = Object.keys(generator).filter((field) => !SUPPORTED_GENERATOR_FIELDS.has(field));
  if (unknown.length) throw new UnsupportedKustomization(`${folder}: configMapGenerator ${generator.name}: the test renderer does not know ${unknown.join(', ')}`);
  const data: Record<string, string> = {};
  for (const env of generator.envs ?? []) Object.assign(data, readEnvFile(resolve(folder, env)));
  for (const literal of generator.literals ?? []) {
    const equals = literal.indexOf('=');
    data[literal.slice(0, equals)] = literal.slice(equals + 1);
  }
  const existing = result.objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name === generator.name);
  const behavior = generator.behavior ?? 'create';
  if (behavior === 'create') {
    if (existing) throw new Error(`${folder}: ConfigMap ${generator.name} already exists (use behavior: merge)`);
    const configMap: K8sObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data };
    result.objects.push(configMap);
    result.generated.add(configMap);
    return;
  }
  if (!existing) throw new Error(`${folder}: no ConfigMap ${generator.name} to ${behavior}`);
  existing.data = behavior === 'merge' ? { ...existing.data, ...data } : data;
}

function applyJsonPatch(folder: string, patch: NonNullable<Kustomization['patches']>[number], objects: K8sObject[]): void {
  if (!patch.target?.kind || !patch.target.name || patch.patch === undefined || patch.path !== undefined) {
    throw new UnsupportedKustomization(`${folder}: patches need a target kind and name and an inline JSON 6902 patch`);
  }
  const operations = parse(patch.patch) as Operation[];
  if (!Array.isArray(operations)) throw new UnsupportedKustomization(`${folder}: only JSON 6902 patches (a list of operations)`);
  const targets = objects.filter((object) => object.kind === patch.target?.kind && object.metadata.name === patch.target?.name);
  if (targets.length === 0) throw new Error(`${folder}: the patch's target ${patch.target.kind}/${patch.target.name} is not among the resources`);
  for (const target of targets) applyPatch(target, operations, true, true);
}

type PodSpec = { containers?: Container[]; initContainers?: Container[]; volumes?: Volume[] };
type Container = { name: string; image: string; envFrom?: { configMapRef?: { name: string } }[]; env?: { valueFrom?: { configMapKeyRef?: { name: string } } }[] };
type Volume = { configMap?: { name: string }; projected?: { sources?: { configMap?: { name: string } }[] } };

/** The pod specs kustomize's image and name-reference transformers reach. */
export function podSpecs(object: K8sObject): PodSpec[] {
  const spec = object.spec as { template?: { spec?: PodSpec }; jobTemplate?: { spec?: { template?: { spec?: PodSpec } } } } | undefined;
  if (object.kind === 'Pod') return [object.spec as PodSpec];
  if (object.kind === 'CronJob') return spec?.jobTemplate?.spec?.template?.spec ? [spec.jobTemplate.spec.template.spec] : [];
  return spec?.template?.spec ? [spec.template.spec] : [];
}

export function containersOf(spec: Pick<PodSpec, 'containers' | 'initContainers'>): Container[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
}

/** An image reference's name: what is left without its digest and tag (a registry's port is kept). */
export function imageName(image: string): string {
  const withoutDigest = image.split('@')[0];
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon === -1 ? withoutDigest : withoutDigest.slice(0, colon);
}

function replaceImage(image: string, replacement: NonNullable<Kustomization['images']>[number]): string {
  const name = imageName(image);
  if (name !== replacement.name) return image;
  const rest = image.slice(name.length);
  const suffix = replacement.digest ? `@${replacement.digest}` : replacement.newTag ? `:${replacement.newTag}` : rest;
  return `${replacement.newName ?? name}${suffix}`;
}

function rewriteConfigMapReferences(spec: PodSpec, renamed: Map<string, string>): void {
  const rename = (reference: { name: string } | undefined) => {
    if (reference && renamed.has(reference.name)) reference.name = renamed.get(reference.name) as string;
  };
  for (const container of containersOf(spec)) {
    container.envFrom?.forEach((source) => rename(source.configMapRef));
    container.env?.forEach((variable) => rename(variable.valueFrom?.configMapKeyRef));
  }
  for (const volume of spec.volumes ?? []) {
    rename(volume.configMap);
    volume.projected?.sources?.forEach((source) => rename(source.configMap));
  }
}

/**
 * kustomize's name suffix for a generated ConfigMap (api/hasher): SHA-256 of Go's JSON encoding of
 * {data, kind, name} with sorted keys, HTML characters escaped as Go does and the name empty (it is
 * hashed before the name is set), cut to 10 characters with 0, 1, 3, a and e replaced so that the
 * suffix never spells a word.
 */
export function configMapHash(configMap: K8sObject): string {
  const data = Object.fromEntries(Object.keys(configMap.data ?? {}).sort().map((key) => [key, configMap.data?.[key]]));
  const encoded = JSON.stringify({ data, kind: 'ConfigMap', name: '' }).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const hex = createHash('sha256').update(encoded).digest('hex').slice(0, 10);
  return hex.replace(/[013ae]/g, (character) => ({ '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' })[character] as string);
}
