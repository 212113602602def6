import {
  paymentRoute,
  PaymentsRpc,
  sandboxPayPalAnswerSchema,
  sandboxPayPalDecideBodySchema,
  sandboxRedirectSchema,
  sandboxThreeDsAnswerSchema,
  sandboxThreeDsCompleteBodySchema,
  sandboxTransferAnswerSchema,
  type OrderDto,
  type SandboxPayPalDecideBody,
  type SandboxPayPalView,
  type SandboxRedirect,
  type SandboxThreeDsCompleteBody,
  type SandboxThreeDsView,
} from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { applyDecorators, Controller, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { Can } from '../accounts/access/access.decorators.js';
import { routeVerb } from '../http/route-verb.js';
import { ApiAnswer } from '../openapi/api-answer.decorator.js';
import { PROVIDER_CALL } from './payment-limits.js';
import { ZodBody } from '../validation/zod-params.js';

const INACTIVE = 'Only while payments runs the sandbox provider (PAYMENT_PROVIDER=sandbox): 404 `sandbox.inactive` otherwise';

/** A sandbox page's data (GET) or action (POST answering 200): `summary` and `answer` document it; 404 without the sandbox provider. */
const SandboxRoute = (method: 'GET' | 'POST', path: string, summary: string, answer: z.ZodType, notFound = INACTIVE): MethodDecorator =>
  applyDecorators(routeVerb(method, path), ApiAnswer(summary, answer), ApiNotFoundResponse({ description: notFound }));

/**
 * The sandbox provider's pages (3-D Secure, PayPal approval) and its bank: data and actions for
 * the web app's `/sandbox/...` pages. They stand in for the provider's own pages, which know
 * nothing of our session, so only the bank transfer (which names an order) needs the buyer.
 */
@ApiTags('payments: sandbox')
@Controller()
export class SandboxController {
  constructor(private readonly rpc: RpcClient) {}

  @SandboxRoute('GET', 'api/sandbox/3ds/:transactionId', 'The sandbox 3-D Secure page: amount, card, status', sandboxThreeDsAnswerSchema)
  async threeDs(@Param('transactionId') transactionId: string): Promise<{ data: SandboxThreeDsView }> {
    return { data: await this.rpc.call(PaymentsRpc.SandboxThreeDsGet, { transactionId }) };
  }

  @SandboxRoute('POST', 'sandbox/3ds/:transactionId/complete', 'Approve, fail or cancel the 3-D Secure challenge → redirect_url (the card callback route)', sandboxRedirectSchema)
  async completeThreeDs(@Param('transactionId') transactionId: string, @ZodBody(sandboxThreeDsCompleteBodySchema) body: SandboxThreeDsCompleteBody): Promise<SandboxRedirect> {
    const answer = await this.rpc.call(PaymentsRpc.SandboxThreeDsComplete, { transactionId, outcome: body.outcome });
    return { redirect_url: ownPath(answer.redirect_url) };
  }

  @SandboxRoute('GET', 'api/sandbox/paypal/:orderID', 'The sandbox PayPal approval page: amount, status, whether approval returns to the shop', sandboxPayPalAnswerSchema)
  async payPal(@Param('orderID') paypalOrderId: string): Promise<{ data: SandboxPayPalView }> {
    return { data: await this.rpc.call(PaymentsRpc.SandboxPayPalGet, { paypalOrderId }) };
  }

  @SandboxRoute('POST', 'sandbox/paypal/:orderID/decide', 'Approve (or approve with a declining card, or cancel) → redirect_url (plain PayPal) or null (buttons)', sandboxRedirectSchema)
  async decidePayPal(@Param('orderID') paypalOrderId: string, @ZodBody(sandboxPayPalDecideBodySchema) body: SandboxPayPalDecideBody): Promise<SandboxRedirect> {
    const answer = await this.rpc.call(PaymentsRpc.SandboxPayPalDecide, { paypalOrderId, outcome: body.outcome });
    return { redirect_url: ownPath(answer.redirect_url) };
  }

  /** The sandbox bank: the full transfer for one of the buyer's bank-wire orders arrives. */
  @SandboxRoute('POST', 'sandbox/bank-wire/:orderId/receive', 'The transfer for this bank-wire order of yours arrives (the order becomes paid)', sandboxTransferAnswerSchema, `Not an order of yours. ${INACTIVE}`)
  @Can('order.place')
  async receiveTransfer(@Param('orderId') orderId: string): Promise<{ redirect_url: string; data: OrderDto }> {
    // Only an order of the signed-in user (the call's actor) is found.
    await this.rpc.call(PaymentsRpc.GetOrder, { orderId });
    const data = await this.rpc.call(PaymentsRpc.SandboxBankWireReceive, { orderId }, PROVIDER_CALL);
    return { redirect_url: paymentRoute('successPage', { orderId: data.id }), data };
  }
}

/**
 * payments builds return addresses from PUBLIC_BASE_URL (what a real provider needs); the sandbox
 * pages are ours, so the browser stays on the origin it is on: path and query only.
 */
export function ownPath(url: string | null): string | null {
  if (!url) return url;
  try {
    const parsed = new URL(url, 'http://gateway.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
