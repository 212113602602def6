import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { ProvidersModule } from '../providers/providers.module.js';
import { WalletModule } from '../wallet/wallet.module.js';
import { BankWireRpcController } from './bank-wire.rpc.controller.js';
import { BankWireService } from './bank-wire.service.js';
import { CardPaymentsService } from './card-payments.service.js';
import { CardRpcController } from './card.rpc.controller.js';
import { CheckoutOptionsService } from './checkout-options.service.js';
import { CheckoutRpcController } from './checkout.rpc.controller.js';
import { FreeOrdersService } from './free-orders.service.js';
import { PaymentTargets } from './payment-targets.js';
import { PayPalPaymentsService } from './paypal-payments.service.js';
import { PayPalRpcController } from './paypal.rpc.controller.js';
import { ProviderWebhooksService } from './provider-webhooks.service.js';
import { WalletPaymentsService } from './wallet-payments.service.js';

/** The payment page and every payment method, end to end. */
@Module({
  imports: [OrdersModule, WalletModule, ProvidersModule],
  controllers: [CheckoutRpcController, CardRpcController, PayPalRpcController, BankWireRpcController],
  providers: [
    PaymentTargets,
    CheckoutOptionsService,
    CardPaymentsService,
    PayPalPaymentsService,
    BankWireService,
    WalletPaymentsService,
    FreeOrdersService,
    ProviderWebhooksService,
  ],
})
export class CheckoutModule {}
