import { defineRpc } from '@aero/contracts';
import { DomainError, RemoteError, ServiceUnavailableError } from '@aero/backend-errors';
import { Ctx, NatsRpcServer, RpcClient, RpcErrorFilter, ZodPayload } from '@aero/backend-messaging';
import { ACTOR_HEADER, currentCorrelationId, runWithContext, type RequestContext } from '@aero/backend-observability';
import { TEST_INFRA } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { z } from 'zod';

const TestRpc = {
  Echo: defineRpc<{ text: string }, { text: string; correlationId: string }>('rpc-test.echo'),
  WhoAmI: defineRpc<Record<string, never>, Pick<RequestContext, 'actor' | 'locale' | 'correlationId' | 'session'>>('rpc-test.who-am-i'),
  Repeat: defineRpc<{ text: unknown; times?: unknown }, { text: string }>('rpc-test.repeat'),
  Reject: defineRpc<Record<string, never>, never>('rpc-test.reject'),
  Crash: defineRpc<Record<string, never>, never>('rpc-test.crash'),
  Slow: defineRpc<Record<string, never>, { done: boolean }>('rpc-test.slow'),
  Nobody: defineRpc<Record<string, never>, never>('rpc-test.nobody-serves-this'),
  Sleep: defineRpc<{ ms: number }, { slept: number }>('rpc-test.sleep'),
  /** Served by a bare subscriber that takes the request and dies (see the responder tests). */
  Vanish: defineRpc<Record<string, never>, never>('rpc-test.vanish'),
  /** The same, in a service of which that subscriber was the only instance. */
  VanishAlone: defineRpc<Record<string, never>, never>('rpc-lonely.vanish'),
};

const repeatRequestSchema = z.object({
  text: z.string({ error: 'The text must be text.' }),
  times: z.coerce.number({ error: 'Times must be a number.' }).int('Times must be whole.').default(1),
});

let releaseSlowHandler!: () => void;
const slowHandlerReleased = new Promise<void>((resolve) => (releaseSlowHandler = resolve));

@Controller()
class TestRpcController {
  @MessagePattern(TestRpc.Echo.pattern)
  echo(@Payload() request: { text: string }) {
    return { text: request.text, correlationId: currentCorrelationId() };
  }

  @MessagePattern(TestRpc.WhoAmI.pattern)
  whoAmI(@Ctx() ctx: RequestContext) {
    return { actor: ctx.actor ?? null, locale: ctx.locale ?? null, correlationId: ctx.correlationId, session: ctx.session ?? null };
  }

  @MessagePattern(TestRpc.Repeat.pattern)
  repeat(@ZodPayload(repeatRequestSchema) request: z.output<typeof repeatRequestSchema>) {
    return { text: request.text.repeat(request.times) };
  }

  @MessagePattern(TestRpc.Reject.pattern)
  reject(): never {
    throw new DomainError('exceptions.voucher.expired', 'This voucher has expired.', 422, { voucher: ['This voucher has expired.'] });
  }

  @MessagePattern(TestRpc.Crash.pattern)
  crash(): never {
    throw new Error('connection to 10.0.0.7 refused (password=hunter2)');
  }

  @MessagePattern(TestRpc.Sleep.pattern)
  async sleep(@Payload() request: { ms: number }) {
    await new Promise((resolve) => setTimeout(resolve, request.ms));
    return { slept: request.ms };
  }

  @MessagePattern(TestRpc.Slow.pattern)
  async slow() {
    await slowHandlerReleased;
    return { done: true };
  }
}

@Module({ controllers: [TestRpcController] })
class TestRpcModule {}

