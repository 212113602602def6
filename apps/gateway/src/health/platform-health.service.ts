import { healthRpc, SERVICE_NAMES, type DependencyStatus, type HealthReport, type ServiceName } from '@aero/contracts';
import { ServiceUnavailableError } from '@aero/backend-errors';
import { pingNats, timedCheck } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { GatewayInfra } from '../gateway-infra.js';

export type CheckResult = HealthReport['checks'][string];

export interface ServiceHealth {
  status: DependencyStatus;
  /** The service's own checks (its Postgres, Redis, NATS) when it answered. */
  checks?: HealthReport['checks'];
  latencyMs?: number;
  /** Why it counts as down when it did not answer: `no_responders`, `timeout`... */
  error?: string;
}

export interface GatewayHealth {
  status: DependencyStatus;
  checks: { redis: CheckResult; nats: CheckResult };
}

export interface PlatformHealthReport {
  status: DependencyStatus;
  gateway: GatewayHealth;
  services: Record<ServiceName, ServiceHealth>;
}

/** The health of the whole platform as the gateway sees it: its own servers and every service. */
@Injectable()
export class PlatformHealthService {
  constructor(private readonly infra: GatewayInfra) {}

  async platform(): Promise<PlatformHealthReport> {
    const [gateway, ...services] = await Promise.all([this.gateway(), ...SERVICE_NAMES.map((name) => this.service(name))]);
    const byName = Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, services[i]])) as Record<ServiceName, ServiceHealth>;
    const status = gateway.status === 'up' && services.every((s) => s.status === 'up') ? 'up' : 'down';
    return { status, gateway, services: byName };
  }

  /** The gateway's own Redis and NATS connections. */
  async gateway(): Promise<GatewayHealth> {
    const timeoutMs = this.infra.config.HEALTH_TIMEOUT_MS;
    const [redis, nats] = await Promise.all([
      timedCheck(() => this.infra.redis.ping(), timeoutMs),
      timedCheck(() => pingNats(this.infra.nats), timeoutMs),
    ]);
    return { status: redis.status === 'up' && nats.status === 'up' ? 'up' : 'down', checks: { redis, nats } };
  }

  private async service(name: ServiceName): Promise<ServiceHealth> {
    const started = performance.now();
    try {
      const report = await this.infra.rpc.call(healthRpc(name), {}, { timeoutMs: this.infra.config.HEALTH_TIMEOUT_MS });
      return { status: report.status, checks: report.checks, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    } catch (error) {
      return { status: 'down', error: error instanceof ServiceUnavailableError ? error.reason : (error as Error).message };
    }
  }
}
