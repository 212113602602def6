import type { HealthReport } from '@aero/contracts';
import { pingNats, timedCheck } from '@aero/backend-observability';
import type { ServiceInfra } from './service-infra.js';

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
