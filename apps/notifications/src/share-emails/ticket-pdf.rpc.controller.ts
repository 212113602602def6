import { TicketDocumentRpc, type TicketsPdfDto, type TicketsPdfRequest } from '@aero/contracts';
import { DomainError } from '@aero/backend-errors';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { renderTicketsPdf } from './ticket-pdf.js';

/**
 * The printable tickets as one PDF. The gateway asks sharing-organize for the tickets first (only
 * their owner gets them) and passes them here; nothing is stored.
 */
@Controller()
export class TicketPdfRpcController {
  @MessagePattern(TicketDocumentRpc.Pdf.pattern)
  async pdf(@Payload() request: TicketsPdfRequest): Promise<TicketsPdfDto> {
    const tickets = Array.isArray(request?.tickets) ? request.tickets : [];
    if (tickets.length === 0 || tickets.length > 200) throw DomainError.field('tickets', 'Between 1 and 200 tickets can be printed at once.');
    const pdf = await renderTicketsPdf(tickets, String(request.activationUrl ?? ''));
    return {
      filename: tickets.length === 1 ? `ticket-${tickets[0].code}.pdf` : `tickets-${tickets.length}.pdf`,
      content_type: 'application/pdf',
      base64: pdf.toString('base64'),
    };
  }
}
