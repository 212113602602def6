import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { BankWireInstructionsHandlers } from './bank-wire-instructions.event-handlers.js';
import { OrderConfirmationHandlers } from './order-confirmation.event-handlers.js';

/** The buyer's e-mails about an order: after payment (with the invoice PDF), and the bank-wire details. */
@Module({
  imports: [EmailsModule, InvoicesModule],
  providers: [OrderConfirmationHandlers, BankWireInstructionsHandlers],
})
export class OrderConfirmationModule {}
