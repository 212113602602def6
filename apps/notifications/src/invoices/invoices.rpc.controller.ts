import { InvoiceErrorCode, InvoiceRpc, invoicePdfRequestSchema, invoicesForOrdersRequestSchema, type InvoicePdfRequest, type InvoicesForOrdersRequest } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InvoicesService } from './invoices.service.js';

@Controller()
export class InvoicesRpcController {
  constructor(private readonly invoices: InvoicesService) {}

  @MessagePattern(InvoiceRpc.Pdf.pattern)
  pdf(@Ctx() ctx: RequestContext, @ZodPayload(invoicePdfRequestSchema) request: InvoicePdfRequest) {
    return this.invoices.pdfForBuyer(ctx, request.orderId);
  }

  @MessagePattern(InvoiceRpc.ForOrders.pattern)
  forOrders(@Ctx() ctx: RequestContext, @ZodPayload(invoicesForOrdersRequestSchema, { code: InvoiceErrorCode.Validation }) request: InvoicesForOrdersRequest) {
    return this.invoices.forOrders(ctx, request.orderIds);
  }
}
