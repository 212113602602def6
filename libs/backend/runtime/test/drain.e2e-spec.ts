import { defineRpc, type HealthReport } from '@aero/contracts';
import { createMessagingTables, RpcClient } from '@aero/backend-messaging';
import { createTestEnvironment, TEST_INFRA, testKit } from '@aero/backend-testing';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { startService, type ServiceDefinition } from '../src/start-service.js';

const Held = defineRpc<Record<string, never>, { finished: boolean }>('payments.test-drain.held');

let openGate!: () => void;
const gate = new Promise<void>((resolve) => (openGate = resolve));
let heldArrived!: () => void;
const heldReceived = new Promise<void>((resolve) => (heldArrived = resolve));

@Controller()
class HeldController {
  @MessagePattern(Held.pattern)
  async held() {
    heldArrived();
    await gate;
    return { finished: true };
  }
}

@Module({ controllers: [HeldController] })
class HeldModule {}

class MessagingTables1700000000000 implements MigrationInterface {
  name = 'MessagingTables1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables('drain_test')) await runner.query(sql);
  }
  async down(): Promise<void> {
    // Dropped with the test database.
  }
}

/** SIGTERM's graceful drain of a service (runService calls `drain()`). */
describe('service drain', () => {
  jest.setTimeout(60_000);
  const kit = testKit(async () => {
    const env = await createTestEnvironment();
    return { env, close: () => env.destroy() };
  });
  const definition: ServiceDefinition = {
    name: 'payments',
    schema: 'drain_test',
    portVariable: 'DRAIN_TEST_HTTP_PORT',
    defaultPort: 0,
    entities: [],
    migrations: [MessagingTables1700000000000],
    module: HeldModule,
  };
  afterAll(() => openGate());

  it('reports not ready while it drains (alive all along), and answers the request it holds before it stops', async () => {
    const service = await startService(definition, kit.env.env({ DRAIN_TEST_HTTP_PORT: '0' }));
    const health = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${service.httpPort}${path}`);
      return { status: res.status, body: (await res.json()) as HealthReport };
    };
    const nc = await connect({ servers: TEST_INFRA.nats });
    try {
      expect((await health('/health')).status).toBe(200);
      const rpc = new RpcClient(nc, { prefix: kit.env.natsPrefix, timeoutMs: 30_000 });
      const held = rpc.call(Held, {});
      await heldReceived;

      const drained = service.drain();
      const ready = await health('/health');
      expect(ready.status).toBe(503);
      expect(ready.body.checks.process).toEqual({ status: 'down', error: 'draining' });
      // Liveness is not readiness: the process is fine, only leaving.
      expect((await health('/health/live')).status).toBe(200);

      openGate();
      await expect(held).resolves.toEqual({ finished: true });
      await drained;
    } finally {
      await nc.close();
      await service.close();
    }
  });
});
