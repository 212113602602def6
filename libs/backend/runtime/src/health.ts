import type { HealthReport } from '@aero/contracts';
import { pingNats, timedCheck } from '@aero/backend-observability';
import type { ServiceInfra } from './service-infra.js';

/**
 * Readiness: the service's own Postgres, Redis and NATS connections, and down while the process
 * drains (SIGTERM: it takes no new requests and is about to exit), reported as `checks.process`.
 */
export async function checkReadiness(infra: ServiceInfra): Promise<HealthReport> {
  const report = await checkHealth(infra);
  if (!infra.draining) return report;
  return { ...report, status: 'down', checks: { ...report.checks, process: { status: 'down', error: 'draining' } } };
}

/** Liveness: the service's own Postgres, Redis and NATS connections. */
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
