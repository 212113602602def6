import { paymentTargetSchema, PaymentsRpc, providerWebhookRequestSchema, type PaymentTarget } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
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
  checkoutOptions(@Ctx() ctx: RequestContext) {
    return this.options.options(ctx);
  }

  @MessagePattern(PaymentsRpc.PayWithWallet.pattern)
  payWithWallet(@Ctx() ctx: RequestContext, @ZodPayload(paymentTargetSchema) request: PaymentTarget) {
    return this.walletPayments.pay(ctx, request);
  }

  @MessagePattern(PaymentsRpc.CompleteFreeOrder.pattern)
  completeFree(@Ctx() ctx: RequestContext, @ZodPayload(paymentTargetSchema) request: PaymentTarget) {
    return this.freeOrders.pay(ctx, request);
  }

  @MessagePattern(PaymentsRpc.ProviderWebhook.pattern)
  webhook(@ZodPayload(providerWebhookRequestSchema) request: z.output<typeof providerWebhookRequestSchema>) {
    return this.webhooks.handle(request);
  }
}
