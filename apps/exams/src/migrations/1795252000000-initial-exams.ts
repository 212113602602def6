import { createMessagingTables, dropMessagingTables } from '@aero/backend-messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates the exams schema with its outbox, inbox and dead-letter tables. */
export class InitialExams1795252000000 implements MigrationInterface {
  name = 'InitialExams1795252000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables('exams')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTables('exams')) await q.query(sql);
  }
}
