import type { HealthReport } from '@aero/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';

/** A server the process needs did not answer; the message says which and how to start it. */
export class InfrastructureError extends Error {
  constructor(problems: string[]) {
    super(`Cannot start: required servers are unreachable:\n  - ${problems.join('\n  - ')}`);
    this.name = 'InfrastructureError';
  }
}

const HOW_TO_START = {
  postgres: "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start   (or: docker compose up -d postgres)",
  redis: 'redis-server --daemonize yes --port 6379 --save "" --appendonly no   (or: docker compose up -d redis)',
  nats: 'nats-server -js -a 127.0.0.1 -p 4222 &   (or: docker compose up -d nats)',
};

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

export async function checkPostgres(url: string): Promise<string | null> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${redact(url)}: ${(error as Error).message || (error as { code?: string }).code}. Start it with: ${HOW_TO_START.postgres}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedis(url: string): Promise<string | null> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `Redis at ${redact(url)}: ${(error as Error).message}. Start it with: ${HOW_TO_START.redis}`;
  } finally {
    redis.disconnect();
  }
}

export async function checkNats(url: string): Promise<string | null> {
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({ servers: url, timeout: 3000, maxReconnectAttempts: 0 });
    const info = nc.info;
    if (info && !info.jetstream) return `NATS at ${url} runs without JetStream. Start it with: ${HOW_TO_START.nats}`;
    return null;
  } catch (error) {
    return `NATS at ${url}: ${(error as Error).message}. Start it with: ${HOW_TO_START.nats}`;
  } finally {
    await nc?.close().catch(() => undefined);
  }
}

/** Checks Postgres, Redis and NATS together and throws one error listing every one that is down. */
export async function checkInfrastructure(urls: { postgres: string; redis: string; nats: string }): Promise<void> {
  const problems = (
    await Promise.all([checkPostgres(urls.postgres), checkRedis(urls.redis), checkNats(urls.nats)])
  ).filter((p): p is string => p !== null);
  if (problems.length) throw new InfrastructureError(problems);
}

/** Runs one dependency check, bounded by `timeoutMs`, and reports it as up (with latency) or down. */
export async function timedCheck(
  check: () => Promise<unknown>,
  timeoutMs = 2000,
): Promise<HealthReport['checks'][string]> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs).unref()),
    ]);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  }
}

/** A round trip to the NATS server on an open connection. */
export async function pingNats(nats: NatsConnection): Promise<void> {
  if (nats.isClosed()) throw new Error('connection closed');
  await nats.flush();
}
