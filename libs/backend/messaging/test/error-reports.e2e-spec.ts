import { defineRpc } from '@aero/contracts';
import { NatsRpcServer, RpcClient, RpcErrorFilter } from '@aero/backend-messaging';
import { closeErrorReports, configureErrorReports, errorReportsKey, flushErrorReports, NOT_LOGGED_IN, readErrorReports, runWithContext } from '@aero/backend-observability';
import { TEST_INFRA } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createMessagingKit, envelopeOf, widgetEvent } from './support/messaging-test-kit.js';

const Failing = { Crash: defineRpc<Record<string, never>, never>('reports-test.crash') };

@Controller()
class FailingController {
  @MessagePattern(Failing.Crash.pattern)
  crash(): never {
    throw new TypeError("Cannot read properties of undefined (reading 'total')");
  }
}

@Module({ controllers: [FailingController] })
class FailingModule {}

describe('error reports: an error thrown in a service RPC handler', () => {
  const id = randomBytes(5).toString('hex');
  const prefix = `t${id}.`;
  const redisPrefix = `test:${id}`;
  let server: INestMicroservice;
  let nc: NatsConnection;
  let rpc: RpcClient;
  let redis: Redis;

  beforeAll(async () => {
    // The service's own settings, as a service takes them from its environment.
    configureErrorReports({ source: 'reports-test', release: '1.2.3', environment: 'test', redisUrl: TEST_INFRA.redis, redisPrefix });
    server = await NestFactory.createMicroservice(FailingModule, {
      strategy: new NatsRpcServer({ servers: TEST_INFRA.nats, queue: 'reports-test', prefix, name: 'reports-test-server' }),
      logger: false,
    });
    server.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
    await server.listen();
    nc = await connect({ servers: TEST_INFRA.nats });
    rpc = new RpcClient(nc, { prefix, timeoutMs: 2000 });
    redis = new Redis(TEST_INFRA.redis);
  });

  afterAll(async () => {
    await server?.close();
    await nc?.close();
    await closeErrorReports();
    await redis?.del(errorReportsKey(redisPrefix));
    redis?.disconnect();
  });

  async function reportOf(correlationId: string) {
    await flushErrorReports();
    return (await readErrorReports(redis, redisPrefix)).find((report) => report.correlationId === correlationId);
  }

  it("arrives in the sink with the signed-in user's id, the correlation id, the pattern and the release", async () => {
    const correlationId = randomUUID();
    const actor = { userId: 'a3c1d2e4-0000-4000-8000-000000000007', companyId: null, roles: ['student'], status: null };
    await runWithContext({ correlationId, actor }, () => rpc.call(Failing.Crash, {})).catch(() => undefined);
    expect(await reportOf(correlationId)).toMatchObject({
      source: 'reports-test',
      kind: 'rpc',
      userId: actor.userId,
      correlationId,
      route: `${prefix}${Failing.Crash.pattern}`,
      release: '1.2.3',
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'total')",
      status: 500,
    });
  });

  it("says 'Not logged in' when nobody is signed in", async () => {
    const correlationId = randomUUID();
    await runWithContext({ correlationId, actor: null }, () => rpc.call(Failing.Crash, {})).catch(() => undefined);
    expect(await reportOf(correlationId)).toMatchObject({ userId: NOT_LOGGED_IN, correlationId, kind: 'rpc' });
    expect(NOT_LOGGED_IN).toBe('Not logged in');
  });
});

describe('error reports: an event handler that fails', () => {
  it("arrives in the sink with 'Not logged in' (nobody is signed in for background work), the event's correlation id and the consumer", async () => {
    const kit = await createMessagingKit('reports_test');
    const redis = new Redis(TEST_INFRA.redis);
    try {
      configureErrorReports({ source: 'reports-test', release: '1.2.3', environment: 'test', redisUrl: TEST_INFRA.redis, redisPrefix: kit.env.redisPrefix });
      const event = widgetEvent('reported');
      const name = 'reports-test.failing-handler';
      const consumer = kit.consumer({
        consumer: name,
        event,
        maxDeliver: 1,
        handle: () => Promise.reject(new Error('widget registry is offline')),
      });
      await consumer.start();
      const envelope = envelopeOf(event, { serial: 1, label: 'fails' });
      const seq = await kit.publish(event, envelope, envelope.id);
      await kit.settled(name, seq);
      await flushErrorReports();
      const report = (await readErrorReports(redis, kit.env.redisPrefix)).find((r) => r.correlationId === envelope.correlationId);
      expect(report).toMatchObject({
        kind: 'event',
        route: name,
        userId: NOT_LOGGED_IN,
        correlationId: envelope.correlationId,
        message: 'widget registry is offline',
        release: '1.2.3',
        details: expect.objectContaining({ eventId: envelope.id }),
      });
    } finally {
      await closeErrorReports();
      await redis.del(errorReportsKey(kit.env.redisPrefix));
      redis.disconnect();
      await kit.close();
    }
  });
});
