import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { OrderConfirmationHandlers } from './order-confirmation.event-handlers.js';

/** The buyer's e-mail after payment, with the order's invoice PDF attached. */
@Module({
  imports: [EmailsModule, InvoicesModule],
  providers: [OrderConfirmationHandlers],
})
export class OrderConfirmationModule {}
