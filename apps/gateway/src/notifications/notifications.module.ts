import { Module } from '@nestjs/common';
import { AccountGuard } from '../accounts/access/account.guard.js';
import { SignedInUsers } from '../accounts/access/signed-in-users.js';
import { AnnouncementsController } from './announcements.controller.js';
import { ContactController } from './contact.controller.js';
import { InvoicesController } from './invoices.controller.js';
import { NewslettersController } from './newsletters.controller.js';

/**
 * The HTTP face of the notifications service: newsletter subscription and bonus popup,
 * announcements, the classroom-training contact form, invoice PDFs of paid orders. The account
 * guards (@SignedIn, @Can) read the signed-in user from accounts-invitations.
 */
@Module({
  controllers: [NewslettersController, AnnouncementsController, ContactController, InvoicesController],
  providers: [SignedInUsers, AccountGuard],
})
export class NotificationsGatewayModule {}
