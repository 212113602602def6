import { Module } from '@nestjs/common';
import { BillingRpcController } from '../billing/billing.rpc.controller.js';
import { BillingService } from '../billing/billing.service.js';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { AvatarService } from './avatar.service.js';
import { ProfileRpcController } from './profile.rpc.controller.js';
import { ProfileService } from './profile.service.js';

/** The profile page: account data, avatar, personal information, company details and billing. */
@Module({
  imports: [AccountsCoreModule],
  controllers: [ProfileRpcController, BillingRpcController],
  providers: [ProfileService, AvatarService, BillingService],
})
export class ProfileModule {}
