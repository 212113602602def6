import { PaymentsRpc, type ConfirmBankWireRequest, type GetOrderRequest, type PaymentTarget } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BankWireService } from './bank-wire.service.js';

@Controller()
export class BankWireRpcController {
  constructor(private readonly bankWire: BankWireService) {}

  @MessagePattern(PaymentsRpc.PayByBankWire.pattern)
  pay(@Payload() request: PaymentTarget) {
    return this.bankWire.pay(request);
  }

  @MessagePattern(PaymentsRpc.BankWireInstructions.pattern)
  instructions(@Payload() request: GetOrderRequest) {
    return this.bankWire.instructions(request?.orderId, request?.userId);
  }

  @MessagePattern(PaymentsRpc.ConfirmBankWire.pattern)
  confirm(@Payload() request: ConfirmBankWireRequest) {
    return this.bankWire.confirm(request);
  }

  @MessagePattern(PaymentsRpc.SandboxBankWireReceive.pattern)
  sandboxReceive(@Payload() request: { orderId: string }) {
    return this.bankWire.sandboxReceive(request?.orderId);
  }
}
