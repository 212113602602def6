import type { HealthReport } from '@aero/contracts';
import type { ServiceInfra } from './service-infra.js';

async function timed(check: () => Promise<unknown>): Promise<HealthReport['checks'][string]> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2000 ms')), 2000).unref()),
    ]);
    return { status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  }
}

/** Checks the service's own Postgres, Redis and NATS connections. */
export async function checkHealth(infra: ServiceInfra): Promise<HealthReport> {
  const [postgres, redis, nats] = await Promise.all([
    timed(() => infra.dataSource.query('SELECT 1')),
    timed(() => infra.redis.ping()),
    timed(async () => {
      if (infra.nats.isClosed()) throw new Error('connection closed');
      await infra.nats.flush();
    }),
  ]);
  const checks = { postgres, redis, nats };
  const status = Object.values(checks).every((c) => c.status === 'up') ? 'up' : 'down';
  return { service: infra.service, status, checks };
}
