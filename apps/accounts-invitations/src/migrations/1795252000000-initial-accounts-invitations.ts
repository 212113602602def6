import { createMessagingTables, dropMessagingTables } from '@aero/backend-messaging';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates the accounts_invitations schema with its outbox, inbox and dead-letter tables. */
export class InitialAccountsInvitations1795252000000 implements MigrationInterface {
  name = 'InitialAccountsInvitations1795252000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of createMessagingTables('accounts_invitations')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropMessagingTables('accounts_invitations')) await q.query(sql);
  }
}
