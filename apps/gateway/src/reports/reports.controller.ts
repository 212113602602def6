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
  type WalletMovementRow,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { Can } from '../accounts/access/access.decorators.js';
import { apiSchema } from '../openapi/zod-schemas.js';
import { ZodQuery } from '../validation/zod-params.js';
import { csvExport, csvFilename } from './report-export.js';

const courseProgressQuery = reportQuerySchema('course-progress');
const receivedCoursesQuery = reportQuerySchema('received-courses');
const walletMovementsQuery = reportQuerySchema('wallet-movements');
const QUERY_REFUSED = 'errors.sort (not a column of the report), errors.direction, errors.page, errors.per_page (10 to 50 by 10)';

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

  @Get('api/reports/course-progress')
  @Can('reports.view')
  @ApiOperation({ summary: "The course progress of the company's learners: one row per learner and course (default: started_at descending)" })
  @ApiOkResponse({ schema: apiSchema(courseProgressPageSchema) })
  @ApiUnprocessableEntityResponse({ description: QUERY_REFUSED })
  courseProgress(@ZodQuery(courseProgressQuery) query: ReportHttpQuery<'course-progress'>): Promise<ReportPage<CourseProgressRow>> {
    return this.rpc.call(ReportsRpc.CourseProgress, query);
  }

  @Get('api/reports/course-progress.csv')
  @Can('reports.view')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Every row of the course progress report as a CSV file (sort and direction as the table)' })
  @ApiUnprocessableEntityResponse({ description: QUERY_REFUSED })
  courseProgressCsv(@ZodQuery(courseProgressQuery) query: ReportHttpQuery<'course-progress'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.csv(reply, 'course-progress', REPORT_COLUMNS['course-progress'], (page, per_page) =>
      this.rpc.call(ReportsRpc.CourseProgress, { sort: query.sort, direction: query.direction, page, per_page }),
    );
  }

  @Get('api/reports/course-progress/by-course')
  @Can('reports.view')
  @ApiOperation({ summary: 'The chart of the course progress report: learners, completed and average progress per course' })
  @ApiOkResponse({ schema: apiSchema(courseProgressByCourseAnswerSchema) })
  courseProgressByCourse(): Promise<{ data: CourseProgressByCourse[] }> {
    return this.rpc.call(ReportsRpc.CourseProgressByCourse, {});
  }

  @Get('api/reports/received-courses')
  @Can('reports.view')
  @ApiOperation({ summary: "The courses shared from the company's seats: recipient e-mail, course, shared at, expires, status (default: shared_at descending)" })
  @ApiOkResponse({ schema: apiSchema(receivedCoursesPageSchema) })
  @ApiUnprocessableEntityResponse({ description: QUERY_REFUSED })
  receivedCourses(@ZodQuery(receivedCoursesQuery) query: ReportHttpQuery<'received-courses'>): Promise<ReportPage<ReceivedCourseRow>> {
    return this.rpc.call(ReportsRpc.ReceivedCourses, query);
  }

  @Get('api/reports/received-courses.csv')
  @Can('reports.view')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Every row of the received courses report as a CSV file (sort and direction as the table)' })
  @ApiUnprocessableEntityResponse({ description: QUERY_REFUSED })
  receivedCoursesCsv(@ZodQuery(receivedCoursesQuery) query: ReportHttpQuery<'received-courses'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.csv(reply, 'received-courses', REPORT_COLUMNS['received-courses'], (page, per_page) =>
      this.rpc.call(ReportsRpc.ReceivedCourses, { sort: query.sort, direction: query.direction, page, per_page }),
    );
  }

  @Get('api/reports/wallet-movements')
  @Can('reports.view')
  @ApiOperation({ summary: "The movements of the company's wallets, each with its wallet's balance after it (default: date descending)" })
  @ApiOkResponse({ schema: apiSchema(walletMovementsPageSchema) })
  @ApiUnprocessableEntityResponse({ description: QUERY_REFUSED })
  walletMovements(@ZodQuery(walletMovementsQuery) query: ReportHttpQuery<'wallet-movements'>): Promise<ReportPage<WalletMovementRow>> {
    return this.rpc.call(ReportsRpc.WalletMovements, query);
  }

  @Get('api/reports/wallet-movements.csv')
  @Can('reports.view')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: 'Every row of the wallet movements report as a CSV file (sort and direction as the table)' })
  @ApiUnprocessableEntityResponse({ description: QUERY_REFUSED })
  walletMovementsCsv(@ZodQuery(walletMovementsQuery) query: ReportHttpQuery<'wallet-movements'>, @Res({ passthrough: true }) reply: FastifyReply): Promise<Readable> {
    return this.csv(reply, 'wallet-movements', REPORT_COLUMNS['wallet-movements'], (page, per_page) =>
      this.rpc.call(ReportsRpc.WalletMovements, { sort: query.sort, direction: query.direction, page, per_page }),
    );
  }

  private async csv<Row extends object>(
    reply: FastifyReply,
    report: ReportName,
    columns: readonly (keyof Row & string)[],
    pageOf: (page: number, perPage: number) => Promise<ReportPage<Row>>,
  ): Promise<Readable> {
    const file = await csvExport(columns, pageOf);
    void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFilename(report)}"`);
    return file;
  }
}
