import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { InvitationsRpcController } from './invitations.rpc.controller.js';
import { InvitationsService } from './invitations.service.js';

@Module({
  imports: [AccountsCoreModule],
  controllers: [InvitationsRpcController],
  providers: [InvitationsService],
  exports: [InvitationsService],
})
export class InvitationsModule {}
