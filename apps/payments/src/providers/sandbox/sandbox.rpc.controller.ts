import {
  PaymentsRpc,
  sandboxPayPalDecideRequestSchema,
  sandboxPayPalOrderRequestSchema,
  sandboxThreeDsCompleteRequestSchema,
  sandboxTransactionRequestSchema,
  type SandboxPayPalDecideRequest,
  type SandboxThreeDsCompleteRequest,
} from '@aero/contracts';
import { ZodPayload } from '@aero/backend-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { SandboxService } from './sandbox.service.js';

/** The sandbox provider's pages (3-D Secure, PayPal approval): data and actions. */
@Controller()
export class SandboxRpcController {
  constructor(private readonly sandbox: SandboxService) {}

  @MessagePattern(PaymentsRpc.SandboxThreeDsGet.pattern)
  threeDs(@ZodPayload(sandboxTransactionRequestSchema) request: { transactionId: string }) {
    return this.sandbox.threeDs(request.transactionId);
  }

  @MessagePattern(PaymentsRpc.SandboxThreeDsComplete.pattern)
  completeThreeDs(@ZodPayload(sandboxThreeDsCompleteRequestSchema) request: SandboxThreeDsCompleteRequest) {
    return this.sandbox.completeThreeDs(request);
  }

  @MessagePattern(PaymentsRpc.SandboxPayPalGet.pattern)
  payPal(@ZodPayload(sandboxPayPalOrderRequestSchema) request: { paypalOrderId: string }) {
    return this.sandbox.payPal(request.paypalOrderId);
  }

  @MessagePattern(PaymentsRpc.SandboxPayPalDecide.pattern)
  decidePayPal(@ZodPayload(sandboxPayPalDecideRequestSchema) request: SandboxPayPalDecideRequest) {
    return this.sandbox.decidePayPal(request);
  }
}
