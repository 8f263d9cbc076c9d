import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../apps/api/src/config/app-config';
import { readEnvFile, type K8sObject } from './kustomize';
import { schemaErrors, unknownFieldErrors } from './kubernetes-schema';
import { KUBERNETES, KUSTOMIZATIONS, PRODUCTION_APP, PRODUCTION_MIGRATION, rendered } from './manifests';
import {
  imagesOf,
  imageViolations,
  migrationViolations,
  probeViolations,
  resourceViolations,
  SECRET_SETTINGS,
  secretViolations,
  securityViolations,
  temporaryFolderViolations,
  wiringViolations,
} from './rules';

const ROOT = join(__dirname, '..', '..');
const name = (folder: string) => relative(ROOT, folder);
const app = () => rendered(PRODUCTION_APP);
const migration = () => rendered(PRODUCTION_MIGRATION);
const find = (objects: K8sObject[], kind: string) => objects.find((object) => object.kind === kind) as K8sObject & { spec: any };
const podOf = (object: K8sObject & { spec: any }) => object.spec.template.spec;

describe.each(KUSTOMIZATIONS.map((folder) => [name(folder), folder]))('%s', (_, folder) => {
  const objects = rendered(folder);

  it.each(objects.map((object) => [`${object.kind}/${object.metadata.name}`, object]))('%s is valid against the Kubernetes API schema', (_, object) => {
    expect(schemaErrors(object)).toEqual([]);
  });

  it('has no field the Kubernetes API does not know (strict)', () => {
    expect(unknownFieldErrors(objects)).toEqual([]);
  });

  it.each([
    ['probes on the health paths', probeViolations],
    ['CPU and memory requests and limits', resourceViolations],
    ['not root, read-only root filesystem, no escalation, no capabilities, seccomp', securityViolations],
    ['a writable /tmp volume for uploads', temporaryFolderViolations],
    ['release images, never latest', imageViolations],
    ['the autoscaler, the disruption budget, the Service and the Ingress wired to the API', wiringViolations],
    ['no secret in the repository', secretViolations],
  ])('keeps our rule: %s', (_, rule) => {
    expect(rule(objects)).toEqual([]);
  });
});

describe('the schema checks', () => {
  it('refuse a wrong type and a missing required field', () => {
    const deployment = structuredClone(find(app(), 'Deployment'));
    deployment.spec.revisionHistoryLimit = 'ten';
    delete deployment.spec.selector;
    const errors = schemaErrors(deployment).join('\n');
    expect(errors).toMatch(/revisionHistoryLimit must be integer/);
    expect(errors).toMatch(/spec must have required property selector/);
  });

  it('refuse a kind or an API version Kubernetes does not serve', () => {
    expect(schemaErrors({ apiVersion: 'autoscaling/v3', kind: 'HorizontalPodAutoscaler', metadata: { name: 'x' } })).toHaveLength(1);
    expect(schemaErrors({ apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'x' } })).toHaveLength(1);
  });

  it('refuse a misspelt field anywhere in an object', () => {
    // TypeScript names the first unknown field of each object: one typo an object here.
    const objects = app();
    find(objects, 'HorizontalPodAutoscaler').spec.replcas = 2;
    podOf(find(objects, 'Deployment')).containers[0].readinessProbe.httpGet.paht = '/health/ready';
    expect(unknownFieldErrors(objects)).toEqual([
      expect.stringMatching(/^Deployment\/store-api: .*'"paht"' does not exist in type 'IHTTPGetAction'/),
      expect.stringMatching(/^HorizontalPodAutoscaler\/store-api: .*'"replcas"' does not exist/),
    ]);
  });
});

