import { createServiceDataSource, hasTransaction, inTransaction, type TxContext } from '@aero/backend-persistence';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';

describe('inTransaction: a request context that carries its transaction', () => {
  let env: TestEnvironment;
  let dataSource: DataSource;
  const ctx = { correlationId: 'corr-tx', actor: { userId: 'u-1', companyId: null, roles: ['student'], status: null } };

  const labels = async (): Promise<string[]> =>
    (await dataSource.query('SELECT label FROM tx_test.items ORDER BY label')).map((r: { label: string }) => r.label);

  /** A method that must run in a transaction: its type says so. */
  const insert = (tx: TxContext, label: string) => tx.tx.query('INSERT INTO tx_test.items (label) VALUES ($1)', [label]);

  beforeAll(async () => {
    env = await createTestEnvironment();
    dataSource = createServiceDataSource({ url: env.databaseUrl, schema: 'tx_test', entities: [], migrations: [], poolSize: 2 });
    await dataSource.initialize();
    await dataSource.query('CREATE SCHEMA tx_test');
    await dataSource.query('CREATE TABLE tx_test.items (label text PRIMARY KEY)');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.destroy();
  });

  it('commits what the work wrote, and keeps the actor and correlation id of the context', async () => {
    const seen = await inTransaction(dataSource, ctx, async (tx) => {
      await insert(tx, 'committed');
      return { actor: tx.actor?.userId, correlationId: tx.correlationId, inTx: hasTransaction(tx) };
    });
    expect(seen).toEqual({ actor: 'u-1', correlationId: 'corr-tx', inTx: true });
    expect(await labels()).toContain('committed');
    expect(hasTransaction(ctx)).toBe(false);
  });

  it('rolls back everything the work wrote when it throws', async () => {
    await expect(
      inTransaction(dataSource, ctx, async (tx) => {
        await insert(tx, 'rolled-back');
        throw new Error('refused half-way');
      }),
    ).rejects.toThrow('refused half-way');
    expect(await labels()).not.toContain('rolled-back');
  });

  it('joins the caller\'s transaction when the context has one: an inner failure rolls back the outer writes too', async () => {
    await expect(
      inTransaction(dataSource, ctx, async (outer) => {
        await insert(outer, 'outer');
        await inTransaction(dataSource, outer, async (inner) => {
          expect(inner.tx).toBe(outer.tx);
          await insert(inner, 'inner');
          throw new Error('inner refused');
        });
      }),
    ).rejects.toThrow('inner refused');
    expect(await labels()).not.toEqual(expect.arrayContaining(['outer']));
    expect(await labels()).not.toEqual(expect.arrayContaining(['inner']));
  });
});
