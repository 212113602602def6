import { ProfileRpc, type ActorRequest, type UpdateBillingRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingService } from './billing.service.js';

@Controller()
export class BillingRpcController {
  constructor(private readonly billing: BillingService) {}

  @MessagePattern(ProfileRpc.GetBilling.pattern)
  get(@Payload() request: ActorRequest) {
    return this.billing.get(request?.actorId);
  }

  @MessagePattern(ProfileRpc.UpdateBilling.pattern)
  update(@Payload() request: UpdateBillingRequest) {
    return this.billing.update(request ?? ({} as UpdateBillingRequest));
  }
}
