import { Module } from '@nestjs/common';
import { CompanyBuyers } from './company-buyers.service.js';
import { ReportsRpcController } from './reports.rpc.controller.js';

/** What the reports of other services ask of accounts: the company's buying people (its wallet). */
@Module({ controllers: [ReportsRpcController], providers: [CompanyBuyers] })
export class ReportsModule {}
