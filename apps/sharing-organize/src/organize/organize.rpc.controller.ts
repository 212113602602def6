import { SharingRpc, type DeliverCoursesRequest, type ProgramRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OrganizeService } from './organize.service.js';

@Controller()
export class OrganizeRpcController {
  constructor(private readonly organize: OrganizeService) {}

  @MessagePattern(SharingRpc.GetOrganizeDraft.pattern)
  draft(@Ctx() ctx: RequestContext) {
    return this.organize.draft(ctx);
  }

  @MessagePattern(SharingRpc.SaveOrganizeDraft.pattern)
  save(@Ctx() ctx: RequestContext, @Payload() request: { new_course_information?: unknown }) {
    return this.organize.saveDraft(ctx, request?.new_course_information);
  }

  @MessagePattern(SharingRpc.ClearOrganizeDraft.pattern)
  clear(@Ctx() ctx: RequestContext) {
    return this.organize.clearDraft(ctx);
  }

  @MessagePattern(SharingRpc.OrganizeAvailability.pattern)
  availability(@Ctx() ctx: RequestContext, @Payload() request: ProgramRequest) {
    return this.organize.availability(ctx, request?.programId);
  }

  @MessagePattern(SharingRpc.DeliverCourses.pattern)
  deliver(@Ctx() ctx: RequestContext, @Payload() request: DeliverCoursesRequest) {
    return this.organize.deliver(ctx, request);
  }
}
