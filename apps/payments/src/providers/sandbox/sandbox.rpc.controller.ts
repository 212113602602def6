import { PaymentsRpc, type SandboxPayPalDecideRequest, type SandboxThreeDsCompleteRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SandboxService } from './sandbox.service.js';

/** The sandbox provider's pages (3-D Secure, PayPal approval): data and actions. */
@Controller()
export class SandboxRpcController {
  constructor(private readonly sandbox: SandboxService) {}

  @MessagePattern(PaymentsRpc.SandboxThreeDsGet.pattern)
  threeDs(@Payload() request: { transactionId: string }) {
    return this.sandbox.threeDs(request?.transactionId);
  }

  @MessagePattern(PaymentsRpc.SandboxThreeDsComplete.pattern)
  completeThreeDs(@Payload() request: SandboxThreeDsCompleteRequest) {
    return this.sandbox.completeThreeDs(request);
  }

  @MessagePattern(PaymentsRpc.SandboxPayPalGet.pattern)
  payPal(@Payload() request: { paypalOrderId: string }) {
    return this.sandbox.payPal(request?.paypalOrderId);
  }

  @MessagePattern(PaymentsRpc.SandboxPayPalDecide.pattern)
  decidePayPal(@Payload() request: SandboxPayPalDecideRequest) {
    return this.sandbox.decidePayPal(request);
  }
}
