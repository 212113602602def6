import {
  courseProgressByCourseAnswerSchema,
  courseProgressPageSchema,
  receivedCoursesPageSchema,
  REPORT_COLUMNS,
  reportQuerySchema,
  ReportsRpc,
  walletMovementsPageSchema,
  type CourseProgressByCourse,
  type CourseProgressRow,
  type ReceivedCourseRow,
  type ReportHttpQuery,
  type ReportName,
  type ReportPage,
  type ReportRows,
  type WalletMovementRow,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { applyDecorators, Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { Can } from '../accounts/access/access.decorators.js';
import { ApiAnswer } from '../openapi/api-answer.decorator.js';
import { ZodQuery } from '../validation/zod-params.js';
import { csvExport, csvFilename } from './report-export.js';

const courseProgressQuery = reportQuerySchema('course-progress');
const receivedCoursesQuery = reportQuerySchema('received-courses');
const walletMovementsQuery = reportQuerySchema('wallet-movements');
const QUERY_REFUSED = 'errors.sort (not a column of the report), errors.direction, errors.page, errors.per_page (10 to 50 by 10)';

/** A report's table (`reports.view`): a page of rows, `summary` and `page` documenting it; a broken query is a 422. */
const ReportTable = (report: ReportName, summary: string, page: z.ZodType): MethodDecorator =>
  applyDecorators(Get(`api/reports/${report}`), Can('reports.view'), ApiAnswer(summary, page), ApiUnprocessableEntityResponse({ description: QUERY_REFUSED }));

/** The same report as a CSV file at the table's path with `.csv`: every row, sorted as the table. */
const ReportCsv = (report: ReportName): MethodDecorator =>
  applyDecorators(
    Get(`api/reports/${report}.csv`),
    Can('reports.view'),
    ApiProduces('text/csv'),
    ApiOperation({ summary: `Every row of the ${report.replaceAll('-', ' ')} report as a CSV file (sort and direction as the table)` }),
    ApiUnprocessableEntityResponse({ description: QUERY_REFUSED }),
  );

/**
 * Reports for company admins and report viewers (spec: learning §1 "view reports (course
 * progress, received courses, wallet)", §2 reports; `reports.view`). Each report is a page of a
 * sortable table, and the same path with `.csv` is every row as a CSV file. Whose rows is the
 * services' decision, from the signed-in user the guard put in the request context: their own
 * company, every company for administrators.
 */
@ApiTags('reports')
@Controller()
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @ReportTable('course-progress', "The course progress of the company's learners: one row per learner and course (default: started_at descending)", courseProgressPageSchema)
  courseProgress(@ZodQuery(courseProgressQuery) query: ReportHttpQuery<'course-progress'>): Promise<ReportPage<CourseProgressRow>> {
    return this.rpc.call(ReportsRpc.CourseProgress, query);
  }

  @ReportCsv('course-progress')
  courseProgressCsv(@ZodQuery(courseProgressQuery) query: ReportHttpQuery<'course-progress'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.csv(reply, 'course-progress', query, (pageQuery) => this.rpc.call(ReportsRpc.CourseProgress, pageQuery));
  }

  @Get('api/reports/course-progress/by-course')
  @Can('reports.view')
  @ApiAnswer('The chart of the course progress report: learners, completed and average progress per course', courseProgressByCourseAnswerSchema)
  courseProgressByCourse(): Promise<{ data: CourseProgressByCourse[] }> {
    return this.rpc.call(ReportsRpc.CourseProgressByCourse, {});
  }

  @ReportTable('received-courses', "The courses shared from the company's seats: recipient e-mail, course, shared at, expires, status (default: shared_at descending)", receivedCoursesPageSchema)
  receivedCourses(@ZodQuery(receivedCoursesQuery) query: ReportHttpQuery<'received-courses'>): Promise<ReportPage<ReceivedCourseRow>> {
    return this.rpc.call(ReportsRpc.ReceivedCourses, query);
  }

  @ReportCsv('received-courses')
  receivedCoursesCsv(@ZodQuery(receivedCoursesQuery) query: ReportHttpQuery<'received-courses'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.csv(reply, 'received-courses', query, (pageQuery) => this.rpc.call(ReportsRpc.ReceivedCourses, pageQuery));
  }

  @ReportTable('wallet-movements', "The movements of the company's wallets, each with its wallet's balance after it (default: date descending)", walletMovementsPageSchema)
  walletMovements(@ZodQuery(walletMovementsQuery) query: ReportHttpQuery<'wallet-movements'>): Promise<ReportPage<WalletMovementRow>> {
    return this.rpc.call(ReportsRpc.WalletMovements, query);
  }

  @ReportCsv('wallet-movements')
  walletMovementsCsv(@ZodQuery(walletMovementsQuery) query: ReportHttpQuery<'wallet-movements'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.csv(reply, 'wallet-movements', query, (pageQuery) => this.rpc.call(ReportsRpc.WalletMovements, pageQuery));
  }

  /** Every row of `report` in its columns, read page by page with the table's sort and direction. */
  private async csv<R extends ReportName>(
    reply: FastifyReply,
    report: R,
    query: ReportHttpQuery<R>,
    pageOf: (pageQuery: ReportHttpQuery<R>) => Promise<ReportPage<ReportRows[R]>>,
  ): Promise<Readable> {
    const file = await csvExport(REPORT_COLUMNS[report], (page, per_page) => pageOf({ sort: query.sort, direction: query.direction, page, per_page }));
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFilename(report)}"`);
    return file;
  }
}
