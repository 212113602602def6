import { InvoiceRpc, type InvoicePdfRequest, type InvoicesForOrdersRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InvoicesService } from './invoices.service.js';

@Controller()
export class InvoicesRpcController {
  constructor(private readonly invoices: InvoicesService) {}

  @MessagePattern(InvoiceRpc.Pdf.pattern)
  pdf(@Payload() request: InvoicePdfRequest) {
    return this.invoices.pdfForBuyer(request);
  }

  @MessagePattern(InvoiceRpc.ForOrders.pattern)
  forOrders(@Payload() request: InvoicesForOrdersRequest) {
    return this.invoices.forOrders(request);
  }
}
