import { InvoiceRpc, type InvoicePdfRequest, type InvoicesForOrdersRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InvoicesService } from './invoices.service.js';

@Controller()
export class InvoicesRpcController {
  constructor(private readonly invoices: InvoicesService) {}

  @MessagePattern(InvoiceRpc.Pdf.pattern)
  pdf(@Ctx() ctx: RequestContext, @Payload() request: InvoicePdfRequest) {
    return this.invoices.pdfForBuyer(ctx, request);
  }

  @MessagePattern(InvoiceRpc.ForOrders.pattern)
  forOrders(@Ctx() ctx: RequestContext, @Payload() request: InvoicesForOrdersRequest) {
    return this.invoices.forOrders(ctx, request);
  }
}
