import { createJobsRedis, createQueue, QueueName } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * Order housekeeping jobs (queue `order-expiry`, payload `{ orderId }`): cancel an unpaid order
 * when its time is up, and release a canceled order's voucher when catalog-cart could not be
 * reached at the moment of cancelling. Job ids are deterministic, so scheduling twice is harmless.
 */
@Injectable()
export class OrderExpiryQueue implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly queue: Queue<{ orderId: string }>;

  constructor(infra: ServiceInfra) {
    this.redis = createJobsRedis(infra.config.REDIS_URL);
    this.queue = createQueue(QueueName.OrderExpiry, this.redis, infra.config.REDIS_PREFIX);
  }

  /** The expiry of a new order (job id = the order id). */
  async scheduleExpiry(orderId: string, delayMs: number): Promise<void> {
    await this.queue.add('expire', { orderId }, { jobId: orderId, delay: Math.max(0, Math.round(delayMs)) });
  }

  /** The longer wait of a bank-wire order. */
  async scheduleBankWireExpiry(orderId: string, delayMs: number): Promise<void> {
    await this.queue.add('expire', { orderId }, { jobId: `${orderId}-bank-wire`, delay: Math.max(0, Math.round(delayMs)) });
  }

  /** Retries a voucher release in the background (with the queue's backoff). */
  async scheduleVoucherRelease(orderId: string): Promise<void> {
    await this.queue.add('release-voucher', { orderId }, { jobId: `${orderId}-voucher-release`, delay: 1000 });
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }
}
