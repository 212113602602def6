import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exams (issue 15): one exam per course with its question bank (three choices, one correct),
 * learners' attempts (drawn questions in their order, answers as chosen, the deadline the
 * server set), and the audit trail of every begin, answer and completion. An attempt belongs to
 * the enrolment: a course bought again starts with every attempt again.
 */
export class Exams1795260000000 implements MigrationInterface {
  name = 'Exams1795260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE exams.exams (
      id serial PRIMARY KEY,
      course_id integer NOT NULL UNIQUE REFERENCES exams.courses (id) ON DELETE CASCADE,
      title text NOT NULL,
      -- questions drawn for one attempt
      draw_size integer NOT NULL CHECK (draw_size > 0),
      duration_seconds integer NOT NULL CHECK (duration_seconds > 0),
      pass_rate integer NOT NULL DEFAULT 75 CHECK (pass_rate BETWEEN 0 AND 100),
      max_attempts integer NOT NULL CHECK (max_attempts > 0),
      -- the wait between a failed attempt and the next (defined in hours, kept in seconds)
      grace_period_seconds integer NOT NULL CHECK (grace_period_seconds >= 0),
      results_visible boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    await q.query(`CREATE TABLE exams.exam_questions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      exam_id integer NOT NULL REFERENCES exams.exams (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      question text NOT NULL,
      choice_a text NOT NULL,
      choice_b text NOT NULL,
      choice_c text NOT NULL,
      correct char(1) NOT NULL CHECK (correct IN ('A', 'B', 'C')),
      CONSTRAINT exam_questions_exam_position_uq UNIQUE (exam_id, position)
    )`);

    await q.query(`CREATE TABLE exams.exam_attempts (
      id uuid PRIMARY KEY,
      exam_id integer NOT NULL REFERENCES exams.exams (id),
      enrolment_id uuid NOT NULL REFERENCES exams.enrolments (id),
      user_id text NOT NULL,
      attempt_no integer NOT NULL CHECK (attempt_no > 0),
      status text NOT NULL CHECK (status IN ('in_progress', 'passed', 'failed')),
      started_at timestamptz NOT NULL,
      -- set at begin by the server: answers are refused from this instant
      deadline timestamptz NOT NULL,
      finished_at timestamptz,
      finished_by text CHECK (finished_by IN ('learner', 'deadline')),
      correct_answers integer,
      question_count integer NOT NULL CHECK (question_count > 0),
      result_percents integer CHECK (result_percents BETWEEN 0 AND 100),
      pass_rate integer NOT NULL,
      -- a failed attempt with attempts left: when the next may begin
      next_attempt_at timestamptz,
      -- the grace-period job made the retry known (e-mail) at this time
      retry_notified_at timestamptz,
      CONSTRAINT exam_attempts_no_uq UNIQUE (enrolment_id, exam_id, attempt_no),
      CONSTRAINT exam_attempts_finished CHECK ((status = 'in_progress') = (finished_at IS NULL)),
      CONSTRAINT exam_attempts_scored CHECK (status = 'in_progress' OR (finished_by IS NOT NULL AND result_percents IS NOT NULL AND correct_answers IS NOT NULL)),
      CONSTRAINT exam_attempts_deadline_after_start CHECK (deadline > started_at),
      CONSTRAINT exam_attempts_finished_by_deadline CHECK (finished_at IS NULL OR finished_at <= deadline)
    )`);
    // One attempt in progress per learner's exam: two begins at once cannot both draw.
    await q.query(`CREATE UNIQUE INDEX exam_attempts_one_open_uq ON exams.exam_attempts (enrolment_id, exam_id) WHERE status = 'in_progress'`);
    await q.query(`CREATE INDEX exam_attempts_deadline_idx ON exams.exam_attempts (deadline) WHERE status = 'in_progress'`);
    await q.query(`CREATE INDEX exam_attempts_retry_idx ON exams.exam_attempts (next_attempt_at) WHERE next_attempt_at IS NOT NULL AND retry_notified_at IS NULL`);

    await q.query(`CREATE TABLE exams.exam_attempt_questions (
      attempt_id uuid NOT NULL REFERENCES exams.exam_attempts (id) ON DELETE CASCADE,
      question_id uuid NOT NULL REFERENCES exams.exam_questions (id),
      -- the place in the attempt, from 1 (the draw's order)
      position integer NOT NULL CHECK (position > 0),
      answer char(1) CHECK (answer IN ('A', 'B', 'C')),
      answered_at timestamptz,
      PRIMARY KEY (attempt_id, question_id),
      CONSTRAINT exam_attempt_questions_position_uq UNIQUE (attempt_id, position),
      CONSTRAINT exam_attempt_questions_answered CHECK ((answer IS NULL) = (answered_at IS NULL))
    )`);

    await q.query(`CREATE TABLE exams.exam_audit (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      action text NOT NULL CHECK (action IN ('begin', 'answer', 'complete', 'auto_complete', 'retry_available', 'certificate_issued')),
      -- the user who acted, or 'system' (the deadline and grace-period timers)
      actor text NOT NULL,
      user_id text NOT NULL,
      course_id integer NOT NULL,
      exam_id integer NOT NULL,
      attempt_id uuid,
      attempt_no integer,
      detail text NOT NULL DEFAULT ''
    )`);
    await q.query(`CREATE INDEX exam_audit_learner_idx ON exams.exam_audit (user_id, at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['exam_audit', 'exam_attempt_questions', 'exam_attempts', 'exam_questions', 'exams']) {
      await q.query(`DROP TABLE IF EXISTS exams.${table}`);
    }
  }
}
