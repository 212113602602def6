import { PaymentsRpc, webhookAnswerSchema, type ProviderWebhookRequest, type WebhookAnswer } from '@aero/contracts';
import type { RpcClient } from '@aero/backend-messaging';
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { apiSchema } from '../openapi/zod-schemas.js';
import { PROVIDER_CALL } from './payment-limits.js';

/** A provider's notification route (card hook, PayPal webhook): its `summary` and the WebhookAnswer it returns. */
export const ProviderWebhookRoute = (summary: string): MethodDecorator =>
  applyDecorators(ApiOperation({ summary }), ApiOkResponse({ schema: apiSchema(webhookAnswerSchema) }));

/**
 * Hands a provider's notification to payments, which reads the payment back from the provider
 * before applying anything; the provider only learns that it was received and whether it was used.
 */
export async function forwardProviderWebhook(rpc: RpcClient, source: ProviderWebhookRequest['source'], payload: Record<string, unknown>): Promise<WebhookAnswer> {
  const answer = await rpc.call(PaymentsRpc.ProviderWebhook, { source, payload }, PROVIDER_CALL);
  return { received: true, handled: answer.handled };
}
