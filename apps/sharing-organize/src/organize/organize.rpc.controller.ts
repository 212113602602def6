import { deliverCoursesRequestSchema, organizeDraftRequestSchema, programRequestSchema, SharingErrorCode, SharingMessages, SharingRpc } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { DELIVERY_REFUSAL, SHARING_REFUSAL } from '../common/sharing.errors.js';
import { OrganizeService } from './organize.service.js';

@Controller()
export class OrganizeRpcController {
  constructor(private readonly organize: OrganizeService) {}

  @MessagePattern(SharingRpc.GetOrganizeDraft.pattern)
  draft(@Ctx() ctx: RequestContext) {
    return this.organize.draft(ctx);
  }

  /** A draft of any other shape (or too large to keep) is the students list error, as the screen reads it. */
  @MessagePattern(SharingRpc.SaveOrganizeDraft.pattern)
  save(
    @Ctx() ctx: RequestContext,
    @ZodPayload(organizeDraftRequestSchema, { code: SharingErrorCode.StudentsIncorrect, message: SharingMessages.studentsIncorrect })
    request: z.output<typeof organizeDraftRequestSchema>,
  ) {
    return this.organize.saveDraft(ctx, request.new_course_information);
  }

  @MessagePattern(SharingRpc.ClearOrganizeDraft.pattern)
  clear(@Ctx() ctx: RequestContext) {
    return this.organize.clearDraft(ctx);
  }

  @MessagePattern(SharingRpc.OrganizeAvailability.pattern)
  availability(@Ctx() ctx: RequestContext, @ZodPayload(programRequestSchema, SHARING_REFUSAL) request: z.output<typeof programRequestSchema>) {
    return this.organize.availability(ctx, request.programId);
  }

  @MessagePattern(SharingRpc.DeliverCourses.pattern)
  deliver(@Ctx() ctx: RequestContext, @ZodPayload(deliverCoursesRequestSchema, DELIVERY_REFUSAL) request: z.output<typeof deliverCoursesRequestSchema>) {
    return this.organize.deliver(ctx, request);
  }
}
