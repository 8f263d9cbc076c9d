/**
 * The store's own rules for its Kubernetes objects, beyond what the API's schemas check. Each rule
 * returns its violations, so a test can show it both passing on the real manifests and catching a
 * manifest that breaks it.
 */
import { containersOf, imageName, podSpecs, type K8sObject } from './kustomize';

type Probe = { httpGet?: { path?: string; port?: number | string } };
type Container = {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
};
type SecurityContext = {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
};
type PodSpec = { containers?: Container[]; initContainers?: Container[]; securityContext?: SecurityContext; volumes?: { name: string; emptyDir?: object }[] };
type Labels = Record<string, string>;

const named = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
const id = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
const pods = (objects: K8sObject[]) =>
  objects.flatMap((object) => (podSpecs(object) as PodSpec[]).map((pod) => ({ object, pod, containers: containersOf(pod) as unknown as Container[] })));
const templateLabels = (object: K8sObject): Labels =>
  ((object.spec as { template?: { metadata?: { labels?: Labels } } }).template?.metadata?.labels ?? {}) as Labels;
const selects = (selector: Labels | undefined, labels: Labels) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

/** Whether a probe asks for an HTTP path on the container's port of that name or number. */
function probesPath(probe: Probe | undefined, path: string, container: Container, port: number): boolean {
  const target = probe?.httpGet?.port;
  const namedPort = container.ports?.find((candidate) => candidate.name === target)?.containerPort;
  return probe?.httpGet?.path === path && (target === port || namedPort === port);
}

/** The API's servers answer /health/ready (database and migrations) and /health/live on port 3000. */
export function probeViolations(objects: K8sObject[]): string[] {
  return named(objects, 'Deployment').flatMap((deployment) =>
    pods([deployment]).flatMap(({ containers }) =>
      containers.flatMap((container) => {
        const where = `${id(deployment)} container ${container.name}`;
        const found: string[] = [];
        if (!probesPath(container.readinessProbe, '/health/ready', container, 3000)) found.push(`${where}: readinessProbe must GET /health/ready on port 3000`);
        if (!probesPath(container.livenessProbe, '/health/live', container, 3000)) found.push(`${where}: livenessProbe must GET /health/live on port 3000`);
        if (container.startupProbe && !probesPath(container.startupProbe, '/health/live', container, 3000)) found.push(`${where}: startupProbe must GET /health/live on port 3000`);
        return found;
      }),
    ),
  );
}

/** Kubernetes quantities in bytes or cores, for comparing a limit with its request. */
export function quantity(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(m|k|Ki|M|Mi|G|Gi|T|Ti)?$/.exec(value);
  if (!match) return Number.NaN;
  const factors: Record<string, number> = { m: 1e-3, k: 1e3, Ki: 1024, M: 1e6, Mi: 1024 ** 2, G: 1e9, Gi: 1024 ** 3, T: 1e12, Ti: 1024 ** 4 };
  return Number(match[1]) * (match[2] ? factors[match[2]] : 1);
}

/** Every container requests CPU and memory and is limited in both, the limit at least the request. */
export function resourceViolations(objects: K8sObject[]): string[] {
  return pods(objects).flatMap(({ object, containers }) =>
    containers.flatMap((container) =>
      ['cpu', 'memory'].flatMap((resource) => {
        const request = container.resources?.requests?.[resource];
        const limit = container.resources?.limits?.[resource];
        const where = `${id(object)} container ${container.name}`;
        if (!request || !limit) return [`${where}: needs a ${resource} request and limit`];
        if (!(quantity(limit) >= quantity(request))) return [`${where}: ${resource} limit ${limit} is below its request ${request}`];
        return [];
      }),
    ),
  );
}

/**
 * Not root (the image's `node` user), a read-only root filesystem, no privilege escalation, every
 * capability dropped and the runtime's default seccomp profile: the "restricted" Pod Security Standard.
 */
export function securityViolations(objects: K8sObject[]): string[] {
  return pods(objects).flatMap(({ object, pod, containers }) => {
    const found: string[] = [];
    const podContext = pod.securityContext ?? {};
    for (const container of containers) {
      const where = `${id(object)} container ${container.name}`;
      const context = container.securityContext ?? {};
      const runAsNonRoot = context.runAsNonRoot ?? podContext.runAsNonRoot;
      const runAsUser = context.runAsUser ?? podContext.runAsUser;
      const seccomp = context.seccompProfile?.type ?? podContext.seccompProfile?.type;
      if (runAsNonRoot !== true) found.push(`${where}: runAsNonRoot must be true`);
      if (runAsUser !== 1000) found.push(`${where}: must run as the image's node user (uid 1000)`);
      if (context.readOnlyRootFilesystem !== true) found.push(`${where}: readOnlyRootFilesystem must be true`);
      if (context.allowPrivilegeEscalation !== false) found.push(`${where}: allowPrivilegeEscalation must be false`);
      if (context.privileged) found.push(`${where}: must not be privileged`);
      if (!context.capabilities?.drop?.includes('ALL') || context.capabilities.add?.length) found.push(`${where}: must drop ALL capabilities and add none`);
      if (seccomp !== 'RuntimeDefault') found.push(`${where}: seccompProfile must be RuntimeDefault`);
    }
    return found;
  });
}

