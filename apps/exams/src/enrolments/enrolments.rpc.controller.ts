import { ExamsRpc, type CourseHistoryRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EnrolmentsService } from './enrolments.service.js';

@Controller()
export class EnrolmentsRpcController {
  constructor(private readonly enrolments: EnrolmentsService) {}

  @MessagePattern(ExamsRpc.MyCourses.pattern)
  myCourses(@Ctx() ctx: RequestContext) {
    return this.enrolments.myCourses(ctx);
  }

  @MessagePattern(ExamsRpc.CourseHistory.pattern)
  history(@Ctx() ctx: RequestContext, @Payload() request: CourseHistoryRequest) {
    return this.enrolments.history(ctx, request);
  }
}
