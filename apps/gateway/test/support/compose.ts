import { Ajv, type ErrorObject } from 'ajv';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * What `docker compose config` checks, for machines without Docker's compose plugin: the file
 * read as compose reads it (YAML anchors and `<<` merge keys resolved, `${VAR}` interpolated),
 * then validated against the Compose Specification's JSON schema, then the references the schema
 * cannot see (env files, build contexts and Dockerfiles, depends_on, named volumes and networks).
 */

type Env = Record<string, string | undefined>;
type BuildSpec = string | { context?: string; dockerfile?: string; dockerfile_inline?: string };
type EnvFileSpec = string | (string | { path: string; required?: boolean })[];
type VolumeSpec = string | { type?: string; source?: string };

export interface ComposeService {
  image?: string;
  build?: BuildSpec;
  env_file?: EnvFileSpec;
  depends_on?: string[] | Record<string, unknown>;
  volumes?: VolumeSpec[];
  networks?: string[] | Record<string, unknown>;
  [key: string]: unknown;
}

export interface ComposeFile {
  services?: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The Compose Specification schema as dclint ships it (schemas/compose.schema.json of the npm
 * package, a copy of compose-spec/compose-spec's schema/compose-spec.json that its maintainers keep
 * in step): a pinned devDependency rather than a copy in this repository that nobody updates.
 */
export function composeSpecSchema(): Record<string, unknown> {
  const packageJson = createRequire(import.meta.url).resolve('dclint/package.json');
  return JSON.parse(readFileSync(join(dirname(packageJson), 'schemas/compose.schema.json'), 'utf8')) as Record<string, unknown>;
}

/**
 * Compose's interpolation of one string: `$$` is a literal `$`; `$VAR` and `${VAR}`; `${VAR:-d}`
 * (d when unset or empty), `${VAR-d}` (d when unset), `${VAR:?msg}` / `${VAR?msg}` (an error),
 * `${VAR:+r}` / `${VAR+r}` (r when set).
 */
export function interpolate(text: string, env: Env, errors: string[], where: string): string {
  return text.replace(/\$(\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g, (whole, dollar: string, name?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
    if (dollar === '$') return '$';
    if (bare) return env[bare] ?? '';
    const value = env[name!];
    const set = colon ? value !== undefined && value !== '' : value !== undefined;
    if (!op) return value ?? '';
    if (op === '-') return set ? value! : interpolate(arg!, env, errors, where);
    if (op === '+') return set ? interpolate(arg!, env, errors, where) : '';
    if (!set) errors.push(`${where}: required variable ${name} is missing a value: ${arg}`);
    return value ?? '';
  });
}

function interpolateAll(value: unknown, env: Env, errors: string[], where: string): unknown {
  if (typeof value === 'string') return interpolate(value, env, errors, where);
  if (Array.isArray(value)) return value.map((item, i) => interpolateAll(item, env, errors, `${where}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env, errors, `${where}.${key}`)]));
  }
  return value;
}

/** The file as compose models it; `errors` holds the interpolation errors. */
export function loadCompose(text: string, env: Env = {}): { config: ComposeFile; errors: string[] } {
  const errors: string[] = [];
  const raw = parse(text, { merge: true }) as unknown;
  const config = interpolateAll(raw, env, errors, '') as ComposeFile;
  return { config, errors };
}

/** `path: message` for every place the file breaks the Compose Specification. */
export function composeSchemaErrors(config: ComposeFile): string[] {
  // As compose-go and dclint: the schema uses union types and keywords Ajv's strict mode refuses.
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  // It names draft-07 by an https address Ajv does not know; draft-07 is Ajv's own default.
  const { $schema: _draft07, ...schema } = composeSpecSchema();
  const validate = ajv.compile(schema);
  if (validate(config)) return [];
  const described = (error: ErrorObject) => {
    const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : '';
    return `${error.instancePath || '/'}: ${error.message}${extra}`;
  };
  return [...new Set((validate.errors ?? []).map(described))];
}

const isRemote = (context: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(context) || context.startsWith('git@');
const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();
const names = (value: string[] | Record<string, unknown> | undefined) => (Array.isArray(value) ? value : Object.keys(value ?? {}));

/** What compose refuses beyond the schema, one line each; `projectDir` is the file's folder. */
export function composeReferenceErrors(config: ComposeFile, projectDir: string): string[] {
  const errors: string[] = [];
  const services = config.services ?? {};
  const volumes = new Set(Object.keys(config.volumes ?? {}));
  const networks = new Set(['default', ...Object.keys(config.networks ?? {})]);
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) errors.push(`service ${name}: neither an image nor a build context`);

    const envFiles = typeof service.env_file === 'string' ? [service.env_file] : (service.env_file ?? []);
    for (const entry of envFiles) {
      const { path, required } = typeof entry === 'string' ? { path: entry, required: true } : { required: true, ...entry };
      if (required !== false && !existsSync(resolve(projectDir, path))) errors.push(`service ${name}: env file ${path} not found`);
    }

    if (service.build) {
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      const context = build.context ?? '.';
      if (!isRemote(context)) {
        const contextDir = resolve(projectDir, context);
        if (!isDirectory(contextDir)) errors.push(`service ${name}: build context ${context} is not a folder`);
        else if (!build.dockerfile_inline) {
          const dockerfile = build.dockerfile ?? 'Dockerfile';
          if (!existsSync(isAbsolute(dockerfile) ? dockerfile : join(contextDir, dockerfile))) errors.push(`service ${name}: Dockerfile ${dockerfile} not found in ${context}`);
        }
      }
    }

    for (const dependency of names(service.depends_on)) {
      if (!(dependency in services)) errors.push(`service ${name} depends on undefined service ${dependency}`);
    }

    for (const volume of service.volumes ?? []) {
      // A named volume (not a path) must be declared at the top level.
      const source = typeof volume === 'string' ? (volume.includes(':') ? volume.slice(0, volume.indexOf(':')) : undefined) : volume.type === 'volume' ? volume.source : undefined;
      if (source && !/^[./~]/.test(source) && !volumes.has(source)) errors.push(`service ${name} refers to undefined volume ${source}`);
    }

    for (const network of names(service.networks)) {
      if (!networks.has(network)) errors.push(`service ${name} refers to undefined network ${network}`);
    }
  }
  return errors;
}
