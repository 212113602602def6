import { InvoiceRpc, type AccountUserDto } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Actor, SignedIn } from '../accounts/access/access.decorators.js';
import { documentAnswer } from '../http/document-answer.js';

/**
 * The invoice PDF of a paid order (the orders screen's "PDF invoice"; issue 4). Notifications
 * issues the invoice when the order is paid and answers it to the buyer only.
 */
@ApiTags('orders')
@Controller()
export class InvoicesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * The same document as the one attached to the order confirmation e-mail. Another user's
   * order, an unpaid or unknown order: 404 `{ message: 'Invoice not found.' }` (whether the
   * order exists is not told).
   */
  @Get('orders/:uuid/invoice')
  @SignedIn()
  @ApiOperation({ summary: 'Download the invoice PDF of one of your paid orders' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF, as an attachment named invoice-<number>.pdf' })
  @ApiNotFoundResponse({ description: "'Invoice not found.': not your order, not paid, or unknown" })
  async invoice(@Actor() user: AccountUserDto, @Param('uuid') orderId: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    // The guard read the user: the call carries them as the actor (only the buyer gets it).
    const pdf = await this.rpc.call(InvoiceRpc.Pdf, { orderId });
    return documentAnswer(reply, pdf, { disposition: 'attachment' });
  }
}
