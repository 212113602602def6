import { healthRpc, type HealthReport } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService } from '@aero/backend-runtime';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sharingOrganizeService } from '../src/sharing-organize.service-definition.js';

describe('sharing-organize service', () => {
  let env: TestEnvironment;
  let service: RunningService;
  let rpc: RpcClient;

  beforeAll(async () => {
    env = await createTestEnvironment();
    service = await startService(sharingOrganizeService, env.env({ SHARING_ORGANIZE_HTTP_PORT: '0' }));
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
    expect(body.service).toBe('sharing-organize');
    expect(Object.fromEntries(Object.entries(body.checks).map(([k, v]) => [k, v.status]))).toEqual({
      postgres: 'up',
      redis: 'up',
      nats: 'up',
    });
  });

  it('answers sharing-organize.health over NATS', async () => {
    const report = await rpc.call(healthRpc('sharing-organize'), {});
    expect(report.service).toBe('sharing-organize');
    expect(report.status).toBe('up');
  });

  it('serves Prometheus metrics labelled with the service', async () => {
    const res = await fetch(`http://127.0.0.1:${service.httpPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_cpu_user_seconds_total{service="sharing-organize"}');
  });

  it('migrated schema sharing_organize with its outbox, inbox and dead-letter tables', async () => {
    const rows: { table_name: string }[] = await service.infra.dataSource.query(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1',
      ['sharing_organize'],
    );
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['outbox', 'inbox', 'dead_letters']));
    const [{ name: migration }]: { name: string }[] = await service.infra.dataSource.query(
      'SELECT name FROM "sharing_organize".migrations',
    );
    expect(migration).toBe('InitialSharingOrganize1795252000000');
  });
});
