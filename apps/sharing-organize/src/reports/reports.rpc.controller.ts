import { companyLearnerSharesRequestSchema, ReportsRpc, type ReportQuery } from '@aero/contracts';
import { Ctx, firstFieldMessage, ReportPayload, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { CompanyLearners } from './company-learners.service.js';
import { ReceivedCoursesReport } from './received-courses.service.js';

@Controller()
export class ReportsRpcController {
  constructor(
    private readonly receivedCourses: ReceivedCoursesReport,
    private readonly learners: CompanyLearners,
  ) {}

  @MessagePattern(ReportsRpc.ReceivedCourses.pattern)
  received(@Ctx() ctx: RequestContext, @ReportPayload('received-courses') query: ReportQuery<'received-courses'>) {
    return this.receivedCourses.page(ctx, query);
  }

  @MessagePattern(ReportsRpc.CompanyLearnerShares.pattern)
  learnerShares(
    @Ctx() ctx: RequestContext,
    @ZodPayload(companyLearnerSharesRequestSchema, { message: firstFieldMessage }) request: z.output<typeof companyLearnerSharesRequestSchema>,
  ) {
    return this.learners.shares(ctx, request.after);
  }
}
