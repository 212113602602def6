import { Module } from '@nestjs/common';
import { AccountGuard } from '../accounts/access/account.guard.js';
import { SignedInUsers } from '../accounts/access/signed-in-users.js';
import { OrganizeCourseController } from './organize-course.controller.js';
import { PendingSharesController } from './pending-shares.controller.js';
import { QuickShareController } from './quick-share.controller.js';
import { SeatsController } from './seats.controller.js';
import { TicketsController } from './tickets.controller.js';

/**
 * The HTTP face of sharing-organize (spec: learning §2 quick share, availability list, tickets,
 * organize course; §7). Every route reads the signed-in user through the account guards first,
 * so the calls carry them as the actor.
 */
@Module({
  controllers: [SeatsController, QuickShareController, PendingSharesController, TicketsController, OrganizeCourseController],
  providers: [SignedInUsers, AccountGuard],
})
export class SharingGatewayModule {}
