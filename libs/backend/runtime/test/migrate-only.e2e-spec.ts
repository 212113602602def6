import { createTestEnvironment, freePort, testKit } from '@aero/backend-testing';
import { Module } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrateService, type ServiceDefinition } from '../src/start-service.js';

class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS migrate_only');
    await runner.query('CREATE TABLE migrate_only.notes (id serial PRIMARY KEY, body text NOT NULL)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE migrate_only.notes');
  }
}

@Module({})
class NothingModule {}

/** MIGRATE_ONLY=true (the migration Job before a rollout): the schema and nothing else. */
describe('migrateService (MIGRATE_ONLY)', () => {
  const kit = testKit(async () => {
    const env = await createTestEnvironment();
    return { env, close: () => env.destroy() };
  });

  const definition: ServiceDefinition = {
    name: 'payments',
    schema: 'migrate_only',
    portVariable: 'MIGRATE_ONLY_HTTP_PORT',
    defaultPort: 0,
    entities: [],
    migrations: [CreateNotes1700000000000],
    module: NothingModule,
  };

  it('applies the migrations once, without NATS or Redis (both unreachable here)', async () => {
    const [deadNats, deadRedis] = [await freePort(), await freePort()];
    const env = kit.env.env({ NATS_URL: `nats://127.0.0.1:${deadNats}`, REDIS_URL: `redis://127.0.0.1:${deadRedis}` });

    expect(await migrateService(definition, env)).toEqual(['CreateNotes1700000000000']);
    // A second run (the next release's Job, or a replica starting after it) applies nothing again.
    expect(await migrateService(definition, env)).toEqual(['CreateNotes1700000000000']);

    const client = new pg.Client({ connectionString: kit.env.databaseUrl });
    await client.connect();
    try {
      await client.query(`INSERT INTO migrate_only.notes (body) VALUES ('ok')`);
      expect((await client.query('SELECT count(*)::int AS n FROM migrate_only.migrations')).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
  });
});
