import { JobWorker, QueueName } from '@aero/backend-jobs';
import { runWithContext } from '@aero/backend-observability';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { MailRejectedError } from '../mail/mail.errors.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { EmailsService } from './emails.service.js';
import { emailSendQueue, type EmailSendJob } from './email-send.queue.js';

/**
 * The consumer side of the e-mail queue. Retries (with the queue's exponential backoff) are the
 * queue's business; whether a key was already sent is the EmailsService's.
 */
@Injectable()
export class EmailSendWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker?: JobWorker<QueueName.EmailSend>;

  constructor(
    private readonly emails: EmailsService,
    private readonly infra: ServiceInfra,
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /**
   * Starts once every module is initialised, so the attachment sources the modules register
   * (EmailAttachments) are all there before the first job runs.
   */
  onApplicationBootstrap(): void {
    this.worker = new JobWorker(emailSendQueue(this.config), (job, token) => this.process(job, token), this.infra);
  }

  /** One job: sends the e-mail unless its key was sent already. Public so tests can run a job twice. */
  async process(job: Job<EmailSendJob>, token?: string): Promise<string> {
    const context = { correlationId: job.data.correlationId ?? randomUUID(), causationId: job.id };
    return runWithContext(context, async () => {
      let outcome;
      try {
        outcome = await this.emails.deliver(job.data);
      } catch (error) {
        // An address or message the server refuses for good: retrying cannot help.
        if (error instanceof MailRejectedError && error.permanent) throw new UnrecoverableError(error.message);
        throw error;
      }
      if (outcome.status === 'busy') {
        // Another worker holds the e-mail; look again when its claim expires, without using up an attempt.
        await job.moveToDelayed(outcome.retryAt.getTime(), token);
        throw new DelayedError();
      }
      this.infra.logger.info({ key: job.data.key, outcome: outcome.status }, 'e-mail job done');
      return outcome.status;
    });
  }

  async onModuleDestroy(): Promise<void> {
    // Lets a send in progress finish, so its row does not stay `sending`.
    await this.worker?.close();
  }
}
