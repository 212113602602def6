import { Module } from '@nestjs/common';
import { WalletMovementsReport } from './wallet-movements.report.js';
import { WalletReportsRpcController } from './wallet-reports.rpc.controller.js';
import { WalletRpcController } from './wallet.rpc.controller.js';
import { WalletService } from './wallet.service.js';

/** The wallet ledger, its balance and its reports (the user's own; the company's movements). */
@Module({
  controllers: [WalletRpcController, WalletReportsRpcController],
  providers: [WalletService, WalletMovementsReport],
  exports: [WalletService],
})
export class WalletModule {}
