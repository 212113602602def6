import { ReportsRpc } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WalletMovementsReport } from './wallet-movements.report.js';

@Controller()
export class WalletReportsRpcController {
  constructor(private readonly movements: WalletMovementsReport) {}

  @MessagePattern(ReportsRpc.WalletMovements.pattern)
  walletMovements(@Ctx() ctx: RequestContext, @Payload() request: unknown) {
    return this.movements.page(ctx, request);
  }
}
