import { Module } from '@nestjs/common';
import { AccountsCoreModule } from '../common/accounts-core.module.js';
import { CountriesRpcController } from './countries.rpc.controller.js';

@Module({ imports: [AccountsCoreModule], controllers: [CountriesRpcController] })
export class CountriesModule {}
