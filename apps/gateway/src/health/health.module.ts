import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { MetricsController } from './metrics.controller.js';
import { PlatformHealthService } from './platform-health.service.js';

@Module({ controllers: [HealthController, MetricsController], providers: [PlatformHealthService] })
export class HealthModule {}
