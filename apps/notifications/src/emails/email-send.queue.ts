import { createJobsRedis, createQueue, jobIdFor, QueueName, type JobPayloads } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';

export type EmailSendJob = JobPayloads[QueueName.EmailSend];

/** The producer side of the e-mail queue: one job per e-mail key, however often it is asked for. */
@Injectable()
export class EmailSendQueue implements OnModuleDestroy {
  readonly queue: Queue<EmailSendJob>;
  private readonly connection: Redis;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    infra: ServiceInfra,
  ) {
    this.connection = createJobsRedis(config.REDIS_URL);
    this.queue = createQueue(QueueName.EmailSend, this.connection, config.REDIS_PREFIX);
    // Without a listener an 'error' event (Redis briefly unreachable) would crash the process.
    this.queue.on('error', (error) => infra.logger.error({ err: error }, 'e-mail queue error'));
  }

  /**
   * Adds the send job of this e-mail. The job id comes from the key, so a second call (an event
   * redelivered, a retried request) finds the job there and adds nothing.
   */
  async enqueue(job: EmailSendJob): Promise<void> {
    await this.queue.add(job.key.split(':')[0], job, {
      jobId: jobIdFor(job.key),
      attempts: this.config.EMAIL_SEND_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.config.EMAIL_RETRY_DELAY_MS },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue.close();
    await this.connection.quit();
  }
}
