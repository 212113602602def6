import { SharingRpc, type ActivateTicketRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TicketsService } from './tickets.service.js';

@Controller()
export class TicketsRpcController {
  constructor(private readonly tickets: TicketsService) {}

  @MessagePattern(SharingRpc.Tickets.pattern)
  get(@Ctx() ctx: RequestContext, @Payload() request: { shareTo: unknown }) {
    return this.tickets.tickets(ctx, request?.shareTo);
  }

  @MessagePattern(SharingRpc.ActivateTicket.pattern)
  activate(@Ctx() ctx: RequestContext, @Payload() request: ActivateTicketRequest) {
    return this.tickets.activate(ctx, request);
  }
}
