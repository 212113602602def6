import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { KycRpcController } from './kyc.rpc.controller.js';
import { KycService } from './kyc.service.js';

@Module({ imports: [AccountsCoreModule], controllers: [KycRpcController], providers: [KycService] })
export class KycModule {}
