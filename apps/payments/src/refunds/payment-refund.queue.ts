import { declareQueue, jobIdFor, JobQueue, QueueName } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Queue `payment-refund` (payload `{ attemptId }`): give back the money of a refund_due attempt.
 * A provider outage is waited out for about three hours (10 s, 20 s, 40 s, … between tries). A
 * finished or finally failed job is removed at once: the attempt row records the refund or the
 * failure (the worker's last try calls `giveUp`), and a job must not keep its id from a later
 * schedule (one that found nothing to do because the transaction that queued it rolled back,
 * or one that gave up).
 */
export const paymentRefundQueue = declareQueue(QueueName.PaymentRefund, {
  attempts: 11,
  backoff: { type: 'exponential', delayMs: 10_000 },
  keepCompleted: false,
  keepFailed: false,
});

/** The producer side: one job per attempt (deterministic id), however often it is scheduled while it waits. */
@Injectable()
export class PaymentRefundQueue implements OnApplicationShutdown {
  private readonly jobs: JobQueue<QueueName.PaymentRefund>;

  constructor(infra: ServiceInfra) {
    this.jobs = new JobQueue(paymentRefundQueue, infra);
  }

  async schedule(attemptId: string): Promise<void> {
    await this.jobs.add('refund', { attemptId }, { jobId: jobIdFor(`refund:${attemptId}`) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}
