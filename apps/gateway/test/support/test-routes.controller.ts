import { defineRpc } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { currentCorrelationId } from '@aero/backend-observability';
import { Controller, Delete, Get, Param, Patch, Post, Put, Session } from '@nestjs/common';
import { SkipCsrf } from '../../src/csrf/skip-csrf.decorator.js';
import { RateLimit } from '../../src/rate-limit/rate-limit.decorator.js';
import type { RequestSession } from '../../src/session/request-session.js';
import { ZodBody } from '../../src/validation/zod-params.js';
import { cartIdSchema, itemSchema, type CartId, type Item } from './test-routes.schemas.js';

/** A pattern no real service answers; the test's fake answers it with a domain error. */
export const FailingRpc = defineRpc<Record<string, never>, never>('payments.voucher.apply');

/** Routes that exist only in the tests, to exercise the gateway's mechanisms one by one. */
@Controller('api/test')
export class TestRoutesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('items')
  create(@ZodBody(itemSchema) item: Item) {
    return { method: 'POST', item };
  }

  @Put('items/:id')
  replace(@Param('id') id: string, @ZodBody(itemSchema) item: Item) {
    return { method: 'PUT', id, item };
  }

  @Patch('items/:id')
  update(@Param('id') id: string) {
    return { method: 'PATCH', id };
  }

  @Delete('items/:id')
  remove(@Param('id') id: string) {
    return { method: 'DELETE', id };
  }

  @Post('limited')
  @RateLimit({ name: 'test-limited', limit: 3, windowSeconds: 60, by: 'session' })
  limited() {
    return { ok: true };
  }

  @Post('limited-by-ip')
  @RateLimit({ name: 'test-limited-ip', limit: 1, windowSeconds: 30, by: 'ip', message: 'Wait {seconds} seconds before sending another message.' })
  limitedByIp() {
    return { ok: true };
  }

  @Get('session')
  async readSession(@Session() session: RequestSession) {
    return { data: await session.all() };
  }

  @Post('session')
  async writeSession(@Session() session: RequestSession, @ZodBody(cartIdSchema) body: CartId) {
    await session.set({ cartId: body.cartId });
    return { data: await session.all() };
  }

  @Post('session/regenerate')
  async regenerate(@Session() session: RequestSession) {
    await session.regenerate();
    return { data: await session.all() };
  }

  @Post('session/destroy')
  async destroy(@Session() session: RequestSession) {
    await session.destroy();
    return { data: await session.all() };
  }

  @Get('context')
  context() {
    return { correlationId: currentCorrelationId() };
  }

  @Post('context')
  contextAfterBody(@ZodBody(cartIdSchema) _body: CartId) {
    return { correlationId: currentCorrelationId() };
  }

  @Get('boom')
  boom(): never {
    throw new Error('connection string postgres://admin:hunter2@db leaked');
  }

  @Post('voucher')
  voucher() {
    return this.rpc.call(FailingRpc, {});
  }

  @Post('webhook')
  @SkipCsrf()
  webhook() {
    return { received: true };
  }
}
