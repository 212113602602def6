import { VoucherRpc, type CartOwner, type VoucherApplyRequest, type VoucherReserveRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { VouchersService } from './vouchers.service.js';

@Controller()
export class VouchersRpcController {
  constructor(private readonly vouchers: VouchersService) {}

  @MessagePattern(VoucherRpc.Apply.pattern)
  apply(@Payload() request: VoucherApplyRequest) {
    return this.vouchers.apply(request.owner, request.code);
  }

  @MessagePattern(VoucherRpc.Remove.pattern)
  remove(@Payload() request: { owner: CartOwner }) {
    return this.vouchers.remove(request.owner);
  }

  @MessagePattern(VoucherRpc.Reserve.pattern)
  reserve(@Payload() request: VoucherReserveRequest) {
    return this.vouchers.reserve(request);
  }

  @MessagePattern(VoucherRpc.Release.pattern)
  release(@Payload() request: { orderId: string }) {
    return this.vouchers.release(request.orderId);
  }
}
