import { JobWorker, QueueName, type JobPayloads } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import { paymentRefundQueue } from './payment-refund.queue.js';
import { PaymentRefunds } from './payment-refunds.service.js';

type RefundJob = Job<JobPayloads[QueueName.PaymentRefund]>;

/** Runs the `payment-refund` jobs; a failed try is retried with backoff, and the last one is recorded. */
@Injectable()
export class PaymentRefundWorker implements OnModuleInit, OnModuleDestroy {
  private worker?: JobWorker<QueueName.PaymentRefund>;

  constructor(
    private readonly infra: ServiceInfra,
    private readonly refunds: PaymentRefunds,
  ) {}

  onModuleInit(): void {
    this.worker = new JobWorker(paymentRefundQueue, (job) => this.run(job), this.infra);
  }

  /** Waits for the refunds running to finish. */
  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
  }

  private async run(job: RefundJob): Promise<void> {
    try {
      await this.refunds.refund(job.data.attemptId);
    } catch (error) {
      if (isLastTry(job)) await this.refunds.giveUp(job.data.attemptId, error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  }
}

function isLastTry(job: RefundJob): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
