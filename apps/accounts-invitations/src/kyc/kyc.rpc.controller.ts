import { kycDecisionRequestSchema, kycListRequestSchema, KycRpc } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { ACCOUNT_FORM } from '../common/account-refusals.js';
import { KycService } from './kyc.service.js';

@Controller()
export class KycRpcController {
  constructor(private readonly kyc: KycService) {}

  @MessagePattern(KycRpc.ListPending.pattern)
  listPending(@Ctx() ctx: RequestContext, @ZodPayload(kycListRequestSchema) request: z.output<typeof kycListRequestSchema>) {
    return this.kyc.listPending(ctx, request);
  }

  @MessagePattern(KycRpc.Decide.pattern)
  decide(@Ctx() ctx: RequestContext, @ZodPayload(kycDecisionRequestSchema, ACCOUNT_FORM) request: z.output<typeof kycDecisionRequestSchema>) {
    return this.kyc.decide(ctx, request);
  }
}
