import { Module } from '@nestjs/common';
import { AnnouncementsRpcController } from './announcements.rpc.controller.js';
import { AnnouncementsService } from './announcements.service.js';

/** The announcement banner. */
@Module({
  controllers: [AnnouncementsRpcController],
  providers: [AnnouncementsService],
})
export class AnnouncementsModule {}
