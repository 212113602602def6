import { activateTicketRequestSchema, SharingRpc, ticketsRequestSchema, type TicketActivationBody } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { SHARING_REFUSAL } from '../common/sharing.errors.js';
import { TicketsService } from './tickets.service.js';

@Controller()
export class TicketsRpcController {
  constructor(private readonly tickets: TicketsService) {}

  @MessagePattern(SharingRpc.Tickets.pattern)
  get(@Ctx() ctx: RequestContext, @ZodPayload(ticketsRequestSchema) request: z.output<typeof ticketsRequestSchema>) {
    return this.tickets.tickets(ctx, request.shareTo);
  }

  @MessagePattern(SharingRpc.ActivateTicket.pattern)
  activate(@Ctx() ctx: RequestContext, @ZodPayload(activateTicketRequestSchema, SHARING_REFUSAL) request: TicketActivationBody) {
    return this.tickets.activate(ctx, request);
  }
}
