import { JobWorker, QueueName } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { orderExpiryQueue } from './order-expiry.queue.js';
import { OrdersService } from './orders.service.js';

/** Runs the `order-expiry` jobs: cancel what is due, release what is still reserved. */
@Injectable()
export class OrderExpiryWorker implements OnModuleInit, OnModuleDestroy {
  private worker?: JobWorker<QueueName.OrderExpiry>;

  constructor(
    private readonly infra: ServiceInfra,
    private readonly orders: OrdersService,
  ) {}

  onModuleInit(): void {
    this.worker = new JobWorker(orderExpiryQueue, (job) => this.orders.housekeep(job.data.orderId), this.infra);
  }

  /** Waits for the jobs running to finish. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }
}
