import {
  PaymentsRpc,
  type PaymentTarget,
  type PayPalCaptureRequest,
  type PayPalCreateOrderRequest,
  type PayPalReturnRequest,
} from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PayPalPaymentsService } from './paypal-payments.service.js';

@Controller()
export class PayPalRpcController {
  constructor(private readonly paypal: PayPalPaymentsService) {}

  @MessagePattern(PaymentsRpc.PayByPayPal.pattern)
  pay(@Payload() request: PaymentTarget) {
    return this.paypal.pay(request);
  }

  @MessagePattern(PaymentsRpc.PayPalCreateOrder.pattern)
  createOrder(@Payload() request: PayPalCreateOrderRequest) {
    return this.paypal.createOrder(request);
  }

  @MessagePattern(PaymentsRpc.PayPalCapture.pattern)
  capture(@Payload() request: PayPalCaptureRequest) {
    return this.paypal.capture(request?.paypalOrderId, request?.userId);
  }

  @MessagePattern(PaymentsRpc.PayPalReturn.pattern)
  returnFromPayPal(@Payload() request: PayPalReturnRequest) {
    return this.paypal.returnFromPayPal(request?.paypalOrderId, request?.canceled === true);
  }
}
