import { Module } from '@nestjs/common';
import { AccountGuard } from '../accounts/access/account.guard.js';
import { SignedInUsers } from '../accounts/access/signed-in-users.js';
import { ReportsController } from './reports.controller.js';

/**
 * The reports (course progress from exams, received courses from sharing-organize, wallet
 * movements from payments) with their CSV exports. The account guards read the signed-in user,
 * who is then the actor of every call.
 */
@Module({
  controllers: [ReportsController],
  providers: [SignedInUsers, AccountGuard],
})
export class ReportsGatewayModule {}
