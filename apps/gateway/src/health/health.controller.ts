import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PlatformHealthService, type GatewayHealth, type PlatformHealthReport } from './platform-health.service.js';

@ApiTags('operations')
@Controller('health')
export class HealthController {
  constructor(private readonly health: PlatformHealthService) {}

  @Get()
  @ApiOperation({ summary: 'Readiness of the platform: the gateway and every service (200 all up, else 503)' })
  async platform(@Res({ passthrough: true }) reply: FastifyReply): Promise<PlatformHealthReport> {
    const report = await this.health.platform();
    reply.code(report.status === 'up' ? 200 : 503);
    return report;
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
