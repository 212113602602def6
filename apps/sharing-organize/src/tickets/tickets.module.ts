import { Module } from '@nestjs/common';
import { LearnersModule } from '../learners/learners.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { TicketsRpcController } from './tickets.rpc.controller.js';
import { TicketsService } from './tickets.service.js';

/** Tickets: printing them for their owner, activating one as a learner. */
@Module({
  imports: [LearnersModule, SharesModule],
  controllers: [TicketsRpcController],
  providers: [TicketsService],
})
export class TicketsModule {}
