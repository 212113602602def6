import type { DataSource, EntityManager } from 'typeorm';
import { DEMO_EXAMS, type ExamFile } from './demo-exams.data.js';

/** Writes an exam definition and its question bank (positions in the file's order). */
export async function insertExam(manager: EntityManager, exam: ExamFile): Promise<number> {
  const [row]: { id: number }[] = await manager.query(
    `INSERT INTO exams.exams (course_id, title, draw_size, duration_seconds, pass_rate, max_attempts, grace_period_seconds, results_visible)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [exam.courseId, exam.title, exam.drawSize, exam.durationSeconds, exam.passRate, exam.maxAttempts, Math.round(exam.graceHours * 3600), exam.resultsVisible],
  );
  await manager.query(
    `INSERT INTO exams.exam_questions (exam_id, position, question, choice_a, choice_b, choice_c, correct)
     SELECT $1, q.position - 1, q.question, q.a, q.b, q.c, q.correct
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS q(question, a, b, c, correct, position)`,
    [
      row.id,
      exam.questions.map((question) => question.question),
      exam.questions.map((question) => question.A),
      exam.questions.map((question) => question.B),
      exam.questions.map((question) => question.C),
      exam.questions.map((question) => question.correct),
    ],
  );
  return row.id;
}

/**
 * Seeds the exam of every demo course that has none yet (after the syllabi, which create the
 * courses): running it again changes nothing, and an exam an operator changed is left alone.
 */
export async function seedDemoExams(dataSource: DataSource): Promise<void> {
  const existing: { course_id: number }[] = await dataSource.query('SELECT course_id FROM exams.exams');
  const courses: { id: number }[] = await dataSource.query('SELECT id FROM exams.courses WHERE id = ANY($1::int[])', [DEMO_EXAMS.map((exam) => exam.courseId)]);
  const done = new Set(existing.map((row) => row.course_id));
  const known = new Set(courses.map((row) => row.id));
  const missing = DEMO_EXAMS.filter((exam) => known.has(exam.courseId) && !done.has(exam.courseId));
  if (!missing.length) return;
  await dataSource.transaction(async (manager) => {
    for (const exam of missing) await insertExam(manager, exam);
  });
}
