import { ReportsRpc, type CompanyLearnerSharesRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompanyLearners } from './company-learners.service.js';
import { ReceivedCoursesReport } from './received-courses.service.js';

@Controller()
export class ReportsRpcController {
  constructor(
    private readonly receivedCourses: ReceivedCoursesReport,
    private readonly learners: CompanyLearners,
  ) {}

  @MessagePattern(ReportsRpc.ReceivedCourses.pattern)
  received(@Ctx() ctx: RequestContext, @Payload() request: unknown) {
    return this.receivedCourses.page(ctx, request);
  }

  @MessagePattern(ReportsRpc.CompanyLearnerShares.pattern)
  learnerShares(@Ctx() ctx: RequestContext, @Payload() request: CompanyLearnerSharesRequest) {
    return this.learners.shares(ctx, request);
  }
}
