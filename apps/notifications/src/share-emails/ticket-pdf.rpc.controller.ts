import { TicketDocumentRpc, ticketsPdfRequestSchema, type TicketsPdfDto, type TicketsPdfRequest } from '@aero/contracts';
import { ZodPayload } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { renderTicketsPdf } from './ticket-pdf.js';

/**
 * The printable tickets as one PDF. The gateway asks sharing-organize for the tickets first (only
 * their owner gets them) and passes them here; nothing is stored.
 */
@Controller()
export class TicketPdfRpcController {
  @MessagePattern(TicketDocumentRpc.Pdf.pattern)
  async pdf(@ZodPayload(ticketsPdfRequestSchema) { tickets, activationUrl }: TicketsPdfRequest): Promise<TicketsPdfDto> {
    const pdf = await renderTicketsPdf(tickets, activationUrl);
    return {
      filename: tickets.length === 1 ? `ticket-${tickets[0].code}.pdf` : `tickets-${tickets.length}.pdf`,
      content_type: 'application/pdf',
      base64: pdf.toString('base64'),
    };
  }
}
