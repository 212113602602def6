import { createJobsRedis, createWorker, QueueName, type JobPayloads } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { PaymentRefunds } from './payment-refunds.service.js';

type RefundJob = Job<JobPayloads[QueueName.PaymentRefund]>;

/** Runs the `payment-refund` jobs; a failed try is retried with backoff, and the last one is recorded. */
@Injectable()
export class PaymentRefundWorker implements OnModuleInit, OnModuleDestroy {
  private redis?: Redis;
  private worker?: Worker<JobPayloads[QueueName.PaymentRefund]>;

  constructor(
    private readonly infra: ServiceInfra,
    private readonly refunds: PaymentRefunds,
  ) {}

  onModuleInit(): void {
    this.redis = createJobsRedis(this.infra.config.REDIS_URL);
    this.worker = createWorker(QueueName.PaymentRefund, (job) => this.run(job), this.redis, this.infra.config.REDIS_PREFIX);
    this.worker.on('failed', (job, error) =>
      this.infra.logger.warn({ err: error, attemptId: job?.data.attemptId, attempts: job?.attemptsMade }, 'refund try failed'),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    this.redis?.disconnect();
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
