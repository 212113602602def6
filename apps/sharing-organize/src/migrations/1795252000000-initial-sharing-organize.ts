import { createMessagingTables, dropMessagingTables } from '@aero/backend-messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates the sharing_organize schema with its outbox, inbox and dead-letter tables. */
export class InitialSharingOrganize1795252000000 implements MigrationInterface {
  name = 'InitialSharingOrganize1795252000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables('sharing_organize')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTables('sharing_organize')) await q.query(sql);
  }
}
