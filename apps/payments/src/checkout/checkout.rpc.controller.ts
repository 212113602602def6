import { PaymentsRpc, type CheckoutOptionsRequest, type PaymentTarget, type ProviderWebhookRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CheckoutOptionsService } from './checkout-options.service.js';
import { FreeOrdersService } from './free-orders.service.js';
import { ProviderWebhooksService } from './provider-webhooks.service.js';
import { WalletPaymentsService } from './wallet-payments.service.js';

/** The payment page, the methods without a provider (wallet, free) and provider webhooks. */
@Controller()
export class CheckoutRpcController {
  constructor(
    private readonly options: CheckoutOptionsService,
    private readonly walletPayments: WalletPaymentsService,
    private readonly freeOrders: FreeOrdersService,
    private readonly webhooks: ProviderWebhooksService,
  ) {}

  @MessagePattern(PaymentsRpc.CheckoutOptions.pattern)
  checkoutOptions(@Payload() request: CheckoutOptionsRequest) {
    return this.options.options(request);
  }

  @MessagePattern(PaymentsRpc.PayWithWallet.pattern)
  payWithWallet(@Payload() request: PaymentTarget) {
    return this.walletPayments.pay(request);
  }

  @MessagePattern(PaymentsRpc.CompleteFreeOrder.pattern)
  completeFree(@Payload() request: PaymentTarget) {
    return this.freeOrders.pay(request);
  }

  @MessagePattern(PaymentsRpc.ProviderWebhook.pattern)
  webhook(@Payload() request: ProviderWebhookRequest) {
    return this.webhooks.handle(request);
  }
}
