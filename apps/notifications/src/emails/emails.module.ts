import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { EmailSendQueue } from './email-send.queue.js';
import { EmailSendWorker } from './email-send.worker.js';
import { EmailsService } from './emails.service.js';

/** The e-mail outbox: rows in `notifications.emails`, a BullMQ job per e-mail, the worker that sends. */
@Module({
  imports: [MailModule],
  providers: [EmailSendQueue, EmailsService, EmailSendWorker],
  exports: [EmailsService],
})
export class EmailsModule {}
