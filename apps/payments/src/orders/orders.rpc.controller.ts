import { PaymentsRpc, type CancelOrderRequest, type GetOrderRequest, type ListOrdersRequest, type PlaceOrderRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OrdersService } from './orders.service.js';

@Controller()
export class OrdersRpcController {
  constructor(private readonly orders: OrdersService) {}

  @MessagePattern(PaymentsRpc.PlaceOrder.pattern)
  place(@Payload() request: PlaceOrderRequest) {
    return this.orders.place(request);
  }

  @MessagePattern(PaymentsRpc.GetOrder.pattern)
  get(@Payload() request: GetOrderRequest) {
    return this.orders.get(request?.orderId, request?.userId);
  }

  @MessagePattern(PaymentsRpc.ListOrders.pattern)
  list(@Payload() request: ListOrdersRequest) {
    return this.orders.list(request?.userId, request?.page, request?.per_page);
  }

  @MessagePattern(PaymentsRpc.CancelOrder.pattern)
  cancel(@Payload() request: CancelOrderRequest) {
    return this.orders.cancel(request?.orderId, request?.userId);
  }
}
