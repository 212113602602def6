import { confirmBankWireRequestSchema, orderIdRequestSchema, paymentTargetSchema, PaymentsRpc, type OrderIdRequest, type PaymentTarget } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { BankWireService } from './bank-wire.service.js';

@Controller()
export class BankWireRpcController {
  constructor(private readonly bankWire: BankWireService) {}

  @MessagePattern(PaymentsRpc.PayByBankWire.pattern)
  pay(@Ctx() ctx: RequestContext, @ZodPayload(paymentTargetSchema) request: PaymentTarget) {
    return this.bankWire.pay(ctx, request);
  }

  @MessagePattern(PaymentsRpc.BankWireInstructions.pattern)
  instructions(@Ctx() ctx: RequestContext, @ZodPayload(orderIdRequestSchema) request: OrderIdRequest) {
    return this.bankWire.instructions(ctx, request.orderId);
  }

  @MessagePattern(PaymentsRpc.ConfirmBankWire.pattern)
  confirm(@Ctx() ctx: RequestContext, @ZodPayload(confirmBankWireRequestSchema) request: z.output<typeof confirmBankWireRequestSchema>) {
    return this.bankWire.confirm(ctx, request);
  }

  @MessagePattern(PaymentsRpc.SandboxBankWireReceive.pattern)
  sandboxReceive(@ZodPayload(orderIdRequestSchema) request: OrderIdRequest) {
    return this.bankWire.sandboxReceive(request.orderId);
  }
}
