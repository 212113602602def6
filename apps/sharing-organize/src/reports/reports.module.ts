import { Module } from '@nestjs/common';
import { CompanyLearners } from './company-learners.service.js';
import { ReportsRpcController } from './reports.rpc.controller.js';
import { ReceivedCoursesReport } from './received-courses.service.js';

/** Reports on the company's shares (received courses; the learners of the course progress report), for company admins and report viewers. */
@Module({
  controllers: [ReportsRpcController],
  providers: [ReceivedCoursesReport, CompanyLearners],
})
export class ReportsModule {}
