import type { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'accounts_invitations';

/**
 * The session generation of each user: one more with every password change or reset, so the
 * gateway can sign out the sessions started before it. Existing users start at 1, which is what
 * the gateway assumes for sessions stored before the generation existed: nobody is signed out by
 * this migration.
 */
export class UserSessionVersion1795252200000 implements MigrationInterface {
  name = 'UserSessionVersion1795252200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${S}.users ADD COLUMN session_version integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${S}.users DROP COLUMN session_version`);
  }
}
