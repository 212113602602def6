import { ReportsRpc, type ReportQuery } from '@aero/contracts';
import { Ctx, ReportPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { WalletMovementsReport } from './wallet-movements.report.js';

@Controller()
export class WalletReportsRpcController {
  constructor(private readonly movements: WalletMovementsReport) {}

  @MessagePattern(ReportsRpc.WalletMovements.pattern)
  walletMovements(@Ctx() ctx: RequestContext, @ReportPayload('wallet-movements') query: ReportQuery<'wallet-movements'>) {
    return this.movements.page(ctx, query);
  }
}
