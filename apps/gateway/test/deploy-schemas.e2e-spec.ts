import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
