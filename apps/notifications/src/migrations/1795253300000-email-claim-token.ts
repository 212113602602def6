import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The claim of an e-mail names its holder: the worker sending it renews its lease and records the
 * outcome only while the claim is still its own, so a worker whose claim was taken over (it
 * stalled past the lease) can neither keep the new holder's claim alive nor overwrite its outcome.
 */
export class EmailClaimToken1795253300000 implements MigrationInterface {
  name = 'EmailClaimToken1795253300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE notifications.emails ADD COLUMN claim_token uuid');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE notifications.emails DROP COLUMN claim_token');
  }
}
