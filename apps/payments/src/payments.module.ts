import { Module } from '@nestjs/common';
import { CheckoutModule } from './checkout/checkout.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsConfigModule } from './payments-config.module.js';
import { RefundsModule } from './refunds/refunds.module.js';
import { WalletModule } from './wallet/wallet.module.js';

/** The payments service: orders, checkout with every payment method, the wallet, refunds. */
@Module({ imports: [PaymentsConfigModule, OrdersModule, WalletModule, CheckoutModule, RefundsModule] })
export class PaymentsModule {}
