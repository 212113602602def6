import { Module } from '@nestjs/common';
import { LearnersModule } from '../learners/learners.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { LearnerEventsHandlers } from './learner-events.event-handlers.js';
import { PendingSharesRpcController } from './pending-shares.rpc.controller.js';
import { PendingSharesService } from './pending-shares.service.js';

/** Receiving shares: the pending-shares prompt, registration with an invited address, starts and completions. */
@Module({
  imports: [LearnersModule, SharesModule],
  controllers: [PendingSharesRpcController],
  providers: [PendingSharesService, LearnerEventsHandlers],
  exports: [PendingSharesService],
})
export class PendingModule {}
