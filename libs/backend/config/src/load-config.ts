import { z } from 'zod';

/** Raised at start-up when the environment is wrong; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` against a zod object whose keys are the variable names, and returns the typed
 * result. Every default lives in the schema, so a fresh machine runs with no .env at all.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(root)';
    const value = env[name];
    return `${name}: ${issue.message}${value === undefined ? ' (not set)' : ` (got "${value}")`}`;
  });
  throw new ConfigError(problems);
}

/** The connection settings every backend process shares. */
export const infraConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/aeromaint'),
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prefix for every NATS subject and JetStream name; lets test files share one server. */
  NATS_PREFIX: z.string().default(''),
  /**
   * Replicas of the EVENTS stream when a service creates it: 1 on one server (npm start, tests,
   * Compose), 3 on a NATS cluster (the prod overlay), so an acknowledged event survives a node.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Prefix for every Redis key (sessions, rate limits, BullMQ). */
  REDIS_PREFIX: z.string().default('aero'),
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /**
   * How long a call that found no responder (no instance of the service subscribed, as in the
   * gap of a restart) is tried again, with a back-off, before it fails as unavailable (503).
   * Safe to retry: nobody received the request. 0 turns the retry off.
   */
  RPC_NO_RESPONDERS_RETRY_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * SIGTERM drains a process (readiness false, no new requests, in-flight work finished, consumers
   * and workers closed); past this it exits anyway, leaving what is unfinished to be redelivered.
   */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Where the internal HTTP ports listen: each service's own port (/health, /metrics) and the
   * gateway's operations port. Loopback by default, so a machine running the product does not
   * publish them; containers set 0.0.0.0 for probes and scraping (docker-compose.yml, deploy/k8s).
   */
  SERVICE_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
});
export type InfraConfig = z.infer<typeof infraConfigSchema>;

/** Reads one TCP port variable (e.g. `CATALOG_CART_HTTP_PORT`), with its default. */
export function loadPort(variable: string, defaultPort: number, env: NodeJS.ProcessEnv = process.env): number {
  const schema = z.object({ port: z.coerce.number().int().min(0).max(65535).default(defaultPort) });
  try {
    return loadConfig(schema, { port: env[variable] }).port;
  } catch (error) {
    throw new ConfigError([(error as ConfigError).problems[0].replace(/^port/, variable)]);
  }
}
