import { healthRpc, type HealthReport } from '@aero/contracts';
import { RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService } from '@aero/backend-runtime';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountsInvitationsService } from '../src/accounts-invitations.service-definition.js';

describe('accounts-invitations service', () => {
  let env: TestEnvironment;
  let service: RunningService;
  let rpc: RpcClient;

  beforeAll(async () => {
    env = await createTestEnvironment();
    service = await startService(accountsInvitationsService, env.env({ ACCOUNTS_INVITATIONS_HTTP_PORT: '0' }));
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
    expect(body.service).toBe('accounts-invitations');
    expect(Object.fromEntries(Object.entries(body.checks).map(([k, v]) => [k, v.status]))).toEqual({
      postgres: 'up',
      redis: 'up',
      nats: 'up',
    });
  });

  it('answers accounts-invitations.health over NATS', async () => {
    const report = await rpc.call(healthRpc('accounts-invitations'), {});
    expect(report.service).toBe('accounts-invitations');
    expect(report.status).toBe('up');
  });

  it('serves Prometheus metrics labelled with the service', async () => {
    const res = await fetch(`http://127.0.0.1:${service.httpPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_cpu_user_seconds_total{service="accounts-invitations"}');
  });

  it('migrated schema accounts_invitations with its outbox, inbox and dead-letter tables and the account tables', async () => {
    const rows: { table_name: string }[] = await service.infra.dataSource.query(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1',
      ['accounts_invitations'],
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['outbox', 'inbox', 'dead_letters', 'users', 'user_roles', 'companies', 'account_tokens', 'consents']),
    );
    const migrations: { name: string }[] = await service.infra.dataSource.query(
      'SELECT name FROM "accounts_invitations".migrations ORDER BY id',
    );
    expect(migrations.map((m) => m.name)).toEqual(['InitialAccountsInvitations1795252000000', 'Accounts1795252100000']);
  });
});
