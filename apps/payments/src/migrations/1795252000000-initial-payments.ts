import { createMessagingTables, dropMessagingTables } from '@aero/backend-messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates the payments schema with its outbox, inbox and dead-letter tables. */
export class InitialPayments1795252000000 implements MigrationInterface {
  name = 'InitialPayments1795252000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables('payments')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTables('payments')) await q.query(sql);
  }
}
