import { createJobsRedis, createWorker, QueueName } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { OrdersService } from './orders.service.js';

/** Runs the `order-expiry` jobs: cancel what is due, release what is still reserved. */
@Injectable()
export class OrderExpiryWorker implements OnModuleInit, OnModuleDestroy {
  private redis?: Redis;
  private worker?: Worker<{ orderId: string }>;

  constructor(
    private readonly infra: ServiceInfra,
    private readonly orders: OrdersService,
  ) {}

  onModuleInit(): void {
    this.redis = createJobsRedis(this.infra.config.REDIS_URL);
    this.worker = createWorker(
      QueueName.OrderExpiry,
      async (job) => {
        await this.orders.housekeep(job.data.orderId);
      },
      this.redis,
      this.infra.config.REDIS_PREFIX,
    );
    this.worker.on('failed', (job, error) =>
      this.infra.logger.warn({ err: error, orderId: job?.data.orderId, attempts: job?.attemptsMade }, 'order housekeeping failed'),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    this.redis?.disconnect();
  }
}