describe('our rules catch a manifest that breaks them', () => {
  it('probes: readiness on the liveness path, or none at all', () => {
    const objects = app();
    const container = podOf(find(objects, 'Deployment')).containers[0];
    container.readinessProbe.httpGet.path = '/health/live';
    delete container.livenessProbe;
    expect(probeViolations(objects)).toEqual([
      'Deployment/store-api container api: readinessProbe must GET /health/ready on port 3000',
      'Deployment/store-api container api: livenessProbe must GET /health/live on port 3000',
    ]);
  });

  it('resources: a missing limit, or a limit below its request', () => {
    const objects = migration();
    const container = podOf(find(objects, 'Job')).containers[0];
    delete container.resources.limits.memory;
    container.resources.limits.cpu = '50m';
    expect(resourceViolations(objects)).toEqual([
      'Job/store-migrate container migrate: cpu limit 50m is below its request 100m',
      'Job/store-migrate container migrate: needs a memory request and limit',
    ]);
  });

  it('security: root, a writable root filesystem, escalation, capabilities, no seccomp', () => {
    const objects = app();
    const pod = podOf(find(objects, 'Deployment'));
    delete pod.securityContext.runAsNonRoot;
    delete pod.securityContext.seccompProfile;
    const context = pod.containers[0].securityContext;
    Object.assign(context, { runAsNonRoot: undefined, runAsUser: 0, readOnlyRootFilesystem: false, allowPrivilegeEscalation: true, capabilities: { drop: [] } });
    expect(securityViolations(objects).map((violation) => violation.split(': ')[1])).toEqual([
      'runAsNonRoot must be true',
      "must run as the image's node user (uid 1000)",
      'readOnlyRootFilesystem must be true',
      'allowPrivilegeEscalation must be false',
      'must drop ALL capabilities and add none',
      'seccompProfile must be RuntimeDefault',
    ]);
  });

  it('/tmp: a read-only root without the volume for uploads', () => {
    const objects = app();
    podOf(find(objects, 'Deployment')).containers[0].volumeMounts = [];
    expect(temporaryFolderViolations(objects)).toHaveLength(1);
  });

  it.each(['registry.example.com/affinity-store:latest', 'registry.example.com/affinity-store', 'localhost:5000/affinity-store'])('images: %s', (image) => {
    const objects = app();
    podOf(find(objects, 'Deployment')).containers[0].image = image;
    expect(imageViolations(objects)).toHaveLength(1);
  });

  it('images: a digest is a release', () => {
    const objects = app();
    podOf(find(objects, 'Deployment')).containers[0].image = `registry.example.com/affinity-store@sha256:${'a'.repeat(64)}`;
    expect(imageViolations(objects)).toEqual([]);
  });

  it("migration: a Job that serves, and a Deployment left to the image's CMD", () => {
    const objects = app();
    const jobs = migration();
    podOf(find(jobs, 'Job')).containers[0].command = ['node', 'apps/api/dist/main.js'];
    delete podOf(find(objects, 'Deployment')).containers[0].command;
    expect(migrationViolations(objects, jobs)).toEqual([
      'Job/store-migrate container migrate: must run node apps/api/dist/cli.js migrate',
      "Deployment/store-api container api: must set its command (the image's CMD migrates)",
      'Deployment/store-api container api: must run apps/api/dist/main.js',
    ]);
  });

  it('wiring: a fixed replica count, a Service selecting nothing, the metrics port on the Ingress', () => {
    const objects = app();
    find(objects, 'Deployment').spec.replicas = 3;
    find(objects, 'Service').spec.selector = { 'app.kubernetes.io/name': 'store' };
    find(objects, 'Ingress').spec.rules[0].http.paths[0].backend.service.port = { name: 'metrics' };
    expect(wiringViolations(objects)).toEqual([
      'Deployment/store-api: no replicas (the autoscaler owns the count)',
      'Service/store-api: selects no Deployment\'s pods',
      'Service/store-api: port http targets http, which no container has',
      'Service/store-api: port metrics targets metrics, which no container has',
      'Ingress/store-api: routes to store-api:metrics; only the http port is public',
    ]);
  });

  it('wiring: no autoscaler, no disruption budget', () => {
    const objects = app().filter((object) => !['HorizontalPodAutoscaler', 'PodDisruptionBudget'].includes(object.kind));
    expect(wiringViolations(objects)).toEqual([
      'Deployment/store-api: needs an autoscaling/v2 HorizontalPodAutoscaler on CPU',
      'Deployment/store-api: needs a PodDisruptionBudget selecting its pods',
    ]);
  });

  it('secrets: a Secret in the manifests, a password in the ConfigMap', () => {
    const objects = app();
    find(objects, 'ConfigMap').data = { ...find(objects, 'ConfigMap').data, DATABASE_URL: 'postgres://store:pw@db/store' };
    objects.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'store-secrets' }, stringData: { DEVICE_COOKIE_SECRET: 'x'.repeat(40) } });
    expect(secretViolations(objects)).toHaveLength(2);
  });
});

