import {
  invitationCreateRequestSchema,
  invitationListQuerySchema,
  InvitationsRpc,
  invitationTokenRequestSchema,
  invitationUpdateRpcSchema,
  recordIdRequestSchema,
} from '@aero/contracts';
import { Ctx, ZodPayload } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { ACCOUNT_FORM } from '../common/account-refusals.js';
import { InvitationsService } from './invitations.service.js';

type RecordId = z.output<typeof recordIdRequestSchema>;

@Controller()
export class InvitationsRpcController {
  constructor(private readonly invitations: InvitationsService) {}

  @MessagePattern(InvitationsRpc.Create.pattern)
  create(@Ctx() ctx: RequestContext, @ZodPayload(invitationCreateRequestSchema, ACCOUNT_FORM) request: z.output<typeof invitationCreateRequestSchema>) {
    return this.invitations.create(ctx, request);
  }

  @MessagePattern(InvitationsRpc.Lookup.pattern)
  lookup(@ZodPayload(invitationTokenRequestSchema) request: z.output<typeof invitationTokenRequestSchema>) {
    return this.invitations.lookup(request.token);
  }

  @MessagePattern(InvitationsRpc.List.pattern)
  list(@Ctx() ctx: RequestContext, @ZodPayload(invitationListQuerySchema, ACCOUNT_FORM) request: z.output<typeof invitationListQuerySchema>) {
    return this.invitations.list(ctx, request);
  }

  @MessagePattern(InvitationsRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.invitations.get(ctx, request.id);
  }

  @MessagePattern(InvitationsRpc.Update.pattern)
  update(@Ctx() ctx: RequestContext, @ZodPayload(invitationUpdateRpcSchema, ACCOUNT_FORM) { id, ...fields }: z.output<typeof invitationUpdateRpcSchema>) {
    return this.invitations.update(ctx, id, fields);
  }

  @MessagePattern(InvitationsRpc.Resend.pattern)
  resend(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.invitations.resend(ctx, request.id);
  }

  @MessagePattern(InvitationsRpc.Remove.pattern)
  remove(@Ctx() ctx: RequestContext, @ZodPayload(recordIdRequestSchema) request: RecordId) {
    return this.invitations.remove(ctx, request.id);
  }

  @MessagePattern(InvitationsRpc.Pending.pattern)
  pending(@Ctx() ctx: RequestContext) {
    return this.invitations.pending(ctx);
  }

  @MessagePattern(InvitationsRpc.Accept.pattern)
  accept(@Ctx() ctx: RequestContext) {
    return this.invitations.acceptPending(ctx);
  }
}
