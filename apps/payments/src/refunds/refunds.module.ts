import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { PaymentRefundWorker } from './payment-refund.worker.js';
import { PaymentRefunds } from './payment-refunds.service.js';
import { RefundSweep } from './refund-sweep.js';

/**
 * Refunds of payments that cannot be used. Jobs are queued by PaymentCompletion (its module,
 * OrdersModule, provides the queue) and run here, where the providers are; the sweep queues
 * again the refund of an attempt whose job was lost.
 */
@Module({
  imports: [OrdersModule, ProvidersModule],
  providers: [PaymentRefunds, PaymentRefundWorker, RefundSweep],
})
export class RefundsModule {}
