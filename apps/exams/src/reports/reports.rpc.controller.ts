import { ReportsRpc } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CourseProgressReport } from './course-progress.report.js';

@Controller()
export class ReportsRpcController {
  constructor(private readonly courseProgress: CourseProgressReport) {}

  @MessagePattern(ReportsRpc.CourseProgress.pattern)
  page(@Ctx() ctx: RequestContext, @Payload() request: unknown) {
    return this.courseProgress.page(ctx, request);
  }

  @MessagePattern(ReportsRpc.CourseProgressByCourse.pattern)
  byCourse(@Ctx() ctx: RequestContext) {
    return this.courseProgress.byCourse(ctx);
  }
}
