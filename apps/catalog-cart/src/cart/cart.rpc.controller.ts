import { cartAddBodySchema, cartMergeRequestSchema, cartRemoveBodySchema, CartRpc, type CartAddBody, type CartMergeRequest, type CartRemoveBody } from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CartService } from './cart.service.js';

/** The cart of the client's session (the request context's): no payload names its owner. */
@Controller()
export class CartRpcController {
  constructor(private readonly carts: CartService) {}

  @MessagePattern(CartRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext) {
    return this.carts.view(ctx);
  }

  @MessagePattern(CartRpc.Add.pattern)
  add(@Ctx() ctx: RequestContext, @ZodPayload(cartAddBodySchema) request: CartAddBody) {
    return this.carts.add(ctx, request);
  }

  @MessagePattern(CartRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext, @ZodPayload(cartRemoveBodySchema) request: CartRemoveBody) {
    return this.carts.remove(ctx, request);
  }

  @MessagePattern(CartRpc.Empty.pattern)
  empty(@Ctx() ctx: RequestContext) {
    return this.carts.empty(ctx);
  }

  @MessagePattern(CartRpc.Snapshot.pattern)
  snapshot(@Ctx() ctx: RequestContext) {
    return this.carts.snapshot(ctx);
  }

  @MessagePattern(CartRpc.Merge.pattern)
  merge(@ZodPayload(cartMergeRequestSchema) request: CartMergeRequest) {
    return this.carts.merge(request);
  }
}
