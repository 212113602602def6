import { defineRpc } from '@aero/contracts';
import { ServiceUnavailableError } from '@aero/backend-errors';
import { NatsRpcServer, RpcClient } from '@aero/backend-messaging';
import { TEST_INFRA } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Inject, Module, type DynamicModule, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { randomBytes } from 'node:crypto';

const DrainRpc = {
  /** Answers once the test opens the gate, with the name of the instance that held it. */
  Hold: defineRpc<Record<string, never>, { instance: string }>('drain-test.hold'),
  WhoAnswers: defineRpc<Record<string, never>, { instance: string }>('drain-test.who'),
  /** Served only by the instance a test starts late. */
  Late: defineRpc<Record<string, never>, { instance: string }>('drain-late.hello'),
};

const INSTANCE = 'INSTANCE';
let openGate!: () => void;
const gate = new Promise<void>((resolve) => (openGate = resolve));
let holdReceived!: () => void;
const holdArrived = new Promise<void>((resolve) => (holdReceived = resolve));

@Controller()
class DrainTestController {
  constructor(@Inject(INSTANCE) private readonly instance: string) {}

  @MessagePattern(DrainRpc.Hold.pattern)
  async hold() {
    holdReceived();
    await gate;
    return { instance: this.instance };
  }

  @MessagePattern(DrainRpc.WhoAnswers.pattern)
  who() {
    return { instance: this.instance };
  }
}

@Controller()
class LateController {
  @MessagePattern(DrainRpc.Late.pattern)
  hello() {
    return { instance: 'late' };
  }
}

@Module({})
class InstanceModule {
  static named(instance: string, controllers: Type[] = [DrainTestController]): DynamicModule {
    return { module: InstanceModule, controllers, providers: [{ provide: INSTANCE, useValue: instance }] };
  }
}

describe('RPC replicas: draining an instance, and retrying a call that found no responder', () => {
  jest.setTimeout(20_000);
  const prefix = `t${randomBytes(5).toString('hex')}.`;
  const started: INestMicroservice[] = [];
  let nc: NatsConnection;

  async function startInstance(name: string, queue: string, controllers: Type[] = [DrainTestController]) {
    const strategy = new NatsRpcServer({ servers: TEST_INFRA.nats, queue, prefix, name: `drain-test-${name}` });
    const app = await NestFactory.createMicroservice(InstanceModule.named(name, controllers), { strategy, logger: false });
    await app.listen();
    started.push(app);
    return strategy;
  }

  beforeAll(async () => {
    nc = await connect({ servers: TEST_INFRA.nats });
  });

  afterAll(async () => {
    openGate();
    await Promise.all(started.map((app) => app.close()));
    await nc?.close();
  });

  it('a draining instance takes no new request, the other replica answers them all, and the request it held is still answered', async () => {
    const rpc = new RpcClient(nc, { prefix, timeoutMs: 10_000 });
    const a = await startInstance('a', 'drain-test');
    // Only A runs: the held request is A's.
    const held = rpc.call(DrainRpc.Hold, {});
    await holdArrived;
    await startInstance('b', 'drain-test');

    const drained = a.drainRequests(10_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => rpc.call(DrainRpc.WhoAnswers, {})));
    expect(new Set(answers.map((answer) => answer.instance))).toEqual(new Set(['b']));

    openGate();
    await expect(held).resolves.toEqual({ instance: 'a' });
    // Nothing was left running when the drain ended.
    await expect(drained).resolves.toBe(0);
  });

  it('a call that finds no responder is sent again within its retry budget, and answered once an instance subscribes', async () => {
    const rpc = new RpcClient(nc, { prefix, timeoutMs: 5000, noRespondersRetryMs: 5000 });
    const answer = rpc.call(DrainRpc.Late, {});
    // The instance comes up after the first try found nobody.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await startInstance('late', 'drain-late', [LateController]);
    await expect(answer).resolves.toEqual({ instance: 'late' });
  });

  it('a call that finds no responder for its whole retry budget fails as unavailable (no_responders)', async () => {
    const rpc = new RpcClient(nc, { prefix, timeoutMs: 2000, noRespondersRetryMs: 300 });
    const error = await rpc.call(defineRpc<Record<string, never>, never>('drain-nobody.ever'), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).reason).toBe('no_responders');
  });
});
