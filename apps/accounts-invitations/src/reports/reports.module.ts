import { Module } from '@nestjs/common';
import { CompanyBuyers } from './company-buyers.service.js';
import { LearnerNames } from './learner-names.service.js';
import { ReportsRpcController } from './reports.rpc.controller.js';

/** What the reports of other services ask of accounts: the company's buying people (its wallet), the learners' names. */
@Module({ controllers: [ReportsRpcController], providers: [CompanyBuyers, LearnerNames] })
export class ReportsModule {}
