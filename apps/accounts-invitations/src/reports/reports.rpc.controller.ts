import { ReportsRpc, type CompanyBuyersRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CompanyBuyers } from './company-buyers.service.js';

@Controller()
export class ReportsRpcController {
  constructor(private readonly buyers: CompanyBuyers) {}

  @MessagePattern(ReportsRpc.CompanyBuyers.pattern)
  companyBuyers(@Ctx() ctx: RequestContext, @Payload() request: CompanyBuyersRequest) {
    return this.buyers.of(ctx, request);
  }
}
