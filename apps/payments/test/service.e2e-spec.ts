import { healthRpc, type HealthReport } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService } from '@aero/backend-runtime';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { paymentsService } from '../src/payments.service-definition.js';

describe('payments service', () => {
  let env: TestEnvironment;
  let service: RunningService;
  let rpc: RpcClient;

  beforeAll(async () => {
    env = await createTestEnvironment();
    service = await startService(paymentsService, env.env({ PAYMENTS_HTTP_PORT: '0' }));
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
    expect(body.service).toBe('payments');
    expect(Object.fromEntries(Object.entries(body.checks).map(([k, v]) => [k, v.status]))).toEqual({
      postgres: 'up',
      redis: 'up',
      nats: 'up',
    });
  });

  it('answers payments.health over NATS', async () => {
    const report = await rpc.call(healthRpc('payments'), {});
    expect(report.service).toBe('payments');
    expect(report.status).toBe('up');
  });

  it('serves Prometheus metrics labelled with the service', async () => {
    const res = await fetch(`http://127.0.0.1:${service.httpPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_cpu_user_seconds_total{service="payments"}');
  });

  it('migrated schema payments with its outbox, inbox and dead-letter tables', async () => {
    const rows: { table_name: string }[] = await service.infra.dataSource.query(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1',
      ['payments'],
    );
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['outbox', 'inbox', 'dead_letters']));
    const migrations: { name: string }[] = await service.infra.dataSource.query('SELECT name FROM "payments".migrations ORDER BY id');
    expect(migrations.map((m) => m.name)).toEqual(['InitialPayments1795252000000', 'OrdersAndWallet1795252100000']);
  });
});
