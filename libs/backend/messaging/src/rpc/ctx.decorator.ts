import { requireContext } from '@aero/backend-observability';
import { createParamDecorator } from '@nestjs/common';

/**
 * The request context of the RPC being handled (who is acting, language, correlation id), as a
 * handler parameter: `pay(@Ctx() ctx: RequestContext, @Payload() request: PayRequest)`. The RPC
 * server opened it from the request's headers; the handler passes it first to the service.
 */
export const Ctx = createParamDecorator(() => requireContext());
