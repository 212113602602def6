import { Module } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module.js';
import { OrderConfirmationHandlers } from './order-confirmation.event-handlers.js';

/** The buyer's e-mail after payment. (The invoice PDF attachment comes with the invoices work.) */
@Module({
  imports: [EmailsModule],
  providers: [OrderConfirmationHandlers],
})
export class OrderConfirmationModule {}
