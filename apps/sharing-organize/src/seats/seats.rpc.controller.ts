import { SharingRpc, type ProgramRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SeatsService } from './seats.service.js';

@Controller()
export class SeatsRpcController {
  constructor(private readonly seats: SeatsService) {}

  @MessagePattern(SharingRpc.AvailabilityList.pattern)
  availabilityList(@Ctx() ctx: RequestContext, @Payload() request: ProgramRequest) {
    return this.seats.availabilityList(ctx, request?.programId);
  }

  @MessagePattern(SharingRpc.AvailableForSharing.pattern)
  availableForSharing(@Ctx() ctx: RequestContext, @Payload() request: ProgramRequest) {
    return this.seats.availableForSharing(ctx, request?.programId);
  }

  @MessagePattern(SharingRpc.SharableCourses.pattern)
  sharableCourses(@Ctx() ctx: RequestContext) {
    return this.seats.sharableCourses(ctx);
  }
}
