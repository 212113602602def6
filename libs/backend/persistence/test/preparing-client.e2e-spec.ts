import { createServiceDataSource, PREPARED_STATEMENTS_PER_CONNECTION, statementNameOf } from '@aero/backend-persistence';
import { createTestEnvironment, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource, QueryRunner } from 'typeorm';

describe('service connections prepare repeated statements', () => {
  let env: TestEnvironment;
  let dataSource: DataSource;
  let runner: QueryRunner;

  /** The statements prepared on the runner's connection (Postgres' own view of the session). */
  const preparedOnConnection = async (): Promise<{ name: string; statement: string }[]> =>
    runner.query('SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time');

  beforeAll(async () => {
    env = await createTestEnvironment();
    dataSource = createServiceDataSource({ url: env.databaseUrl, schema: 'prepared_test', entities: [], migrations: [], poolSize: 2 });
    await dataSource.initialize();
    await dataSource.query('CREATE SCHEMA prepared_test');
    await dataSource.query('CREATE TABLE prepared_test.items (id int PRIMARY KEY, label text NOT NULL)');
    runner = dataSource.createQueryRunner();
    await runner.connect();
  });

  afterAll(async () => {
    await runner?.release();
    await dataSource?.destroy();
    await env?.destroy();
  });

  it('runs a parameterised query as one named statement per connection, however often it runs', async () => {
    const insert = 'INSERT INTO prepared_test.items (id, label) VALUES ($1, $2) RETURNING label';
    for (let id = 1; id <= 3; id++) {
      expect(await runner.query(insert, [id, `item ${id}`])).toEqual([{ label: `item ${id}` }]);
    }
    const prepared = (await preparedOnConnection()).filter((p) => p.statement === insert);
    expect(prepared).toEqual([{ name: statementNameOf(insert), statement: insert }]);
  });

  it('leaves statements without parameters unprepared', async () => {
    await runner.query('SELECT count(*) FROM prepared_test.items');
    expect((await preparedOnConnection()).some((p) => p.statement.includes('count(*)'))).toBe(false);
  });

  it('parses a statement again after its first Parse failed, and then runs it', async () => {
    const text = 'SELECT label FROM prepared_test.later WHERE id = $1';
    await expect(runner.query(text, [1])).rejects.toThrow(/does not exist/);
    await runner.query('CREATE TABLE prepared_test.later (id int, label text)');
    await runner.query("INSERT INTO prepared_test.later VALUES (1, 'there now')");
    expect(await runner.query(text, [1])).toEqual([{ label: 'there now' }]);
  });

  it('keeps working inside transactions, and after one rolled back', async () => {
    const select = 'SELECT label FROM prepared_test.items WHERE id = $1';
    await runner.startTransaction();
    await runner.query('UPDATE prepared_test.items SET label = $2 WHERE id = $1', [1, 'changed']);
    expect(await runner.query(select, [1])).toEqual([{ label: 'changed' }]);
    await runner.rollbackTransaction();
    expect(await runner.query(select, [1])).toEqual([{ label: 'item 1' }]);
  });

  it('prepares a statement again when its table gained a column: at once outside a transaction, on the next try inside one', async () => {
    await runner.query('CREATE TABLE prepared_test.growing (id int PRIMARY KEY)');
    await runner.query('INSERT INTO prepared_test.growing VALUES (1)');
    const select = 'SELECT * FROM prepared_test.growing WHERE id = $1';
    expect(await runner.query(select, [1])).toEqual([{ id: 1 }]);

    await runner.query("ALTER TABLE prepared_test.growing ADD COLUMN label text NOT NULL DEFAULT 'new'");
    expect(await runner.query(select, [1])).toEqual([{ id: 1, label: 'new' }]);

    await runner.query('ALTER TABLE prepared_test.growing ADD COLUMN size int NOT NULL DEFAULT 7');
    await runner.startTransaction();
    await expect(runner.query(select, [1])).rejects.toThrow(/must not change result type/);
    await runner.rollbackTransaction();
    await runner.startTransaction();
    expect(await runner.query(select, [1])).toEqual([{ id: 1, label: 'new', size: 7 }]);
    await runner.commitTransaction();
  });

  it(`prepares at most ${PREPARED_STATEMENTS_PER_CONNECTION} statements on a connection and runs further ones unprepared`, async () => {
    const before = (await preparedOnConnection()).length;
    const extra = PREPARED_STATEMENTS_PER_CONNECTION - before + 5;
    for (let i = 0; i < extra; i++) {
      expect(await runner.query(`SELECT $1::int + ${i} AS n`, [1])).toEqual([{ n: 1 + i }]);
    }
    expect(await preparedOnConnection()).toHaveLength(PREPARED_STATEMENTS_PER_CONNECTION);
    // A statement prepared before the limit is still run by name.
    const insert = 'INSERT INTO prepared_test.items (id, label) VALUES ($1, $2) RETURNING label';
    expect(await runner.query(insert, [99, 'late'])).toEqual([{ label: 'late' }]);
    expect(await preparedOnConnection()).toHaveLength(PREPARED_STATEMENTS_PER_CONNECTION);
  });
});
