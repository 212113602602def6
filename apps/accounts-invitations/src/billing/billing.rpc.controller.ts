import { billingUpdateRequestSchema, ProfileRpc } from '@aero/contracts';
import { Ctx, ZodForm, type ParsedForm } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ACCOUNT_FORM } from '../common/account-refusals.js';
import { BillingService } from './billing.service.js';

@Controller()
export class BillingRpcController {
  constructor(private readonly billing: BillingService) {}

  @MessagePattern(ProfileRpc.GetBilling.pattern)
  get(@Ctx() ctx: RequestContext) {
    return this.billing.get(ctx);
  }

  @MessagePattern(ProfileRpc.UpdateBilling.pattern)
  update(@Ctx() ctx: RequestContext, @ZodForm(billingUpdateRequestSchema, ACCOUNT_FORM) form: ParsedForm<typeof billingUpdateRequestSchema>) {
    return this.billing.update(ctx, form);
  }
}
