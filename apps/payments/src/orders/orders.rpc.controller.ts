import { orderIdRequestSchema, pageQuerySchema, placeOrderRequestSchema, PaymentsRpc, type OrderIdRequest, type PageQuery, type PlaceOrderRequest } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { OrdersService } from './orders.service.js';

/** Orders of the acting user (the buyer); the cart placed is the context's client session. */
@Controller()
export class OrdersRpcController {
  constructor(private readonly orders: OrdersService) {}

  @MessagePattern(PaymentsRpc.PlaceOrder.pattern)
  place(@Ctx() ctx: RequestContext, @ZodPayload(placeOrderRequestSchema) request: PlaceOrderRequest) {
    return this.orders.place(ctx, request);
  }

  @MessagePattern(PaymentsRpc.GetOrder.pattern)
  get(@Ctx() ctx: RequestContext, @ZodPayload(orderIdRequestSchema) request: OrderIdRequest) {
    return this.orders.get(ctx, request.orderId);
  }

  @MessagePattern(PaymentsRpc.ListOrders.pattern)
  list(@Ctx() ctx: RequestContext, @ZodPayload(pageQuerySchema) request: PageQuery) {
    return this.orders.list(ctx, request);
  }

  @MessagePattern(PaymentsRpc.CancelOrder.pattern)
  cancel(@Ctx() ctx: RequestContext, @ZodPayload(orderIdRequestSchema) request: OrderIdRequest) {
    return this.orders.cancel(ctx, request.orderId);
  }
}
