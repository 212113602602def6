import {
  listSharesRequestSchema,
  quickShareManyRequestSchema,
  quickShareRequestSchema,
  shareIdRequestSchema,
  shareIdsRequestSchema,
  SharingRpc,
} from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { SHARING_REFUSAL } from '../common/sharing.errors.js';
import { SharesService } from './shares.service.js';

type ShareIdRequest = z.output<typeof shareIdRequestSchema>;
type ShareIdsRequest = z.output<typeof shareIdsRequestSchema>;

@Controller()
export class SharesRpcController {
  constructor(private readonly shares: SharesService) {}

  @MessagePattern(SharingRpc.Share.pattern)
  share(@Ctx() ctx: RequestContext, @ZodPayload(quickShareRequestSchema, SHARING_REFUSAL) request: z.output<typeof quickShareRequestSchema>) {
    return this.shares.share(ctx, request);
  }

  @MessagePattern(SharingRpc.ShareMany.pattern)
  shareMany(@Ctx() ctx: RequestContext, @ZodPayload(quickShareManyRequestSchema, SHARING_REFUSAL) request: z.output<typeof quickShareManyRequestSchema>) {
    return this.shares.shareMany(ctx, request);
  }

  @MessagePattern(SharingRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @ZodPayload(listSharesRequestSchema, SHARING_REFUSAL) request: z.output<typeof listSharesRequestSchema>) {
    return this.shares.list(ctx, request);
  }

  @MessagePattern(SharingRpc.Resend.pattern)
  resend(@Ctx() ctx: RequestContext, @ZodPayload(shareIdRequestSchema) request: ShareIdRequest) {
    return this.shares.resend(ctx, request.id);
  }

  @MessagePattern(SharingRpc.Cancel.pattern)
  cancel(@Ctx() ctx: RequestContext, @ZodPayload(shareIdRequestSchema) request: ShareIdRequest) {
    return this.shares.cancel(ctx, request.id);
  }

  @MessagePattern(SharingRpc.Recall.pattern)
  recall(@Ctx() ctx: RequestContext, @ZodPayload(shareIdRequestSchema) request: ShareIdRequest) {
    return this.shares.recall(ctx, request.id);
  }

  @MessagePattern(SharingRpc.BulkResend.pattern)
  bulkResend(@Ctx() ctx: RequestContext, @ZodPayload(shareIdsRequestSchema, SHARING_REFUSAL) request: ShareIdsRequest) {
    return this.shares.bulkResend(ctx, request.ids);
  }

  @MessagePattern(SharingRpc.BulkCancel.pattern)
  bulkCancel(@Ctx() ctx: RequestContext, @ZodPayload(shareIdsRequestSchema, SHARING_REFUSAL) request: ShareIdsRequest) {
    return this.shares.bulkCancel(ctx, request.ids);
  }
}
