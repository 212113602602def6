import { KycRpc, type DecideKycRequest, type ListKycRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KycService } from './kyc.service.js';

@Controller()
export class KycRpcController {
  constructor(private readonly kyc: KycService) {}

  @MessagePattern(KycRpc.ListPending.pattern)
  listPending(@Payload() request: ListKycRequest) {
    return this.kyc.listPending(request ?? ({} as ListKycRequest));
  }

  @MessagePattern(KycRpc.Decide.pattern)
  decide(@Payload() request: DecideKycRequest) {
    return this.kyc.decide(request ?? ({} as DecideKycRequest));
  }
}
