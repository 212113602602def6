import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The certificates issued (from `certificate.issued`), as their e-mail attaches them: the e-mail
 * worker renders the PDF from this row when it sends. One row per number.
 */
export class Certificates1795253400000 implements MigrationInterface {
  name = 'Certificates1795253400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE notifications.certificates (
      number text PRIMARY KEY,
      user_id text NOT NULL,
      learner_name text NOT NULL,
      course_name text NOT NULL,
      result_percents integer NOT NULL CHECK (result_percents BETWEEN 0 AND 100),
      issued_at timestamptz NOT NULL,
      event_id uuid,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS notifications.certificates');
  }
}
