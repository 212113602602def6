import { CertificatesRpc, type CertificateNumberRequest, type RevokeCertificateRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CertificatesService } from './certificates.service.js';

@Controller()
export class CertificatesRpcController {
  constructor(private readonly certificates: CertificatesService) {}

  @MessagePattern(CertificatesRpc.Verify.pattern)
  verify(@Payload() request: CertificateNumberRequest) {
    return this.certificates.verify(request);
  }

  @MessagePattern(CertificatesRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @Payload() request: CertificateNumberRequest) {
    return this.certificates.get(ctx, request);
  }

  @MessagePattern(CertificatesRpc.Revoke.pattern)
  revoke(@Ctx() ctx: RequestContext, @Payload() request: RevokeCertificateRequest) {
    return this.certificates.revoke(ctx, request);
  }
}
