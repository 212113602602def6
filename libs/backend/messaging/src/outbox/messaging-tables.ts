import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox, inbox and dead-letter tables every service keeps in its own schema.
 * A service's first migration calls `createMessagingTables(schema)`.
 */
export function createMessagingTables(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE EXTENSION IF NOT EXISTS pgcrypto`,
    `CREATE TABLE ${s}.outbox (
      id uuid PRIMARY KEY,
      subject text NOT NULL,
      type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    )`,
    `CREATE INDEX outbox_unpublished_idx ON ${s}.outbox (created_at) WHERE published_at IS NULL`,
    `CREATE TABLE ${s}.inbox (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      subject text NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`,
    `CREATE TABLE ${s}.dead_letters (
      id bigserial PRIMARY KEY,
      consumer text NOT NULL,
      event_id text,
      subject text NOT NULL,
      payload text NOT NULL,
      error text NOT NULL,
      deliveries integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      replayed_at timestamptz
    )`,
  ];
}

export function dropMessagingTables(schema: string): string[] {
  const s = `"${schema}"`;
  return [`DROP TABLE ${s}.dead_letters`, `DROP TABLE ${s}.inbox`, `DROP TABLE ${s}.outbox`];
}

/**
 * A service's first migration, which creates its schema with only these tables:
 * `class InitialX1795252000000 extends MessagingTablesMigration { name = 'InitialX1795252000000'; schema = 'x'; }`.
 */
export abstract class MessagingTablesMigration implements MigrationInterface {
  abstract name: string;
  protected abstract readonly schema: string;

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables(this.schema)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTables(this.schema)) await q.query(sql);
  }
}

/** The LISTEN/NOTIFY channel that wakes a schema's relay right after a commit. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`.replace(/[^a-z0-9_]/gi, '_');
}
