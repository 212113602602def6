import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { ShareEmailsHandlers } from './share-emails.event-handlers.js';

/** E-mails about shared courses: invitation and resend, ticket, recall or cancel notice. */
@Module({
  imports: [EmailsModule],
  providers: [ShareEmailsHandlers],
})
export class ShareEmailsModule {}
