import {
  SharingRpc,
  TicketDocumentRpc,
  ticketActivationBodySchema,
  type ReceivedCourseDto,
  type TicketActivationBody,
  type TicketDto,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { GatewayInfra } from '../gateway-infra.js';
import { documentAnswer } from '../http/document-answer.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { ZodBody } from '../validation/zod-params.js';
import { CapabilityRoute } from '../http/route-verb.js';

/**
 * Activation attempts per signed-in account (decision 26): a code and password cannot be guessed
 * by trying, and a company's employees activating their tickets from one office address do not
 * use up each other's attempts.
 */
export const TICKET_ACTIVATION_LIMIT = { name: 'ticket-activation', limit: 10, windowSeconds: 600, by: 'user' as const };

const TICKET_REFERENCE = /^[A-Za-z0-9-]{4,20}$/;

function referencesOf(text: string | undefined): string[] {
  const refs = (text ?? '').split(',').map((r) => r.trim()).filter(Boolean);
  if (refs.length === 0 || refs.length > 200 || !refs.every((r) => TICKET_REFERENCE.test(r))) throw new NotFoundException({ message: 'Ticket not found.' });
  return refs;
}

/**
 * Tickets (spec: learning §2 `/tickets/{share_to}` and ticket activation, §3 Ticket). The owner
 * reads and prints them (the web page `/tickets/{share_to}` shows the ticket and links the PDF);
 * a learner activates one, with attempts limited per address.
 */
@ApiTags('sharing')
@Controller()
export class TicketsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly infra: GatewayInfra,
  ) {}

  @CapabilityRoute('GET', 'api/tickets/pdf', 'share.send', 'Your tickets as one PDF to print (share_to: comma separated references)')
  @ApiProduces('application/pdf')
  async pdf(@Query('share_to') shareTo: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { data } = await this.rpc.call(SharingRpc.Tickets, { shareTo: referencesOf(shareTo) });
    const pdf = await this.rpc.call(TicketDocumentRpc.Pdf, { tickets: data, activationUrl: `${this.infra.config.PUBLIC_BASE_URL}/ticket-activation` });
    return documentAnswer(reply, pdf, { disposition: 'inline', cacheControl: 'private, no-store' });
  }

  @CapabilityRoute('GET', 'api/tickets/:share_to', 'share.send', 'Your tickets (share_to: one reference, or several comma separated): code, password, course, available-till')
  tickets(@Param('share_to') shareTo: string): Promise<{ data: TicketDto[] }> {
    return this.rpc.call(SharingRpc.Tickets, { shareTo: referencesOf(shareTo) });
  }

  @CapabilityRoute('POST', 'api/tickets/activate', 'share.receive', "Activate a ticket: the course goes to My courses ('The activation code does not exists' otherwise)")
  @RateLimit(TICKET_ACTIVATION_LIMIT)
  @ApiOkResponse({ description: '`{ message, data }` with the received course' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address' })
  activate(@ZodBody(ticketActivationBodySchema) body: TicketActivationBody): Promise<{ message: string; data: ReceivedCourseDto }> {
    return this.rpc.call(SharingRpc.ActivateTicket, { code: body.code, password: body.password });
  }
}
