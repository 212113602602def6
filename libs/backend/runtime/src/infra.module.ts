import { healthRpc, type ServiceName } from '@aero/contracts';
import { OutboxWriter, RpcClient } from '@aero/backend-messaging';
import { Metrics } from '@aero/backend-observability';
import { Controller, Get, Global, Module, Res, type DynamicModule, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { checkHealth, checkReadiness } from './health.js';
import { EventConsumers, ServiceInfra } from './service-infra.js';

/**
 * `GET /health` (readiness: down while draining), `GET /health/live` (liveness) and
 * `GET /metrics` on the service's own HTTP port (probes and Prometheus).
 */
function createHttpController(): Type {
  @Controller()
  class ServiceHttpController {
    constructor(private readonly infra: ServiceInfra) {}

    @Get('health')
    async health(@Res() reply: FastifyReply) {
      const report = await checkReadiness(this.infra);
      await reply.status(report.status === 'up' ? 200 : 503).send(report);
    }

    @Get('health/live')
    async live(@Res() reply: FastifyReply) {
      const report = await checkHealth(this.infra);
      await reply.status(report.status === 'up' ? 200 : 503).send(report);
    }

    @Get('metrics')
    async metrics(@Res() reply: FastifyReply) {
      await reply.header('content-type', this.infra.metrics.registry.contentType).send(await this.infra.metrics.registry.metrics());
    }
  }
  return ServiceHttpController;
}

/** `<service>.health` over NATS, read by the gateway's platform-wide `/health`. */
function createHealthRpcController(service: ServiceName): Type {
  @Controller()
  class HealthRpcController {
    constructor(private readonly infra: ServiceInfra) {}

    @MessagePattern(healthRpc(service).pattern)
    health() {
      return checkHealth(this.infra);
    }
  }
  return HealthRpcController;
}

/**
 * Makes the process-wide infrastructure injectable in every module of a service:
 * DataSource, RpcClient, OutboxWriter, EventConsumers, Metrics and ServiceInfra itself.
 */
@Global()
@Module({})
export class InfraModule {
  static forService(infra: ServiceInfra, service: ServiceName): DynamicModule {
    return {
      module: InfraModule,
      controllers: [createHttpController(), createHealthRpcController(service)],
      providers: [
        { provide: ServiceInfra, useValue: infra },
        { provide: DataSource, useValue: infra.dataSource },
        { provide: RpcClient, useValue: infra.rpc },
        { provide: OutboxWriter, useValue: infra.outbox },
        { provide: EventConsumers, useValue: infra.consumers },
        { provide: Metrics, useValue: infra.metrics },
      ],
      exports: [ServiceInfra, DataSource, RpcClient, OutboxWriter, EventConsumers, Metrics],
    };
  }
}
