import { AccountErrorCode, AccountMessages, companyBuyersRequestSchema, learnerNamesRequestSchema, ReportsRpc } from '@aero/contracts';
import { Ctx, firstFieldMessage, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { CompanyBuyers } from './company-buyers.service.js';
import { LearnerNames } from './learner-names.service.js';

@Controller()
export class ReportsRpcController {
  constructor(
    private readonly buyers: CompanyBuyers,
    private readonly names: LearnerNames,
  ) {}

  /** A call that names no company may read no company's buyers (403, as another company's). */
  @MessagePattern(ReportsRpc.CompanyBuyers.pattern)
  companyBuyers(
    @Ctx() ctx: RequestContext,
    @ZodPayload(companyBuyersRequestSchema, { code: AccountErrorCode.Forbidden, message: AccountMessages.forbidden, status: 403 })
    request: z.output<typeof companyBuyersRequestSchema>,
  ) {
    return this.buyers.of(ctx, request.companyId);
  }

  @MessagePattern(ReportsRpc.LearnerNames.pattern)
  learnerNames(
    @Ctx() ctx: RequestContext,
    @ZodPayload(learnerNamesRequestSchema, { code: AccountErrorCode.Validation, message: firstFieldMessage }) request: z.output<typeof learnerNamesRequestSchema>,
  ) {
    return this.names.of(ctx, request.userIds);
  }
}
