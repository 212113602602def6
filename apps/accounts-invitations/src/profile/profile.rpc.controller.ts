import { accountDataRequestSchema, avatarUploadRpcSchema, personalInformationRequestSchema, ProfileRpc } from '@aero/contracts';
import { Ctx, ZodForm, ZodPayload, type ParsedForm } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import { ACCOUNT_FORM } from '../common/account-refusals.js';
import { AvatarService } from './avatar.service.js';
import { ProfileService } from './profile.service.js';

/** The acting user's own profile (the request context's actor); no payload names a user. */
@Controller()
export class ProfileRpcController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly avatars: AvatarService,
  ) {}

  @MessagePattern(ProfileRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext) {
    return this.profiles.get(ctx);
  }

  @MessagePattern(ProfileRpc.UpdateAccount.pattern)
  updateAccount(@Ctx() ctx: RequestContext, @ZodForm(accountDataRequestSchema, ACCOUNT_FORM) form: ParsedForm<typeof accountDataRequestSchema>) {
    return this.profiles.updateAccount(ctx, form);
  }

  @MessagePattern(ProfileRpc.UploadAvatar.pattern)
  uploadAvatar(@Ctx() ctx: RequestContext, @ZodPayload(avatarUploadRpcSchema) request: z.output<typeof avatarUploadRpcSchema>) {
    return this.avatars.upload(ctx, request);
  }

  @MessagePattern(ProfileRpc.GetAvatar.pattern)
  getAvatar(@Ctx() ctx: RequestContext) {
    return this.avatars.get(ctx);
  }

  @MessagePattern(ProfileRpc.RemoveAvatar.pattern)
  removeAvatar(@Ctx() ctx: RequestContext) {
    return this.avatars.remove(ctx);
  }

  @MessagePattern(ProfileRpc.SavePersonalInfo.pattern)
  savePersonalInfo(
    @Ctx() ctx: RequestContext,
    @ZodPayload(personalInformationRequestSchema, ACCOUNT_FORM) request: z.output<typeof personalInformationRequestSchema>,
  ) {
    return this.profiles.savePersonalInfo(ctx, request);
  }

  @MessagePattern(ProfileRpc.GetCompany.pattern)
  getCompany(@Ctx() ctx: RequestContext) {
    return this.profiles.company(ctx);
  }
}
