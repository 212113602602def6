import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { EmailAttachments } from './email-attachments.js';
import { EmailSendQueue } from './email-send.queue.js';
import { EmailSendWorker } from './email-send.worker.js';
import { EmailsService } from './emails.service.js';
import { EmailSweep } from './email-sweep.js';

/**
 * The e-mail outbox: rows in `notifications.emails`, a BullMQ job per e-mail, the worker that
 * sends, the sweep that queues again an e-mail whose job was lost, and the attachments e-mail
 * kinds make at send time.
 */
@Module({
  imports: [MailModule],
  providers: [EmailSendQueue, EmailsService, EmailSendWorker, EmailSweep, EmailAttachments],
  exports: [EmailsService, EmailAttachments],
})
export class EmailsModule {}
