import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { AccountEmailsHandlers } from './account-emails.event-handlers.js';

/** E-mails about the account: verification, password reset and change, KYC decisions. */
@Module({
  imports: [EmailsModule],
  providers: [AccountEmailsHandlers],
})
export class AccountEmailsModule {}
