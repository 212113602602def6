import {
  VoucherRpc,
  voucherApplyRequestSchema,
  voucherReleaseRequestSchema,
  voucherReserveRequestSchema,
  type VoucherApplyRequest,
  type VoucherReleaseRequest,
  type VoucherReserveRequest,
} from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { VouchersService } from './vouchers.service.js';

@Controller()
export class VouchersRpcController {
  constructor(private readonly vouchers: VouchersService) {}

  @MessagePattern(VoucherRpc.Apply.pattern)
  apply(@Ctx() ctx: RequestContext, @ZodPayload(voucherApplyRequestSchema) request: VoucherApplyRequest) {
    return this.vouchers.apply(ctx, request);
  }

  @MessagePattern(VoucherRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext) {
    return this.vouchers.remove(ctx);
  }

  @MessagePattern(VoucherRpc.Reserve.pattern)
  reserve(@ZodPayload(voucherReserveRequestSchema) request: VoucherReserveRequest) {
    return this.vouchers.reserve(request);
  }

  @MessagePattern(VoucherRpc.Release.pattern)
  release(@ZodPayload(voucherReleaseRequestSchema) request: VoucherReleaseRequest) {
    return this.vouchers.release(request);
  }
}