/** The API writes uploads under /tmp: with a read-only root, /tmp must be a volume of its own. */
export function temporaryFolderViolations(objects: K8sObject[]): string[] {
  return pods(named(objects, 'Deployment')).flatMap(({ object, pod, containers }) =>
    containers
      .filter((container) => {
        const mount = container.volumeMounts?.find((candidate) => candidate.mountPath === '/tmp');
        return !mount || !pod.volumes?.some((volume) => volume.name === mount.name && volume.emptyDir);
      })
      .map((container) => `${id(object)} container ${container.name}: /tmp must be an emptyDir volume (uploads wait there)`),
  );
}

/** A release is an exact image: a tag other than latest, or a digest. */
export function imageViolations(objects: K8sObject[]): string[] {
  return pods(objects).flatMap(({ object, containers }) =>
    containers.flatMap((container) => {
      const rest = container.image.slice(imageName(container.image).length);
      const tag = rest.startsWith(':') ? rest.slice(1).split('@')[0] : undefined;
      const pinned = rest.includes('@sha256:') || (tag !== undefined && tag !== 'latest');
      return pinned ? [] : [`${id(object)} container ${container.name}: image ${container.image} needs a release tag (not latest) or a digest`];
    }),
  );
}

export function imagesOf(objects: K8sObject[]): string[] {
  return [...new Set(pods(objects).flatMap(({ containers }) => containers.map((container) => container.image)))].sort();
}

const MIGRATE = ['node', 'apps/api/dist/cli.js', 'migrate'];
const commandLine = (container: Container) => [...(container.command ?? []), ...(container.args ?? [])];

/**
 * The migration Job runs `node apps/api/dist/cli.js migrate`; the API's containers run the server
 * alone, never the image's CMD (which migrates first: every replica would race to migrate).
 */
export function migrationViolations(app: K8sObject[], migration: K8sObject[]): string[] {
  const found: string[] = [];
  const jobs = named(migration, 'Job');
  if (jobs.length !== 1) found.push(`the migration kustomization must hold one Job, not ${jobs.length}`);
  for (const { object, containers } of pods(jobs)) {
    for (const container of containers) {
      if (JSON.stringify(commandLine(container)) !== JSON.stringify(MIGRATE)) found.push(`${id(object)} container ${container.name}: must run ${MIGRATE.join(' ')}`);
    }
  }
  if (named(app, 'Job').length) found.push('the app kustomization must not hold the migration Job: it runs first, on its own');
  for (const { object, containers } of pods(named(app, 'Deployment'))) {
    for (const container of containers) {
      const line = commandLine(container);
      if (!container.command?.length) found.push(`${id(object)} container ${container.name}: must set its command (the image's CMD migrates)`);
      if (line.includes('migrate') || line.some((part) => part.includes('cli.js'))) found.push(`${id(object)} container ${container.name}: must run the server only`);
      if (line.at(-1) !== 'apps/api/dist/main.js') found.push(`${id(object)} container ${container.name}: must run apps/api/dist/main.js`);
    }
  }
  return found;
}

/**
 * The Deployment is scaled by its autoscaler (autoscaling/v2, on CPU) and protected by a disruption
 * budget; the Service and the Ingress reach its pods on the http port, and the metrics port only
 * inside the cluster.
 */
