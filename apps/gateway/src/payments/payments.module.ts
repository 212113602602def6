import { Module } from '@nestjs/common';
import { AccountGuard } from '../accounts/access/account.guard.js';
import { SignedInUsers } from '../accounts/access/signed-in-users.js';
import { BankWireController } from './bank-wire.controller.js';
import { CardController } from './card.controller.js';
import { CheckoutController } from './checkout.controller.js';
import { OrdersController } from './orders.controller.js';
import { PaymentTargets } from './payment-targets.js';
import { PayPalController } from './paypal.controller.js';
import { SandboxController } from './sandbox.controller.js';
import { WalletController } from './wallet.controller.js';

/**
 * The HTTP face of the payments service (apps/payments/README.md "Routes and what the gateway
 * calls"): the payment page, every payment method, provider returns and webhooks, orders, the
 * wallet and the sandbox provider's pages. The buyer is the signed-in user (@Can guards), the
 * cart the session's.
 */
@Module({
  controllers: [
    CheckoutController,
    CardController,
    PayPalController,
    BankWireController,
    WalletController,
    OrdersController,
    SandboxController,
  ],
  providers: [SignedInUsers, AccountGuard, PaymentTargets],
})
export class PaymentsGatewayModule {}
