import { Module } from '@nestjs/common';
import { LearnersModule } from '../learners/learners.module.js';
import { CatalogueContents } from './catalogue-contents.js';
import { SeatGrantsHandlers } from './seat-grants.event-handlers.js';
import { SeatGrantsService } from './seat-grants.service.js';
import { SeatPools } from './seat-pools.js';
import { SeatsRpcController } from './seats.rpc.controller.js';
import { SeatsService } from './seats.service.js';

/** Seat pools: grants from paid orders, availability, the atomic claim and release of a seat. */
@Module({
  imports: [LearnersModule],
  controllers: [SeatsRpcController],
  providers: [CatalogueContents, SeatGrantsService, SeatGrantsHandlers, SeatPools, SeatsService],
  exports: [SeatPools],
})
export class SeatsModule {}
