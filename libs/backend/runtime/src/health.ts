import type { HealthReport } from '@aero/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ServiceInfra } from './service-infra.js';

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

/** Checks the service's own Postgres, Redis and NATS connections. */
export async function checkHealth(infra: ServiceInfra): Promise<HealthReport> {
  const [postgres, redis, nats] = await Promise.all([
    timedCheck(() => infra.dataSource.query('SELECT 1')),
    timedCheck(() => infra.redis.ping()),
    timedCheck(() => pingNats(infra.nats)),
  ]);
  const checks = { postgres, redis, nats };
  const status = Object.values(checks).every((c) => c.status === 'up') ? 'up' : 'down';
  return { service: infra.service, status, checks };
}
