import { Module } from '@nestjs/common';
import { LearnersModule } from '../learners/learners.module.js';
import { SeatsModule } from '../seats/seats.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { OrganizeRpcController } from './organize.rpc.controller.js';
import { OrganizeService } from './organize.service.js';

/** Organize course: the draft, the company's seats and certificate credits for a course, the delivery. */
@Module({
  imports: [LearnersModule, SeatsModule, SharesModule],
  controllers: [OrganizeRpcController],
  providers: [OrganizeService],
})
export class OrganizeModule {}
