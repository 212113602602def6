import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { composeReferenceErrors, composeSchemaErrors, interpolate, loadCompose, type ComposeFile } from './support/compose.js';
import { renderOverlay, type Manifest } from './support/kustomize.js';

/**
 * Every object each kustomize overlay renders, against the Kubernetes API's own OpenAPI schemas
 * (kubernetes-models: what kubeconform checks). A typo in a kind, a string where a port number
 * goes or a missing required field fails here, not on the cluster.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const OVERLAYS = ['dev', 'prod'];

interface KubernetesModel {
  validate(): void;
}
type ModelClass = new (data: unknown) => KubernetesModel;

/** The kubernetes-models class of an object: `apps/v1` + `Deployment` → kubernetes-models/apps/v1. */
async function modelOf(manifest: Manifest): Promise<ModelClass | undefined> {
  const group = (await import(`kubernetes-models/${manifest.apiVersion}`)) as Record<string, ModelClass | undefined>;
  return group[manifest.kind];
}

/**
 * kubectl prints a long base64 value of a Secret as a multi-line plain scalar, which YAML reads
 * back with spaces where the lines broke; the API server ignores that whitespace, so does this.
 */
function withoutFolding(manifest: Manifest): Manifest {
  if (manifest.kind !== 'Secret' || !manifest.data) return manifest;
  const data = Object.fromEntries(Object.entries(manifest.data as Record<string, string>).map(([key, value]) => [key, value.replace(/\s+/g, '')]));
  return { ...manifest, data };
}

/** Each object's schema errors, `Kind/name: message`; an empty list when all are valid. */
async function schemaErrors(manifests: Manifest[]): Promise<string[]> {
  const errors: string[] = [];
  for (const manifest of manifests) {
    const where = `${manifest.kind}/${manifest.metadata.name}`;
    const Model = await modelOf(manifest).catch(() => undefined);
    if (!Model) {
      errors.push(`${where}: no schema for ${manifest.apiVersion} ${manifest.kind}`);
      continue;
    }
    try {
      new Model(withoutFolding(manifest)).validate();
    } catch (error) {
      errors.push(`${where}: ${(error as Error).message}`);
    }
  }
  return errors;
}

describe('Kubernetes manifests against the API schemas', () => {
  it.each(OVERLAYS)('every object of the %s overlay is valid against the Kubernetes API schemas', async (overlay) => {
    const { manifests } = renderOverlay(resolve(ROOT, 'deploy/k8s/overlays', overlay));
    expect(manifests.length).toBeGreaterThan(20);
    expect(await schemaErrors(manifests)).toEqual([]);
  });

  it('the schema check finds a wrong field type and an unknown kind (it can fail)', async () => {
    const { manifests } = renderOverlay(resolve(ROOT, 'deploy/k8s/overlays/prod'));
    const deployment = structuredClone(manifests.find((m) => m.kind === 'Deployment')!);
    const containers = (deployment.spec as { template: { spec: { containers: { ports?: { containerPort: unknown }[] }[] } } }).template.spec.containers;
    containers[0].ports = [{ containerPort: 'http' }];
    const errors = await schemaErrors([deployment, { apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'typo' } }]);
    expect(errors).toEqual([expect.stringMatching(/containerPort must be integer/), 'Deploymnet/typo: no schema for apps/v1 Deploymnet']);
  });

  it('the migration Job runs every service with MIGRATE_ONLY, in the images the Deployments run', () => {
    const { manifests } = renderOverlay(resolve(ROOT, 'deploy/k8s/overlays/prod'));
    const job = manifests.find((m) => m.kind === 'Job' && m.metadata.name === 'migrate')!;
    type JobContainer = { name: string; image: string; env?: { name: string; value?: string }[] };
    const spec = (job.spec as { template: { spec: { initContainers: JobContainer[]; containers: JobContainer[] } } }).template.spec;
    const steps = [...spec.initContainers, ...spec.containers];
    const deployed = Object.fromEntries(
      manifests
        .filter((m) => m.kind === 'Deployment' && m.metadata.name !== 'gateway')
        .map((m) => [m.metadata.name, (m.spec as { template: { spec: { containers: JobContainer[] } } }).template.spec.containers[0].image]),
    );
    expect(Object.fromEntries(steps.map((step) => [step.name, step.image]))).toEqual(deployed);
    for (const step of steps) expect(step.env).toEqual(expect.arrayContaining([{ name: 'MIGRATE_ONLY', value: 'true' }]));
  });

  it.each(OVERLAYS)('in the %s overlay every app requests CPU and memory, and reports errors with its release and the optional DSN', (overlay) => {
    const { manifests } = renderOverlay(resolve(ROOT, 'deploy/k8s/overlays', overlay));
    type Container = {
      resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
      env?: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } }[];
      envFrom?: { configMapRef?: { name: string } }[];
    };
    const mebibytes = (quantity = '') => Number(/^(\d+)Mi$/.exec(quantity)?.[1] ?? NaN);
    const config = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('aero-config'))!;
    expect((config.data as Record<string, string>).RELEASE).toMatch(/\S/);
    // The product's apps (the dev overlay adds its own Postgres, Redis and NATS, part of another whole).
    const deployments = manifests.filter((m) => m.kind === 'Deployment' && m.metadata.labels?.['app.kubernetes.io/part-of'] === 'aeromaint');
    expect(deployments).toHaveLength(7);
    for (const deployment of deployments) {
      const app = (deployment.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0];
      const { requests = {}, limits = {} } = app.resources ?? {};
      // The HPA's CPU utilisation is relative to the CPU request: without one it cannot scale.
      expect({ name: deployment.metadata.name, cpu: requests.cpu, memory: mebibytes(requests.memory) > 0 }).toEqual({
        name: deployment.metadata.name,
        cpu: expect.stringMatching(/^\d+m$/),
        memory: true,
      });
      expect(mebibytes(limits.memory)).toBeGreaterThanOrEqual(mebibytes(requests.memory));
      expect(app.envFrom).toEqual(expect.arrayContaining([{ configMapRef: { name: config.metadata.name } }]));
      expect(app.env).toEqual(
        // The dev overlay generates the Secret: its name carries a hash suffix.
        expect.arrayContaining([
          { name: 'ERROR_REPORTS_DSN', valueFrom: { secretKeyRef: { name: expect.stringMatching(/^aero-secrets(-[a-z0-9]+)?$/), key: 'ERROR_REPORTS_DSN', optional: true } } },
        ]),
      );
    }
  });

  it('the Grafana dashboard asks only for metrics the product exposes', () => {
    const dashboard = JSON.parse(readFileSync(resolve(ROOT, 'deploy/grafana/aeromaint-services.json'), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const asked = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets.map((target) => target.expr))
        .flatMap((expr) => [...expr.matchAll(/\b([a-z][a-z0-9_]*)(?=\{)/g)].map((match) => match[1].replace(/_(bucket|count|sum)$/, ''))),
    );
    // The names the code registers (prom-client declarations and scrape-time readings), and Node's defaults.
    const sources = [
      'libs/backend/observability/src/metrics.ts',
      'libs/backend/runtime/src/messaging-metrics.ts',
      'libs/backend/jobs/src/job-queue.ts',
      'apps/gateway/src/http/http-metrics.hook.ts',
    ].map((file) => readFileSync(resolve(ROOT, file), 'utf8'));
    const exposed = new Set([
      ...sources.flatMap((source) => [...source.matchAll(/(?:name: |readAtScrape\()'([a-z_]+)'/g)].map((match) => match[1])),
      'process_resident_memory_bytes',
    ]);
    expect(asked.size).toBeGreaterThan(8);
    expect([...asked].filter((name) => !exposed.has(name))).toEqual([]);
  });
});

