import { CartRpc, type CartAddRequest, type CartMergeRequest, type CartOwner, type CartRemoveRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CartService } from './cart.service.js';

@Controller()
export class CartRpcController {
  constructor(private readonly carts: CartService) {}

  @MessagePattern(CartRpc.Get.pattern)
  get(@Payload() request: { owner: CartOwner }) {
    return this.carts.view(request.owner);
  }

  @MessagePattern(CartRpc.Add.pattern)
  add(@Payload() request: CartAddRequest) {
    return this.carts.add(request.owner, request.product_id, request.quantity, request.update);
  }

  @MessagePattern(CartRpc.Remove.pattern)
  remove(@Payload() request: CartRemoveRequest) {
    return this.carts.remove(request.owner, request.product_id);
  }

  @MessagePattern(CartRpc.Empty.pattern)
  empty(@Payload() request: { owner: CartOwner }) {
    return this.carts.empty(request.owner);
  }

  @MessagePattern(CartRpc.Snapshot.pattern)
  snapshot(@Payload() request: { owner: CartOwner }) {
    return this.carts.snapshot(request.owner);
  }

  @MessagePattern(CartRpc.Merge.pattern)
  merge(@Payload() request: CartMergeRequest) {
    return this.carts.merge(request.sessionId, request.userId);
  }
}
