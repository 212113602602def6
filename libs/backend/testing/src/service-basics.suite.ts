import { healthRpc, type HealthReport } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService, type ServiceDefinition } from '@aero/backend-runtime';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { createTestEnvironment, type TestEnvironment } from './test-environment.js';

/** An IPv4 address of this machine other than loopback, if it has one. */
export function externalIPv4(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
}

/** Whether a TCP connection to host:port is accepted (false when refused or not answered in 2 s). */
export function connectsTo(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * The rules every service keeps, as one suite: it starts, migrates its own schema (with the
 * messaging tables), reports its servers on /health and over NATS, and serves its metrics.
 */
export function describeServiceBasics(
  definition: ServiceDefinition,
  expected: { tables: string[]; migrations: string[] },
): void {
  describe(`${definition.name} service basics`, () => {
    let env: TestEnvironment;
    let service: RunningService;
    let rpc: RpcClient;

    beforeAll(async () => {
      env = await createTestEnvironment();
      // The default bind address is under test: whatever the shell running the tests exports.
      const { SERVICE_HTTP_HOST: _notUsed, ...serviceEnv } = env.env({ [definition.portVariable]: '0' });
      service = await startService(definition, serviceEnv);
      rpc = new RpcClient(service.infra.nats, { prefix: env.natsPrefix, timeoutMs: 2000 });
    });

    afterAll(async () => {
      await service?.close();
      await env?.destroy();
    });

    it('reports its Postgres, Redis and NATS up on /health', async () => {
      const res = await fetch(`http://127.0.0.1:${service.httpPort}/health`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as HealthReport;
      expect(body.service).toBe(definition.name);
      expect(Object.fromEntries(Object.entries(body.checks).map(([k, v]) => [k, v.status]))).toEqual({
        postgres: 'up',
        redis: 'up',
        nats: 'up',
      });
    });

    it('listens on the loopback address only by default (SERVICE_HTTP_HOST opens it for containers)', async () => {
      const server = service.app.getHttpServer() as Server;
      expect(server.address()).toEqual(expect.objectContaining({ address: '127.0.0.1', port: service.httpPort }));
      // Reached through another address of this machine, the port is closed.
      const outside = externalIPv4();
      if (outside) await expect(connectsTo(outside, service.httpPort)).resolves.toBe(false);
      await expect(connectsTo('127.0.0.1', service.httpPort)).resolves.toBe(true);
    });

    it(`answers ${definition.name}.health over NATS`, async () => {
      const report = await rpc.call(healthRpc(definition.name), {});
      expect(report).toEqual(expect.objectContaining({ service: definition.name, status: 'up' }));
    });

    it('serves Prometheus metrics labelled with the service', async () => {
      const res = await fetch(`http://127.0.0.1:${service.httpPort}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`process_cpu_user_seconds_total{service="${definition.name}"}`);
    });

    it('reports its messaging on /metrics: outbox lag, consumer lag and redeliveries, dead letters', async () => {
      const scrape = async () => (await fetch(`http://127.0.0.1:${service.httpPort}/metrics`)).text();
      const before = await scrape();
      expect(before).toMatch(new RegExp(`^outbox_pending_events\\{service="${definition.name}"\\} \\d+$`, 'm'));
      expect(before).toMatch(new RegExp(`^outbox_oldest_pending_seconds\\{service="${definition.name}"\\} [\\d.]+$`, 'm'));
      for (const gauge of ['event_consumer_pending', 'event_consumer_redelivered', 'dead_letters']) expect(before).toContain(`# TYPE ${gauge} gauge`);

      // A dead letter kept in the table is counted by its consumer at the next scrape.
      await service.infra.dataSource.query(
        `INSERT INTO "${definition.schema}".dead_letters (consumer, event_id, subject, payload, error, deliveries) VALUES ('metrics.check', NULL, 'evt.x', '{}', 'x', 5)`,
      );
      expect(await scrape()).toContain(`dead_letters{consumer="metrics.check",service="${definition.name}"} 1`);
    });

    it(`migrated schema ${definition.schema} with the messaging tables and its own`, async () => {
      const rows: { table_name: string }[] = await service.infra.dataSource.query(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1',
        [definition.schema],
      );
      expect(rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['outbox', 'inbox', 'dead_letters', ...expected.tables]),
      );
      const migrations: { name: string }[] = await service.infra.dataSource.query(
        `SELECT name FROM "${definition.schema}".migrations ORDER BY id`,
      );
      expect(migrations.map((m) => m.name)).toEqual(expected.migrations);
    });
  });
}
