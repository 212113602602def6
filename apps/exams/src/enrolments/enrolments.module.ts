import { Module } from '@nestjs/common';
import { EnrolmentsHandlers } from './enrolments.event-handlers.js';
import { EnrolmentsRpcController } from './enrolments.rpc.controller.js';
import { EnrolmentsService } from './enrolments.service.js';

/** Enrolments: opened by purchases and accepted shares, withdrawn by recalls; My courses and the course history. */
@Module({
  controllers: [EnrolmentsRpcController],
  providers: [EnrolmentsService, EnrolmentsHandlers],
  exports: [EnrolmentsService],
})
export class EnrolmentsModule {}
