import { Module } from '@nestjs/common';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config.js';
import { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp.mailer.js';

/** Provides the Mailer; SMTP is the only provider so far (maildev locally, a relay in production). */
@Module({
  providers: [
    {
      provide: Mailer,
      useFactory: (config: NotificationsConfig) => new SmtpMailer(config.SMTP_URL, config.MAIL_FROM, config.EMAIL_WORKER_CONCURRENCY),
      inject: [NOTIFICATIONS_CONFIG],
    },
  ],
  exports: [Mailer],
})
export class MailModule {}
