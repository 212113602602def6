import { declareQueue, jobIdFor, JobQueue, QueueName, type JobPayloads } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';

export type EmailSendJob = JobPayloads[QueueName.EmailSend];

/**
 * Queue `email-send`: one job per e-mail key. Tries and their backoff come from the settings
 * (EMAIL_SEND_ATTEMPTS, doubling from EMAIL_RETRY_DELAY_MS); a job that failed for good stays in
 * the failed set, its e-mail row `failed`.
 */
export function emailSendQueue(config: NotificationsConfig) {
  const leaseMs = config.EMAIL_SEND_LEASE_MS;
  return declareQueue(QueueName.EmailSend, {
    attempts: config.EMAIL_SEND_ATTEMPTS,
    backoff: { type: 'exponential', delayMs: config.EMAIL_RETRY_DELAY_MS },
    concurrency: config.EMAIL_WORKER_CONCURRENCY,
    locks: {
      // The job of a worker that died is found stalled and run again within about a lease of the
      // crash (lock renewed every quarter lease, stall check every quarter lease), in step with
      // the claim on its e-mail row. Running it again is harmless: the claim decides who sends.
      lockDuration: leaseMs / 2,
      stalledInterval: leaseMs / 4,
      // Several crashes in a row must not fail an e-mail for good: the row claim, not the stall
      // count, keeps a job that crashes its worker from sending twice.
      maxStalledCount: 20,
    },
  });
}

/** The producer side of the e-mail queue: one job per e-mail key, however often it is asked for. */
@Injectable()
export class EmailSendQueue implements OnApplicationShutdown {
  private readonly jobs: JobQueue<QueueName.EmailSend>;

  constructor(@Inject(NOTIFICATIONS_CONFIG) config: NotificationsConfig, infra: ServiceInfra) {
    this.jobs = new JobQueue(emailSendQueue(config), infra);
  }

  /** The BullMQ queue, for reading jobs. */
  get queue(): Queue<EmailSendJob> {
    return this.jobs.queue;
  }

  /**
   * Adds the send job of this e-mail. The job id comes from the key, so a second call (an event
   * redelivered, a retried request) finds the job there and adds nothing.
   */
  async enqueue(job: EmailSendJob): Promise<void> {
    await this.jobs.add(job.key.split(':')[0], job, { jobId: jobIdFor(job.key) });
  }

  /** After every module's destroy hook, so nothing still running can find it closed. */
  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}
