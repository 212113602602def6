import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { PlatformHealthService } from './platform-health.service.js';

@Module({ controllers: [HealthController], providers: [PlatformHealthService] })
export class HealthModule {}
