import { programRequestSchema, SharingRpc } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { SHARING_REFUSAL } from '../common/sharing.errors.js';
import { SeatsService } from './seats.service.js';

type ProgramRequest = z.output<typeof programRequestSchema>;

@Controller()
export class SeatsRpcController {
  constructor(private readonly seats: SeatsService) {}

  @MessagePattern(SharingRpc.AvailabilityList.pattern)
  availabilityList(@Ctx() ctx: RequestContext, @ZodPayload(programRequestSchema, SHARING_REFUSAL) request: ProgramRequest) {
    return this.seats.availabilityList(ctx, request.programId);
  }

  @MessagePattern(SharingRpc.AvailableForSharing.pattern)
  availableForSharing(@Ctx() ctx: RequestContext, @ZodPayload(programRequestSchema, SHARING_REFUSAL) request: ProgramRequest) {
    return this.seats.availableForSharing(ctx, request.programId);
  }

  @MessagePattern(SharingRpc.SharableCourses.pattern)
  sharableCourses(@Ctx() ctx: RequestContext) {
    return this.seats.sharableCourses(ctx);
  }
}
