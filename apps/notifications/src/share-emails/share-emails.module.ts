import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { ShareEmailsHandlers } from './share-emails.event-handlers.js';
import { TicketPdfRpcController } from './ticket-pdf.rpc.controller.js';

/** E-mails about shared courses (invitation and resend, ticket, recall or cancel notice) and the printable tickets. */
@Module({
  imports: [EmailsModule],
  controllers: [TicketPdfRpcController],
  providers: [ShareEmailsHandlers],
})
export class ShareEmailsModule {}
