import {
  ProfileRpc,
  type ActorRequest,
  type SavePersonalInfoRequest,
  type UpdateAccountRequest,
  type UploadAvatarRequest,
} from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AvatarService } from './avatar.service.js';
import { ProfileService } from './profile.service.js';

@Controller()
export class ProfileRpcController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly avatars: AvatarService,
  ) {}

  @MessagePattern(ProfileRpc.Get.pattern)
  get(@Payload() request: ActorRequest) {
    return this.profiles.get(request?.actorId);
  }

  @MessagePattern(ProfileRpc.UpdateAccount.pattern)
  updateAccount(@Payload() request: UpdateAccountRequest) {
    return this.profiles.updateAccount(request ?? ({} as UpdateAccountRequest));
  }

  @MessagePattern(ProfileRpc.UploadAvatar.pattern)
  uploadAvatar(@Payload() request: UploadAvatarRequest) {
    return this.avatars.upload(request ?? ({} as UploadAvatarRequest));
  }

  @MessagePattern(ProfileRpc.GetAvatar.pattern)
  getAvatar(@Payload() request: ActorRequest) {
    return this.avatars.get(request?.actorId);
  }

  @MessagePattern(ProfileRpc.RemoveAvatar.pattern)
  removeAvatar(@Payload() request: ActorRequest) {
    return this.avatars.remove(request?.actorId);
  }

  @MessagePattern(ProfileRpc.SavePersonalInfo.pattern)
  savePersonalInfo(@Payload() request: SavePersonalInfoRequest) {
    return this.profiles.savePersonalInfo(request ?? ({} as SavePersonalInfoRequest));
  }

  @MessagePattern(ProfileRpc.GetCompany.pattern)
  getCompany(@Payload() request: ActorRequest) {
    return this.profiles.company(request?.actorId);
  }
}
