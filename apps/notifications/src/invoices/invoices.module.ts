import { Module } from '@nestjs/common';
import { InvoicesRpcController } from './invoices.rpc.controller.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Invoices of paid orders: issued by the order-confirmation handler (same transaction), their
 * PDFs, and the buyer's download (`InvoiceRpc`).
 */
@Module({
  controllers: [InvoicesRpcController],
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