/**
 * `docker compose config` without Docker: docker-compose.yml read as compose reads it, against the
 * Compose Specification's JSON schema, and the references compose resolves (support/compose.ts).
 */
describe('docker-compose.yml as `docker compose config` reads it', () => {
  const text = readFileSync(resolve(ROOT, 'docker-compose.yml'), 'utf8');

  it('is valid against the Compose Specification schema once merged and interpolated', () => {
    const { config, errors } = loadCompose(text);
    expect(errors).toEqual([]);
    expect(Object.keys(config.services ?? {})).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'nats', 'catalog-cart', 'payments', 'sharing-organize', 'exams', 'accounts-invitations', 'notifications', 'gateway']),
    );
    expect(composeSchemaErrors(config)).toEqual([]);
  });

  it('every env file, build context, Dockerfile, depends_on service, volume and network it names exists', () => {
    const { config } = loadCompose(text);
    expect(composeReferenceErrors(config, ROOT)).toEqual([]);
    // The merge keys gave each app the shared settings, and the gateway its own on top.
    const gateway = config.services!.gateway as { environment: Record<string, string>; depends_on: Record<string, unknown> };
    expect(gateway.environment).toMatchObject({ NATS_URL: 'nats://nats:4222', GATEWAY_PORT: '3000', PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(Object.keys(gateway.depends_on)).toEqual(expect.arrayContaining(['postgres', 'payments', 'notifications']));
  });

  it('interpolates as compose does: defaults, set values, $$ and required variables', () => {
    const errors: string[] = [];
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET:-d} ${EMPTY:-d} ${EMPTY-d} ${UNSET-d} $SET $$SET ${SET:+r} ${UNSET+r}', env, errors, 'here')).toBe('x d  d x $SET r ');
    expect(interpolate('${UNSET:?must be set}', env, errors, 'services.gateway.environment.SECRET')).toBe('');
    expect(errors).toEqual(['services.gateway.environment.SECRET: required variable UNSET is missing a value: must be set']);
    expect(loadCompose(text, { PUBLIC_BASE_URL: 'https://shop.example' }).config.services!.gateway.environment).toMatchObject({ PUBLIC_BASE_URL: 'https://shop.example' });
  });

  it('the checks find a misspelled key, a wrong type, and missing files and services (they can fail)', () => {
    const { config } = loadCompose(text);
    const broken = structuredClone<ComposeFile>(config);
    const payments = broken.services!.payments;
    payments.helthcheck = payments.healthcheck;
    payments.restart = 5;
    payments.env_file = ['deploy/payments.env', { path: 'deploy/optional.env', required: false }];
    payments.build = { context: '.', dockerfile: 'deploy/Dockerfile.missing' };
    payments.depends_on = ['postgres', 'ledger'];
    payments.volumes = ['receipts:/var/receipts', './deploy:/deploy:ro'];
    broken.services!.exams.build = { context: 'no-such-folder' };
    expect(composeSchemaErrors(broken)).toEqual(
      expect.arrayContaining(['/services/payments: must NOT have additional properties (helthcheck)', '/services/payments/restart: must be string']),
    );
    expect(composeReferenceErrors(broken, ROOT)).toEqual([
      'service payments: env file deploy/payments.env not found',
      'service payments: Dockerfile deploy/Dockerfile.missing not found in .',
      'service payments depends on undefined service ledger',
      'service payments refers to undefined volume receipts',
      'service exams: build context no-such-folder is not a folder',
    ]);
  });
});
