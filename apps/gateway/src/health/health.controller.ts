import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GatewayInfra } from '../gateway-infra.js';
import { PlatformHealthService, type GatewayHealth, type PlatformHealthReport } from './platform-health.service.js';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: PlatformHealthService,
    private readonly infra: GatewayInfra,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Readiness of the platform: the gateway and every service (200 all up, else 503)' })
  async platform(@Res({ passthrough: true }) reply: FastifyReply): Promise<PlatformHealthReport> {
    const report = await this.health.platform();
    const draining = this.infra.drain.draining;
    reply.code(report.status === 'up' && !draining ? 200 : 503);
    return draining ? { ...report, status: 'down' } : report;
  }

  /**
   * Readiness of this gateway process: its Redis and NATS, and down from SIGTERM on while it
   * drains (the probe a load balancer routes by; the services have their own).
   */
  @Get('ready')
  @ApiOperation({ summary: 'Readiness of the gateway process: its Redis and NATS, and 503 while it drains for a shutdown' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<GatewayHealth & { draining: boolean }> {
    const report = await this.health.gateway();
    const draining = this.infra.drain.draining;
    reply.code(report.status === 'up' && !draining ? 200 : 503);
    return { ...report, status: draining ? 'down' : report.status, draining };
  }

  /**
   * Liveness of this process only (its Redis and NATS): what a process supervisor or a test that
   * starts the gateway alone should wait for, since the services may come up later.
   */
  @Get('live')
  @ApiOperation({ summary: 'Liveness of the gateway itself (its Redis and NATS)' })
  async live(@Res({ passthrough: true }) reply: FastifyReply): Promise<GatewayHealth> {
    const report = await this.health.gateway();
    reply.code(report.status === 'up' ? 200 : 503);
    return report;
  }
}
