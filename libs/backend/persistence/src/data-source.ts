import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { PreparingClient } from './preparing-client.js';

export interface ServiceDataSourceOptions {
  url: string;
  /** The Postgres schema the service owns; nothing else is read or written. */
  schema: string;
  /** Entity classes (or schemas, or glob paths), exactly as TypeORM takes them. */
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  poolSize?: number;
}

/**
 * A TypeORM DataSource bound to one service schema. Migrations keep their history table inside
 * that schema, and `synchronize` is never on. Its connections prepare repeated statements
 * (PreparingClient).
 */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    extra: { max: options.poolSize ?? 10, Client: PreparingClient },
    logging: false,
  });
}

/**
 * Runs pending migrations while holding one database-wide advisory lock: replicas starting
 * together never migrate the same schema twice, and services starting together on a fresh
 * database never race on shared objects such as `CREATE EXTENSION` (which Postgres does not
 * serialise by itself).
 */
const MIGRATION_LOCK = 'aeromaint:migrations';

export async function runMigrations(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    // The history table lives in the service schema, which must exist before TypeORM looks for it.
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const done = await dataSource.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Runs `work` while holding the session-level advisory lock `key` on one connection of the pool:
 * replicas starting together run it one after another (boot-time seeding), each seeing what the
 * previous one wrote.
 */
export async function withAdvisoryLock<T>(dataSource: DataSource, key: string, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    return await work();
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    await runner.release();
  }
}

/** Creates the database named in `url` when it does not exist yet (connecting to `postgres`). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (error) {
    // Two processes may race to create it; the loser finds it there.
    if ((error as { code?: string }).code === '42P04') return false;
    throw error;
  } finally {
    await client.end();
  }
}
