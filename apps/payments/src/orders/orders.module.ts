import { Module } from '@nestjs/common';
import { PaymentAttemptsRepository } from '../attempts/payment-attempts.repository.js';
import { PaymentCompletion } from '../attempts/payment-completion.service.js';
import { PaymentRefundQueue } from '../refunds/payment-refund.queue.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { OrderExpiryQueue } from './order-expiry.queue.js';
import { OrderExpiryWorker } from './order-expiry.worker.js';
import { OrderSweeps } from './order-sweeps.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersRpcController } from './orders.rpc.controller.js';
import { OrdersService } from './orders.service.js';

/**
 * Orders, their payment attempts and the one place an order becomes paid (which queues the
 * refund of a payment it cannot use; RefundsModule runs those jobs).
 */
@Module({
  imports: [WalletModule],
  controllers: [OrdersRpcController],
  providers: [
    OrdersService,
    OrdersRepository,
    OrderExpiryQueue,
    OrderExpiryWorker,
    OrderSweeps,
    PaymentAttemptsRepository,
    PaymentCompletion,
    PaymentRefundQueue,
  ],
  exports: [OrdersService, OrdersRepository, PaymentAttemptsRepository, PaymentCompletion, PaymentRefundQueue],
})
export class OrdersModule {}