describe('RPC over NATS: RpcClient and NatsRpcServer', () => {
  jest.setTimeout(15_000);
  // Only NATS is needed here, so a prefix is enough isolation.
  const prefix = `t${randomBytes(5).toString('hex')}.`;
  let server: INestMicroservice;
  let nc: NatsConnection;
  let rpc: RpcClient;

  beforeAll(async () => {
    server = await NestFactory.createMicroservice(
      TestRpcModule,
      { strategy: new NatsRpcServer({ servers: TEST_INFRA.nats, queue: 'rpc-test', prefix, name: 'rpc-test-server' }), logger: false },
    );
    server.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
    await server.listen();
    nc = await connect({ servers: TEST_INFRA.nats });
    rpc = new RpcClient(nc, { prefix, timeoutMs: 2000 });
  });

  afterAll(async () => {
    releaseSlowHandler();
    await server?.close();
    await nc?.close();
  });

  it('answers a request with the handler result', async () => {
    const reply = await rpc.call(TestRpc.Echo, { text: 'hello' });
    expect(reply.text).toBe('hello');
  });

  it('carries the caller correlation id into the handler context', async () => {
    const reply = await runWithContext({ correlationId: 'corr-4711' }, () => rpc.call(TestRpc.Echo, { text: 'traced' }));
    expect(reply.correlationId).toBe('corr-4711');
  });

  it('carries who is acting and the language into the handler\'s @Ctx(), never from the payload', async () => {
    const actor = { userId: 'user-7', companyId: 'company-3', roles: ['company'], status: null };
    const reply = await runWithContext({ correlationId: 'corr-ctx', actor, locale: 'en' }, () => rpc.call(TestRpc.WhoAmI, {}));
    expect(reply).toEqual({ actor, locale: 'en', correlationId: 'corr-ctx', session: null });
    // Without an actor (a visitor, background work) the handler sees none.
    expect((await rpc.call(TestRpc.WhoAmI, {})).actor).toBeNull();
  });

  it("carries the client's session (a visitor's, or a signed-in user's) when the caller set it", async () => {
    const visitor = { id: 'session-1', userId: null };
    expect((await runWithContext({ correlationId: 'c1', session: visitor }, () => rpc.call(TestRpc.WhoAmI, {}))).session).toEqual(visitor);
    const buyer = { userId: 'user-8', companyId: null, roles: ['student'], status: null, email: 'ana@example.com', name: 'Ana Ñúñez' };
    const reply = await runWithContext({ correlationId: 'c2', actor: buyer, session: { id: 'session-2', userId: 'user-8' } }, () =>
      rpc.call(TestRpc.WhoAmI, {}),
    );
    expect(reply).toEqual(expect.objectContaining({ actor: buyer, session: { id: 'session-2', userId: 'user-8' } }));
  });

  it('hands a @ZodPayload handler the parsed payload, and answers one that breaks the schema with its field messages', async () => {
    await expect(rpc.call(TestRpc.Repeat, { text: 'ab', times: '2' })).resolves.toEqual({ text: 'abab' });
    const error = await rpc.call(TestRpc.Repeat, { text: 7, times: 'x' }).catch((e: unknown) => e);
    expect((error as RemoteError).payload).toEqual({
      code: 'validation_failed',
      message: 'The given data was invalid.',
      status: 422,
      errors: { text: ['The text must be text.'], times: ['Times must be a number.'] },
    });
  });

  it('grants nothing for a malformed actor header', async () => {
    const forged = headers();
    forged.set(ACTOR_HEADER, '{"userId": 42, "roles": "administrator"}');
    const packet = new TextEncoder().encode(JSON.stringify({ pattern: TestRpc.WhoAmI.pattern, data: {}, id: '1' }));
    const reply = await nc.request(`${prefix}${TestRpc.WhoAmI.pattern}`, packet, { timeout: 2000, headers: forged });
    expect(JSON.parse(new TextDecoder().decode(reply.data)).response.actor).toBeNull();
  });

  it('turns a domain error into a RemoteError with its code, status and field errors', async () => {
    const error = await rpc.call(TestRpc.Reject, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).payload).toEqual({
      code: 'exceptions.voucher.expired',
      message: 'This voucher has expired.',
      status: 422,
      errors: { voucher: ['This voucher has expired.'] },
    });
  });

  it('answers an unexpected error as a 500 that reveals nothing', async () => {
    const error = await rpc.call(TestRpc.Crash, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).payload).toEqual({ code: 'internal_error', message: 'Something went wrong', status: 500 });
    expect(JSON.stringify((error as RemoteError).payload)).not.toMatch(/hunter2|10\.0\.0\.7/);
  });

  it('fails fast with no_responders when nobody serves the pattern', async () => {
    const started = performance.now();
    const error = await rpc.call(TestRpc.Nobody, {}, { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toEqual(expect.objectContaining({ service: 'rpc-test', reason: 'no_responders' }));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  /**
   * An instance that receives the request and dies before answering: its own NATS connection
   * takes the request (in the service's queue group) and is then closed, as a SIGKILL would.
   */
  async function takenByADyingInstance(pattern: string, queue: string, call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
    const doomed = await connect({ servers: TEST_INFRA.nats });
    let delivered!: () => void;
    const received = new Promise<void>((resolve) => (delivered = resolve));
    doomed.subscribe(`${prefix}${pattern}`, { queue, callback: () => delivered() });
    await doomed.flush();
    // Only the doomed subscriber serves this pattern, so it is the one that takes the request.
    const started = performance.now();
    const outcome = call().catch((e: unknown) => e);
    await received;
    await doomed.close();
    const error = await outcome;
    return { error, ms: performance.now() - started };
  }

  it('gives up within 2 s with responder_lost when the instance running the request dies, other instances alive', async () => {
    const { error, ms } = await takenByADyingInstance(TestRpc.Vanish.pattern, 'rpc-test', () =>
      rpc.call(TestRpc.Vanish, {}, { timeoutMs: 20_000 }),
    );
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toEqual(expect.objectContaining({ service: 'rpc-test', reason: 'responder_lost' }));
    expect(ms).toBeLessThan(2000);
  });

  it('gives up at the first question with no_responders when the dead instance was the service\'s only one', async () => {
    const { error, ms } = await takenByADyingInstance(TestRpc.VanishAlone.pattern, 'rpc-lonely', () =>
      rpc.call(TestRpc.VanishAlone, {}, { timeoutMs: 20_000 }),
    );
    expect(error).toEqual(expect.objectContaining({ service: 'rpc-lonely', reason: 'no_responders' }));
    expect(ms).toBeLessThan(1200);
  });

  it('waits for a live instance that takes longer than the moment it starts asking, up to the timeout', async () => {
    const started = performance.now();
    await expect(rpc.call(TestRpc.Sleep, { ms: 2500 }, { timeoutMs: 5000 })).resolves.toEqual({ slept: 2500 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(2500);
  });

  it('gives up with timeout when the handler answers too late', async () => {
    const error = await rpc.call(TestRpc.Slow, {}, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).reason).toBe('timeout');
  });
});
