import { eventStreamName } from '@aero/backend-messaging';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import pg from 'pg';

/** Where the real servers are; the same defaults as the product. */
export const TEST_INFRA = {
  postgres: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  nats: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
};

/**
 * One isolated slice of the real Postgres, Redis and NATS for a test file: its own database,
 * its own NATS subject prefix (and so its own EVENTS stream) and its own Redis key prefix.
 */
export interface TestEnvironment {
  id: string;
  databaseUrl: string;
  natsPrefix: string;
  redisPrefix: string;
  /** Environment variables that point a service at this slice. */
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
  destroy(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createTestEnvironment(): Promise<TestEnvironment> {
  if (process.env.TEST_INFRA === 'containers') {
    throw new Error('TEST_INFRA=containers needs a Docker engine; on this machine point tests at the running servers');
  }
  const id = randomBytes(5).toString('hex');
  const database = `aero_test_${id}`;
  const admin = new pg.Client({ connectionString: withDatabase(TEST_INFRA.postgres, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const natsPrefix = `t${id}.`;
  const redisPrefix = `test:${id}`;
  const databaseUrl = withDatabase(TEST_INFRA.postgres, database);

  return {
    id,
    databaseUrl,
    natsPrefix,
    redisPrefix,
    env(extra = {}) {
      return {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL: TEST_INFRA.redis,
        NATS_URL: TEST_INFRA.nats,
        NATS_PREFIX: natsPrefix,
        REDIS_PREFIX: redisPrefix,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        HOST: '127.0.0.1',
        // A gateway's operations port: a free one, as test files run gateways side by side.
        GATEWAY_OPS_PORT: '0',
        ...extra,
      };
    },
    async destroy() {
      const adminEnd = new pg.Client({ connectionString: withDatabase(TEST_INFRA.postgres, 'postgres') });
      await adminEnd.connect();
      await adminEnd.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await adminEnd.end();

      const nc = await connect({ servers: TEST_INFRA.nats });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(eventStreamName(natsPrefix)).catch(() => undefined);
      await nc.close();

      const redis = new Redis(TEST_INFRA.redis);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}

/** Polls until `check` returns a truthy value, instead of sleeping a fixed time. */
export async function waitFor<T>(check: () => Promise<T> | T, options: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const reason = last instanceof Error ? last.message : last ? inspect(last) : '';
      throw new Error(`Timed out waiting for ${options.what ?? 'condition'}${reason ? `: ${reason}` : ''}`, { cause: last });
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
}
