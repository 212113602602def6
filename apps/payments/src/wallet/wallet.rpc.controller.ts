import { pageQuerySchema, PaymentsRpc, type PageQuery } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { buyerIdOf } from '../orders/order-input.js';
import { WalletService } from './wallet.service.js';

/** The acting user's wallet. */
@Controller()
export class WalletRpcController {
  constructor(private readonly wallet: WalletService) {}

  @MessagePattern(PaymentsRpc.WalletBalance.pattern)
  balance(@Ctx() ctx: RequestContext) {
    return this.wallet.balance(buyerIdOf(ctx));
  }

  @MessagePattern(PaymentsRpc.WalletLedger.pattern)
  ledger(@Ctx() ctx: RequestContext, @ZodPayload(pageQuerySchema) request: PageQuery) {
    return this.wallet.ledger(buyerIdOf(ctx), request.page, request.per_page);
  }
}
