import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invoices of paid orders and their per-year number counters. */
export class Invoices1795253200000 implements MigrationInterface {
  name = 'Invoices1795253200000';

  async up(q: QueryRunner): Promise<void> {
    // One row per calendar year: the last invoice number given out that year. It is updated under
    // a row lock in the transaction that stores the invoice, so a rolled-back transaction gives
    // its number back and numbers stay gap-free.
    await q.query(`CREATE TABLE notifications.invoice_counters (
      year integer PRIMARY KEY,
      last_number integer NOT NULL CHECK (last_number >= 0)
    )`);
    // One invoice per paid order, immutable once issued: seller, bill-to, lines and totals are
    // snapshots, so a later change of configuration or billing details never alters it. `pdf` is
    // the document as first rendered (it is rendered deterministically from this row).
    await q.query(`CREATE TABLE notifications.invoices (
      id uuid PRIMARY KEY,
      number text NOT NULL UNIQUE,
      year integer NOT NULL,
      sequence integer NOT NULL CHECK (sequence >= 1),
      order_id uuid NOT NULL UNIQUE,
      order_reference text NOT NULL,
      buyer_user_id text,
      buyer_email text NOT NULL,
      issued_at timestamptz NOT NULL,
      seller jsonb NOT NULL,
      bill_to jsonb NOT NULL,
      lines jsonb NOT NULL,
      totals jsonb NOT NULL,
      payment_kind text NOT NULL,
      currency char(3) NOT NULL DEFAULT 'EUR',
      transaction_id text,
      event_id uuid,
      pdf bytea,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (year, sequence)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notifications.invoices');
    await q.query('DROP TABLE notifications.invoice_counters');
  }
}