describe('the production configuration', () => {
  const configMap = find(app(), 'ConfigMap');
  const container = podOf(find(app(), 'Deployment')).containers[0];
  const env = { ...configMap.data, ...Object.fromEntries(container.env.map((variable: { name: string; value: string }) => [variable.name, variable.value])) };

  it("names only settings the API reads (a misspelt one would be ignored in silence)", () => {
    const source = readFileSync(join(ROOT, 'apps/api/src/config/app-config.ts'), 'utf8');
    // The settings are AppConfig's fields; SEED_DEMO_CATALOGUE is the migration command's (cli/migrate-command.ts).
    const known = new Set([...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+)[?!]?\s*[:=]/gm)].map((match) => match[1]).concat('SEED_DEMO_CATALOGUE'));
    expect(known.size).toBeGreaterThan(50);
    expect(Object.keys(env).filter((key) => !known.has(key))).toEqual([]);
  });

  it("passes the API's own start-up checks with the Secret's settings filled in", () => {
    const secrets = {
      DATABASE_URL: 'postgres://store:placeholder@postgres.store.svc:5432/store',
      DEVICE_COOKIE_SECRET: 'p'.repeat(48),
      BRAINTREE_MERCHANT_ID: 'merchant',
      BRAINTREE_PUBLIC_KEY: 'public',
      BRAINTREE_PRIVATE_KEY: 'private',
    };
    const config = loadConfig({ ...env, ...secrets });
    expect(config).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: 3000, COOKIE_SECURE: true, TRUST_PROXY: true, METRICS_PORT: 9464, METRICS_HOST: '0.0.0.0' });
  });

  it('gives the metrics server the port the pod names metrics', () => {
    expect(container.ports).toContainEqual({ name: 'metrics', containerPort: Number(env.METRICS_PORT) });
  });

  it('lets the drain after SIGTERM finish before the kubelet kills the pod', () => {
    const pod = podOf(find(app(), 'Deployment'));
    const pause = Number(container.lifecycle.preStop.exec.command.at(-1));
    expect(pause).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + Number(env.SHUTDOWN_DRAIN_MS) / 1000 + 5);
  });

  it('deploys the same release in the migration Job and the API', () => {
    expect(imagesOf(migration())).toEqual(imagesOf(app()));
    expect(find(migration(), 'ConfigMap')).toEqual(find(app(), 'ConfigMap'));
  });

  it('runs the migration as a Job of its own and the server alone in the Deployment', () => {
    expect(migrationViolations(app(), migration())).toEqual([]);
  });
});

describe('secrets stay out of the repository', () => {
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)]));

  it('has no Secret object in any manifest', () => {
    const secrets = files(KUBERNETES)
      .filter((file) => /\.ya?ml$/.test(file))
      .flatMap((file) => parseAllDocuments(readFileSync(file, 'utf8')).map((document) => [file, document.toJS()]))
      .filter(([, object]) => object?.kind === 'Secret' || object?.secretGenerator);
    expect(secrets).toEqual([]);
  });

  it('lists every secret setting in the example file, with no value', () => {
    const example = readEnvFile(join(KUBERNETES, 'store-secrets.env.example'));
    expect(Object.keys(example).sort()).toEqual([...SECRET_SETTINGS].sort());
    expect(Object.values(example).filter((value) => value !== '')).toEqual([]);
  });

  it('ignores the filled-in secrets file in git', () => {
    const ignored = spawnSync('git', ['check-ignore', '--quiet', '--no-index', 'deploy/kubernetes/store-secrets.env'], { cwd: ROOT });
    expect(ignored.status).toBe(0);
  });
});
