import { Module } from '@nestjs/common';
import { CourseProgressReport } from './course-progress.report.js';
import { ReportsRpcController } from './reports.rpc.controller.js';

/** The course progress report of the company's learners and its chart by course (company admins and report viewers). */
@Module({ controllers: [ReportsRpcController], providers: [CourseProgressReport] })
export class ReportsModule {}
