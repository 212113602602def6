import { Module } from '@nestjs/common';
import { SeatsModule } from '../seats/seats.module.js';
import { ShareLedger } from './share-ledger.js';
import { SharesRpcController } from './shares.rpc.controller.js';
import { SharesService } from './shares.service.js';

/** Shares: the state machine of a shared seat, its audit trail and events; quick share, resend, cancel, recall. */
@Module({
  imports: [SeatsModule],
  controllers: [SharesRpcController],
  providers: [ShareLedger, SharesService],
  exports: [ShareLedger],
})
export class SharesModule {}