export function wiringViolations(objects: K8sObject[]): string[] {
  const found: string[] = [];
  const deployments = named(objects, 'Deployment');
  const deploymentNames = new Set(deployments.map((deployment) => deployment.metadata.name));
  for (const deployment of deployments) {
    const spec = deployment.spec as { replicas?: number; selector?: { matchLabels?: Labels } };
    if (spec.replicas !== undefined) found.push(`${id(deployment)}: no replicas (the autoscaler owns the count)`);
    const labels = templateLabels(deployment);
    const hpa = named(objects, 'HorizontalPodAutoscaler').find(
      (candidate) => (candidate.spec as { scaleTargetRef?: { kind?: string; name?: string } }).scaleTargetRef?.name === deployment.metadata.name,
    );
    const metrics = (hpa?.spec as { metrics?: { type: string; resource?: { name: string } }[]; minReplicas?: number } | undefined);
    if (!hpa || hpa.apiVersion !== 'autoscaling/v2' || !metrics?.metrics?.some((metric) => metric.type === 'Resource' && metric.resource?.name === 'cpu')) {
      found.push(`${id(deployment)}: needs an autoscaling/v2 HorizontalPodAutoscaler on CPU`);
    } else if ((metrics.minReplicas ?? 1) < 2) {
      found.push(`${id(hpa)}: at least 2 replicas, so one pod lost never stops the store`);
    }
    const pdb = named(objects, 'PodDisruptionBudget').find((candidate) => selects((candidate.spec as { selector?: { matchLabels?: Labels } }).selector?.matchLabels, labels));
    if (!pdb) found.push(`${id(deployment)}: needs a PodDisruptionBudget selecting its pods`);
    const ports = pods([deployment]).flatMap(({ containers }) => containers.flatMap((container) => container.ports ?? []));
    if (!ports.some((port) => port.name === 'metrics' && port.containerPort === 9464)) found.push(`${id(deployment)}: needs the container port metrics (9464)`);
  }
  for (const hpa of named(objects, 'HorizontalPodAutoscaler')) {
    const target = (hpa.spec as { scaleTargetRef?: { kind?: string; name?: string } }).scaleTargetRef;
    if (target?.kind !== 'Deployment' || !deploymentNames.has(target.name ?? '')) found.push(`${id(hpa)}: scales ${target?.kind}/${target?.name}, which is not rendered`);
  }
  const services = named(objects, 'Service');
  for (const service of services) {
    const spec = service.spec as { selector?: Labels; ports?: { name?: string; targetPort?: string | number }[] };
    const backing = deployments.filter((deployment) => selects(spec.selector, templateLabels(deployment)));
    if (!backing.length) found.push(`${id(service)}: selects no Deployment's pods`);
    const containerPorts = backing.flatMap((deployment) => pods([deployment]).flatMap(({ containers }) => containers.flatMap((container) => container.ports ?? [])));
    for (const port of spec.ports ?? []) {
      if (!containerPorts.some((candidate) => candidate.name === port.targetPort || candidate.containerPort === port.targetPort)) {
        found.push(`${id(service)}: port ${port.name} targets ${port.targetPort}, which no container has`);
      }
    }
  }
  for (const ingress of named(objects, 'Ingress')) {
    const backends = ((ingress.spec as { rules?: { http?: { paths?: { backend?: { service?: { name: string; port?: { name?: string; number?: number } } } }[] } }[] }).rules ?? [])
      .flatMap((rule) => rule.http?.paths ?? [])
      .map((path) => path.backend?.service);
    for (const backend of backends) {
      const service = services.find((candidate) => candidate.metadata.name === backend?.name);
      const port = (service?.spec as { ports?: { name?: string; port: number; targetPort?: string | number }[] } | undefined)?.ports?.find(
        (candidate) => candidate.name === backend?.port?.name || candidate.port === backend?.port?.number,
      );
      if (!port) found.push(`${id(ingress)}: routes to ${backend?.name}:${backend?.port?.name ?? backend?.port?.number}, which no Service has`);
      else if (port.targetPort !== 'http') found.push(`${id(ingress)}: routes to ${backend?.name}:${port.name}; only the http port is public`);
    }
  }
  return found;
}

/** Settings whose values are or may hold a secret: the Secret store-secrets carries them, never a ConfigMap. */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'SMTP_URL',
  'DEVICE_COOKIE_SECRET',
  'BRAINTREE_MERCHANT_ID',
  'BRAINTREE_PUBLIC_KEY',
  'BRAINTREE_PRIVATE_KEY',
  'DIGITAL_RIVER_SECRET_KEY',
  'DIGITAL_RIVER_PUBLIC_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
];

/**
 * No secret in the repository: no Secret object with data, and no secret setting in a ConfigMap.
 * Every Secret a pod names is created by hand (README.md), so none may be rendered.
 */
export function secretViolations(objects: K8sObject[]): string[] {
  const found: string[] = [];
  for (const object of objects) {
    if (object.kind === 'Secret') found.push(`${id(object)}: Secrets are created in the cluster (README.md), never committed`);
    if (object.kind === 'ConfigMap') {
      for (const key of Object.keys(object.data ?? {})) if (SECRET_SETTINGS.includes(key)) found.push(`${id(object)}: ${key} is a secret; it belongs in store-secrets`);
    }
  }
  for (const { object, containers } of pods(objects)) {
    for (const container of containers) {
      for (const source of container.envFrom ?? []) {
        const name = source.configMapRef?.name;
        if (name && !objects.some((candidate) => candidate.kind === 'ConfigMap' && candidate.metadata.name === name)) {
          found.push(`${id(object)} container ${container.name}: ConfigMap ${name} is not rendered`);
        }
        if (source.secretRef && source.secretRef.name !== 'store-secrets') found.push(`${id(object)} container ${container.name}: the one Secret is store-secrets (README.md)`);
      }
    }
  }
  return found;
}
