import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** One Kubernetes object of a rendered kustomization, as plain JSON. */
export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
} & Record<string, unknown>;

/** Whether `kubectl kustomize` can run here (no cluster is needed for it). */
export function kubectlAvailable(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
}

/** What `kubectl apply -k <dir>` would apply, rendered by kubectl itself. */
export function renderWithKubectl(dir: string): Manifest[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout).map((doc) => doc.toJS() as Manifest);
}

interface PatchTarget {
  kind?: string;
  name?: string;
  /** One `key=value` pair: all deploy/k8s uses. */
  labelSelector?: string;
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  configMapGenerator?: { name: string; behavior?: string; literals?: string[] }[];
  patches?: { path?: string; patch?: string; target?: PatchTarget }[];
  labels?: { pairs: Record<string, string>; includeTemplates?: boolean }[];
}

/**
 * The same rendering without kubectl, for machines that lack it: resources, namespace, labels,
 * ConfigMap literals (merged by overlays), strategic-merge patches (lists of named objects merged
 * by name) and JSON 6902 patches, which is everything deploy/k8s uses. No hash suffix on the
 * generated ConfigMaps (references keep the plain name).
 */
export function renderWithoutKubectl(dir: string): Manifest[] {
  const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const manifests: Manifest[] = [];
  for (const resource of kustomization.resources ?? []) {
    const path = resolve(dir, resource);
    if (statSync(path).isDirectory()) manifests.push(...renderWithoutKubectl(path));
    else manifests.push(...parseAllDocuments(readFileSync(path, 'utf8')).map((doc) => doc.toJS() as Manifest));
  }
  for (const generator of kustomization.configMapGenerator ?? []) {
    const data = Object.fromEntries((generator.literals ?? []).map((literal) => [literal.slice(0, literal.indexOf('=')), literal.slice(literal.indexOf('=') + 1)]));
    const existing = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === generator.name);
    if (existing && generator.behavior === 'merge') existing.data = { ...(existing.data as Record<string, string>), ...data };
    else manifests.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name }, data });
  }
  for (const manifest of manifests) {
    if (kustomization.namespace) manifest.metadata.namespace = kustomization.namespace;
    for (const label of kustomization.labels ?? []) {
      manifest.metadata.labels = { ...manifest.metadata.labels, ...label.pairs };
      const template = (manifest.spec as { template?: { metadata?: { labels?: Record<string, string> } } } | undefined)?.template;
      if (label.includeTemplates && template) template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, ...label.pairs } };
    }
  }
  for (const patch of kustomization.patches ?? []) {
    const text = patch.path ? readFileSync(join(dir, patch.path), 'utf8') : (patch.patch ?? '');
    const parsed = parse(text) as unknown;
    for (const manifest of manifests.filter((m) => matches(m, patch.target, Array.isArray(parsed) ? undefined : (parsed as Manifest)))) {
      if (Array.isArray(parsed)) applyJsonPatch(manifest, parsed as JsonPatchOperation[]);
      else Object.assign(manifest, strategicMerge(manifest, withoutIdentity(parsed as Manifest)));
    }
  }
  return manifests;
}

function matches(manifest: Manifest, target: PatchTarget | undefined, patch?: Manifest): boolean {
  const kind = target?.kind ?? patch?.kind;
  if (kind && manifest.kind !== kind) return false;
  // A strategic-merge patch with a target applies to every object the target selects, whatever its own name.
  const name = target ? target.name : patch?.metadata.name;
  if (name && manifest.metadata.name !== name) return false;
  if (target?.labelSelector) {
    const [key, value] = target.labelSelector.split('=');
    if (manifest.metadata.labels?.[key] !== value) return false;
  }
  return true;
}

function withoutIdentity(patch: Manifest): Record<string, unknown> {
  const { apiVersion: _apiVersion, kind: _kind, metadata: _metadata, ...rest } = patch;
  return rest;
}

function strategicMerge(target: unknown, patch: unknown): unknown {
  if (Array.isArray(target) && Array.isArray(patch)) {
    const named = (item: unknown): string | undefined => (item && typeof item === 'object' ? (item as { name?: string }).name : undefined);
    if (!patch.every((item) => named(item) !== undefined)) return patch;
    const merged = [...target];
    for (const item of patch) {
      const index = merged.findIndex((existing) => named(existing) === named(item));
      if (index === -1) merged.push(item);
      else merged[index] = strategicMerge(merged[index], item);
    }
    return merged;
  }
  if (target && patch && typeof target === 'object' && typeof patch === 'object' && !Array.isArray(target) && !Array.isArray(patch)) {
    const merged: Record<string, unknown> = { ...(target as Record<string, unknown>) };
    for (const [key, value] of Object.entries(patch)) merged[key] = key in merged ? strategicMerge(merged[key], value) : value;
    return merged;
  }
  return patch;
}

interface JsonPatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

function applyJsonPatch(document: Record<string, unknown>, operations: JsonPatchOperation[]): void {
  for (const operation of operations) {
    const keys = operation.path.split('/').slice(1).map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = keys.pop();
    if (last === undefined) throw new Error(`bad JSON patch path ${operation.path}`);
    let parent: Record<string, unknown> = document;
    for (const key of keys) parent = parent[key] as Record<string, unknown>;
    if (operation.op === 'remove') delete parent[last];
    else parent[last] = operation.value;
  }
}

/** The rendered overlay: by kubectl when it is installed, else by renderWithoutKubectl. */
export function renderOverlay(dir: string): { manifests: Manifest[]; renderer: string } {
  if (!existsSync(join(dir, 'kustomization.yaml'))) throw new Error(`${dir} has no kustomization.yaml`);
  return kubectlAvailable()
    ? { manifests: renderWithKubectl(dir), renderer: 'kubectl kustomize' }
    : { manifests: renderWithoutKubectl(dir), renderer: `YAML of ${dirname(dir)} read directly` };
}
