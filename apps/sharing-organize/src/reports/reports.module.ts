import { Module } from '@nestjs/common';
import { ReportsRpcController } from './reports.rpc.controller.js';
import { ReceivedCoursesReport } from './received-courses.service.js';

/** Reports on the company's shares (received courses), for company admins and report viewers. */
@Module({
  controllers: [ReportsRpcController],
  providers: [ReceivedCoursesReport],
})
export class ReportsModule {}
