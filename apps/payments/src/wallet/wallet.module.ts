import { Module } from '@nestjs/common';
import { WalletRpcController } from './wallet.rpc.controller.js';
import { WalletService } from './wallet.service.js';

/** The wallet ledger, its balance and its report. */
@Module({
  controllers: [WalletRpcController],
  providers: [WalletService],
  exports: [WalletService],
})
export class WalletModule {}
