import { ReportsRpc, type CompanyBuyersRequest, type LearnerNamesRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompanyBuyers } from './company-buyers.service.js';
import { LearnerNames } from './learner-names.service.js';

@Controller()
export class ReportsRpcController {
  constructor(
    private readonly buyers: CompanyBuyers,
    private readonly names: LearnerNames,
  ) {}

  @MessagePattern(ReportsRpc.CompanyBuyers.pattern)
  companyBuyers(@Ctx() ctx: RequestContext, @Payload() request: CompanyBuyersRequest) {
    return this.buyers.of(ctx, request);
  }

  @MessagePattern(ReportsRpc.LearnerNames.pattern)
  learnerNames(@Ctx() ctx: RequestContext, @Payload() request: LearnerNamesRequest) {
    return this.names.of(ctx, request);
  }
}
