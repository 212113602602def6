import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The learning side (issue 14): courses and their syllabus chapter trees with quiz questions,
 * learners' enrolments (from `course.enrolled`), chapter progress and quiz answers, questions to
 * the instructor. Unique keys are the backstop of the consumers' inbox: one enrolment per
 * `course.enrolled` (its id), per share and per order line of a learner.
 */
export class Learning1795255000000 implements MigrationInterface {
  name = 'Learning1795255000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE exams.courses (
      -- the catalogue's program id
      id integer PRIMARY KEY CHECK (id > 0),
      name text NOT NULL,
      subtitle text,
      description text,
      image text,
      demo_video_url text,
      -- bumped by every syllabus import: cached course pages of an older version are stale
      syllabus_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);

    await q.query(`CREATE TABLE exams.chapters (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      course_id integer NOT NULL REFERENCES exams.courses (id) ON DELETE CASCADE,
      slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,119}$'),
      parent_id uuid REFERENCES exams.chapters (id) ON DELETE CASCADE,
      -- the chapter's place in the whole tree, read depth first (0, 1, 2, ...)
      position integer NOT NULL CHECK (position >= 0),
      level integer NOT NULL CHECK (level BETWEEN 1 AND 6),
      number text NOT NULL,
      name text NOT NULL,
      subtitle text,
      kind text NOT NULL CHECK (kind IN ('section', 'video', 'text', 'quiz')),
      text text,
      video_url text,
      is_skippable boolean NOT NULL DEFAULT false,
      can_be_rewatched boolean NOT NULL DEFAULT true,
      hours integer CHECK (hours BETWEEN 0 AND 999),
      minutes integer CHECK (minutes BETWEEN 0 AND 59),
      seconds integer CHECK (seconds BETWEEN 0 AND 59),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT chapters_course_slug_uq UNIQUE (course_id, slug),
      CONSTRAINT chapters_video_has_url CHECK (kind <> 'video' OR video_url IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX chapters_course_position_idx ON exams.chapters (course_id, position)`);

    await q.query(`CREATE TABLE exams.quiz_questions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      chapter_id uuid NOT NULL REFERENCES exams.chapters (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      question text NOT NULL,
      choice_a text NOT NULL,
      choice_b text NOT NULL,
      choice_c text NOT NULL,
      correct char(1) NOT NULL CHECK (correct IN ('A', 'B', 'C')),
      explanation text,
      CONSTRAINT quiz_questions_chapter_position_uq UNIQUE (chapter_id, position)
    )`);

    await q.query(`CREATE TABLE exams.enrolments (
      -- the enrolmentId of the course.enrolled it came from
      id uuid PRIMARY KEY,
      user_id text NOT NULL,
      email text NOT NULL,
      course_id integer NOT NULL REFERENCES exams.courses (id),
      course_name text NOT NULL,
      source text NOT NULL CHECK (source IN ('purchase', 'share')),
      order_id uuid,
      share_id uuid,
      status text NOT NULL CHECK (status IN ('created', 'shared', 'in-progress', 'completed', 'failed')),
      -- the last day the content can be opened (UTC)
      available_till date NOT NULL,
      enrolled_at timestamptz NOT NULL,
      started_at timestamptz,
      completed_at timestamptz,
      failed_at timestamptz,
      -- a recalled share takes the course back: kept for the record, shown nowhere
      withdrawn_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT enrolments_source_ref CHECK ((source = 'share') = (share_id IS NOT NULL)),
      CONSTRAINT enrolments_started_when_progressing CHECK (status IN ('created', 'shared', 'failed') OR started_at IS NOT NULL),
      CONSTRAINT enrolments_completed_when_completed CHECK (status <> 'completed' OR completed_at IS NOT NULL)
    )`);
    await q.query(`CREATE UNIQUE INDEX enrolments_share_uq ON exams.enrolments (share_id) WHERE share_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX enrolments_order_uq ON exams.enrolments (order_id, course_id, user_id) WHERE order_id IS NOT NULL`);
    await q.query(`CREATE INDEX enrolments_learner_idx ON exams.enrolments (user_id, course_id, enrolled_at DESC) WHERE withdrawn_at IS NULL`);

    // A share recalled before its course.enrolled arrived (events come in any order).
    await q.query(`CREATE TABLE exams.withdrawn_shares (
      share_id uuid PRIMARY KEY,
      withdrawn_at timestamptz NOT NULL
    )`);

    await q.query(`CREATE TABLE exams.chapter_progress (
      enrolment_id uuid NOT NULL REFERENCES exams.enrolments (id) ON DELETE CASCADE,
      chapter_id uuid NOT NULL REFERENCES exams.chapters (id) ON DELETE CASCADE,
      reason text NOT NULL CHECK (reason IN ('video_ended', 'marked_done', 'quiz_passed')),
      completed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (enrolment_id, chapter_id)
    )`);

    await q.query(`CREATE TABLE exams.quiz_answers (
      enrolment_id uuid NOT NULL REFERENCES exams.enrolments (id) ON DELETE CASCADE,
      question_id uuid NOT NULL REFERENCES exams.quiz_questions (id) ON DELETE CASCADE,
      last_choice char(1) NOT NULL CHECK (last_choice IN ('A', 'B', 'C')),
      attempts integer NOT NULL DEFAULT 1 CHECK (attempts > 0),
      -- the first time it was answered right; null while never right
      correct_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (enrolment_id, question_id)
    )`);

    await q.query(`CREATE TABLE exams.questions (
      id uuid PRIMARY KEY,
      enrolment_id uuid NOT NULL REFERENCES exams.enrolments (id),
      user_id text NOT NULL,
      course_id integer NOT NULL REFERENCES exams.courses (id),
      course_name text NOT NULL,
      asked_by_name text NOT NULL,
      asked_by_email text NOT NULL,
      topic text NOT NULL CHECK (length(topic) BETWEEN 1 AND 240),
      question text NOT NULL CHECK (length(question) BETWEEN 1 AND 4000),
      asked_at timestamptz NOT NULL DEFAULT now(),
      answer text,
      answered_at timestamptz,
      answered_by text,
      CONSTRAINT questions_answer_complete CHECK ((answer IS NULL) = (answered_at IS NULL) AND (answer IS NULL) = (answered_by IS NULL))
    )`);
    await q.query(`CREATE INDEX questions_learner_idx ON exams.questions (user_id, course_id, asked_at DESC)`);
    await q.query(`CREATE INDEX questions_open_idx ON exams.questions (asked_at) WHERE answered_at IS NULL`);
    await q.query(`CREATE INDEX questions_answered_idx ON exams.questions (answered_at DESC) WHERE answered_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['questions', 'quiz_answers', 'chapter_progress', 'withdrawn_shares', 'enrolments', 'quiz_questions', 'chapters', 'courses']) {
      await q.query(`DROP TABLE IF EXISTS exams.${table}`);
    }
  }
}
