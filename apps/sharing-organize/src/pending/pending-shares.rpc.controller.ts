import { SharingRpc } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { PendingSharesService } from './pending-shares.service.js';

@Controller()
export class PendingSharesRpcController {
  constructor(private readonly pending: PendingSharesService) {}

  @MessagePattern(SharingRpc.HasPending.pattern)
  hasPending(@Ctx() ctx: RequestContext) {
    return this.pending.hasPending(ctx);
  }

  @MessagePattern(SharingRpc.ReceivePending.pattern)
  receivePending(@Ctx() ctx: RequestContext) {
    return this.pending.receivePending(ctx);
  }

  @MessagePattern(SharingRpc.ReceivedCourses.pattern)
  receivedCourses(@Ctx() ctx: RequestContext) {
    return this.pending.receivedCourses(ctx);
  }
}
