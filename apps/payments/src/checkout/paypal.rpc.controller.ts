import {
  payPalCaptureRequestSchema,
  payPalCreateOrderRequestSchema,
  payPalReturnRequestSchema,
  paymentTargetSchema,
  PaymentsRpc,
  type PaymentTarget,
  type PayPalCaptureRequest,
} from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { PayPalPaymentsService } from './paypal-payments.service.js';

@Controller()
export class PayPalRpcController {
  constructor(private readonly paypal: PayPalPaymentsService) {}

  @MessagePattern(PaymentsRpc.PayByPayPal.pattern)
  pay(@Ctx() ctx: RequestContext, @ZodPayload(paymentTargetSchema) request: PaymentTarget) {
    return this.paypal.pay(ctx, request);
  }

  @MessagePattern(PaymentsRpc.PayPalCreateOrder.pattern)
  createOrder(@Ctx() ctx: RequestContext, @ZodPayload(payPalCreateOrderRequestSchema) request: z.output<typeof payPalCreateOrderRequestSchema>) {
    return this.paypal.createOrder(ctx, request, request.method);
  }

  @MessagePattern(PaymentsRpc.PayPalCapture.pattern)
  capture(@Ctx() ctx: RequestContext, @ZodPayload(payPalCaptureRequestSchema) request: PayPalCaptureRequest) {
    return this.paypal.capture(ctx, request.paypalOrderId);
  }

  @MessagePattern(PaymentsRpc.PayPalReturn.pattern)
  returnFromPayPal(@ZodPayload(payPalReturnRequestSchema) request: z.output<typeof payPalReturnRequestSchema>) {
    return this.paypal.returnFromPayPal(request.paypalOrderId, request.canceled);
  }
}
