import { createJobsRedis, createQueue, jobIdFor, QueueName, type JobPayloads } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * How a refund job retries: a provider outage is waited out for about three hours (10 s, 20 s,
 * 40 s, … between tries). A finished or finally failed job is removed at once: the attempt row
 * records the refund or the failure, and a job must not keep its id from a later schedule (one
 * that found nothing to do because the transaction that queued it rolled back, or one that gave up).
 */
const REFUND_JOB_OPTIONS: JobsOptions = {
  attempts: 11,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: true,
  removeOnFail: true,
};

/** Queue `payment-refund` (payload `{ attemptId }`): give back the money of a refund_due attempt. */
@Injectable()
export class PaymentRefundQueue implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly queue: Queue<JobPayloads[QueueName.PaymentRefund]>;

  constructor(infra: ServiceInfra) {
    this.redis = createJobsRedis(infra.config.REDIS_URL);
    this.queue = createQueue(QueueName.PaymentRefund, this.redis, infra.config.REDIS_PREFIX);
  }

  /** One job per attempt (deterministic id), however often it is scheduled while it waits. */
  async schedule(attemptId: string): Promise<void> {
    await this.queue.add('refund', { attemptId }, { ...REFUND_JOB_OPTIONS, jobId: jobIdFor(`refund:${attemptId}`) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
    this.redis.disconnect();
  }
}
