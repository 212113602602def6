import {
  SharingRpc,
  type ListSharesRequest,
  type QuickShareManyRequest,
  type QuickShareRequest,
  type ShareIdRequest,
  type ShareIdsRequest,
} from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SharesService } from './shares.service.js';

@Controller()
export class SharesRpcController {
  constructor(private readonly shares: SharesService) {}

  @MessagePattern(SharingRpc.Share.pattern)
  share(@Ctx() ctx: RequestContext, @Payload() request: QuickShareRequest) {
    return this.shares.share(ctx, request);
  }

  @MessagePattern(SharingRpc.ShareMany.pattern)
  shareMany(@Ctx() ctx: RequestContext, @Payload() request: QuickShareManyRequest) {
    return this.shares.shareMany(ctx, request);
  }

  @MessagePattern(SharingRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @Payload() request: ListSharesRequest) {
    return this.shares.list(ctx, request);
  }

  @MessagePattern(SharingRpc.Resend.pattern)
  resend(@Ctx() ctx: RequestContext, @Payload() request: ShareIdRequest) {
    return this.shares.resend(ctx, request?.id);
  }

  @MessagePattern(SharingRpc.Cancel.pattern)
  cancel(@Ctx() ctx: RequestContext, @Payload() request: ShareIdRequest) {
    return this.shares.cancel(ctx, request?.id);
  }

  @MessagePattern(SharingRpc.Recall.pattern)
  recall(@Ctx() ctx: RequestContext, @Payload() request: ShareIdRequest) {
    return this.shares.recall(ctx, request?.id);
  }

  @MessagePattern(SharingRpc.BulkResend.pattern)
  bulkResend(@Ctx() ctx: RequestContext, @Payload() request: ShareIdsRequest) {
    return this.shares.bulkResend(ctx, request?.ids);
  }

  @MessagePattern(SharingRpc.BulkCancel.pattern)
  bulkCancel(@Ctx() ctx: RequestContext, @Payload() request: ShareIdsRequest) {
    return this.shares.bulkCancel(ctx, request?.ids);
  }
}
