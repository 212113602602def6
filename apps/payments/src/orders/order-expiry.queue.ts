import { declareQueue, JobQueue, QueueName } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Order housekeeping jobs (queue `order-expiry`, payload `{ orderId }`): cancel an unpaid order
 * when its time is up, and release a canceled order's voucher when catalog-cart could not be
 * reached at the moment of cancelling. Default tries and retention: a completed job is kept a
 * week, so scheduling the same id again meanwhile adds nothing.
 */
export const orderExpiryQueue = declareQueue(QueueName.OrderExpiry);

/** The producer side; job ids are deterministic, so scheduling twice is harmless. */
@Injectable()
export class OrderExpiryQueue implements OnApplicationShutdown {
  private readonly jobs: JobQueue<QueueName.OrderExpiry>;

  constructor(infra: ServiceInfra) {
    this.jobs = new JobQueue(orderExpiryQueue, infra);
  }

  /** The expiry of a new order (job id = the order id). */
  async scheduleExpiry(orderId: string, delayMs: number): Promise<void> {
    await this.jobs.add('expire', { orderId }, { jobId: orderId, delay: Math.max(0, Math.round(delayMs)) });
  }

  /** The longer wait of a bank-wire order. */
  async scheduleBankWireExpiry(orderId: string, delayMs: number): Promise<void> {
    await this.jobs.add('expire', { orderId }, { jobId: `${orderId}-bank-wire`, delay: Math.max(0, Math.round(delayMs)) });
  }

  /** Retries a voucher release in the background (with the queue's backoff). */
  async scheduleVoucherRelease(orderId: string): Promise<void> {
    await this.jobs.add('release-voucher', { orderId }, { jobId: `${orderId}-voucher-release`, delay: 1000 });
  }

  /** After every module's destroy hook: the worker's last jobs may still schedule here. */
  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}
