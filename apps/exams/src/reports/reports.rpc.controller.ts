import { ReportsRpc, type ReportQuery } from '@aero/contracts';
import { Ctx, ReportPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CourseProgressReport } from './course-progress.report.js';

@Controller()
export class ReportsRpcController {
  constructor(private readonly courseProgress: CourseProgressReport) {}

  @MessagePattern(ReportsRpc.CourseProgress.pattern)
  page(@Ctx() ctx: RequestContext, @ReportPayload('course-progress') query: ReportQuery<'course-progress'>) {
    return this.courseProgress.page(ctx, query);
  }

  @MessagePattern(ReportsRpc.CourseProgressByCourse.pattern)
  byCourse(@Ctx() ctx: RequestContext) {
    return this.courseProgress.byCourse(ctx);
  }
}
