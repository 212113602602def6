import { EmployeeImportsRpc, type IdRequest } from '@aero/contracts';
import { Ctx } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EmployeeImportsService } from './employee-imports.service.js';

@Controller()
export class EmployeeImportsRpcController {
  constructor(private readonly imports: EmployeeImportsService) {}

  @MessagePattern(EmployeeImportsRpc.Begin.pattern)
  begin(@Ctx() ctx: RequestContext, @Payload() request: { file_name?: unknown; size?: unknown }) {
    return this.imports.begin(ctx, request ?? {});
  }

  @MessagePattern(EmployeeImportsRpc.Append.pattern)
  append(@Ctx() ctx: RequestContext, @Payload() request: { id?: unknown; index?: unknown; content_base64?: unknown }) {
    return this.imports.append(ctx, request ?? {});
  }

  @MessagePattern(EmployeeImportsRpc.Submit.pattern)
  submit(@Ctx() ctx: RequestContext, @Payload() request: { id?: unknown; chunks?: unknown }) {
    return this.imports.submit(ctx, request ?? {});
  }

  @MessagePattern(EmployeeImportsRpc.Get.pattern)
  get(@Ctx() ctx: RequestContext, @Payload() request: IdRequest) {
    return this.imports.get(ctx, request?.id);
  }

  @MessagePattern(EmployeeImportsRpc.Confirm.pattern)
  confirm(@Ctx() ctx: RequestContext, @Payload() request: IdRequest) {
    return this.imports.confirm(ctx, request?.id);
  }
}
