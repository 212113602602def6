import { createMessagingTables, dropMessagingTables } from '@aero/backend-messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The notifications schema: outbox, inbox and dead letters, and the e-mail outbox `emails`. */
export class InitialNotifications1795253000000 implements MigrationInterface {
  name = 'InitialNotifications1795253000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables('notifications')) await q.query(sql);
    // One row per e-mail the platform owes someone, keyed by what it is about
    // (`order-confirmation:<orderId>`): the key makes "send once" checkable.
    await q.query(`CREATE TABLE notifications.emails (
      key text PRIMARY KEY,
      recipient text NOT NULL,
      subject text NOT NULL,
      body_text text NOT NULL,
      body_html text,
      message_id text NOT NULL,
      event_id uuid,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      claimed_at timestamptz,
      sent_at timestamptz
    )`);
    await q.query(`CREATE INDEX emails_unsent_idx ON notifications.emails (created_at) WHERE status <> 'sent'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notifications.emails');
    for (const sql of dropMessagingTables('notifications')) await q.query(sql);
  }
}
