import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Certificates (issue 15): one per passed enrolment (the unique key is the backstop of the
 * `exam.passed` consumer's inbox), with a unique public number. A revoked certificate keeps its
 * row: the verification page says revoked, with the date.
 */
export class Certificates1795261000000 implements MigrationInterface {
  name = 'Certificates1795261000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE exams.certificates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      number text NOT NULL CHECK (number ~ '^AMA-[0-9]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$'),
      enrolment_id uuid NOT NULL,
      user_id text NOT NULL,
      -- the learner's name when it was issued (printed, and shown by the verification page)
      learner_name text NOT NULL,
      course_id integer NOT NULL,
      course_name text NOT NULL,
      exam_id integer NOT NULL,
      attempt_id uuid NOT NULL,
      result_percents integer NOT NULL CHECK (result_percents BETWEEN 0 AND 100),
      issued_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_by text,
      revoke_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT certificates_number_uq UNIQUE (number),
      CONSTRAINT certificates_enrolment_uq UNIQUE (enrolment_id),
      CONSTRAINT certificates_revocation CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
    )`);
    await q.query(`CREATE INDEX certificates_user_idx ON exams.certificates (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS exams.certificates`);
  }
}
