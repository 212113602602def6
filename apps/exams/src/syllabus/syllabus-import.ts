import { createRequire } from 'node:module';
import type { EntityManager } from 'typeorm';
import type * as Yaml from 'yaml';
import { z } from 'zod';
import { syllabusFileSchema, syllabusListFileSchema, type SyllabusFile } from './syllabus-file.schema.js';
import { flattenSyllabus, type SyllabusProblem } from './syllabus-tree.js';

/** A syllabus file that cannot be imported, with every problem found (nothing was written). */
export class SyllabusImportError extends Error {
  constructor(
    readonly source: string,
    readonly problems: SyllabusProblem[],
  ) {
    super(`${source}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => `  - ${p.path}: ${p.message}`).join('\n')}`);
    this.name = 'SyllabusImportError';
  }
}

/** What one course's import changed. */
export interface SyllabusImportReport {
  courseId: number;
  courseName: string;
  chapters: number;
  created: number;
  updated: number;
  removed: number;
  quizQuestions: number;
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)), '') || '(file)';
}

/**
 * The YAML reader, loaded by the first YAML file rather than with this module: the exams service
 * only seeds syllabi and reads no file (about 1 MB of heap); `npm run syllabus:import` reads them.
 */
function parseYaml(content: string): unknown {
  return (createRequire(import.meta.url)('yaml') as typeof Yaml).parse(content);
}

/**
 * Reads a syllabus file (JSON, or YAML when the name ends in .yaml/.yml): one course (`course`,
 * `chapters`) or several (`courses: [...]`). Every problem is answered at once, with where it is.
 */
export function parseSyllabusFile(source: string, content: string): SyllabusFile[] {
  let raw: unknown;
  try {
    raw = /\.ya?ml$/i.test(source) ? parseYaml(content) : JSON.parse(content);
  } catch (error) {
    throw new SyllabusImportError(source, [{ path: '(file)', message: `not readable as ${/\.ya?ml$/i.test(source) ? 'YAML' : 'JSON'}: ${(error as Error).message}` }]);
  }
  const many = typeof raw === 'object' && raw !== null && 'courses' in raw;
  const result = many ? syllabusListFileSchema.safeParse(raw) : syllabusFileSchema.safeParse(raw);
  if (!result.success) {
    throw new SyllabusImportError(
      source,
      result.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message })),
    );
  }
  const files: SyllabusFile[] = many ? (result.data as z.output<typeof syllabusListFileSchema>).courses : [result.data as SyllabusFile];
  const problems: SyllabusProblem[] = [];
  const ids = new Set<number>();
  files.forEach((file, index) => {
    const prefix = many ? `courses[${index}].` : '';
    if (ids.has(file.course.id)) problems.push({ path: `${prefix}course.id`, message: `the course ${file.course.id} is in the file twice` });
    ids.add(file.course.id);
    for (const problem of flattenSyllabus(file.chapters).problems) problems.push({ path: `${prefix}${problem.path}`, message: problem.message });
  });
  if (problems.length) throw new SyllabusImportError(source, problems);
  return files;
}

/**
 * Writes one course and its whole syllabus, in the caller's transaction: the course's details,
 * every chapter matched by its slug (kept: its id, so learners' progress stays), chapters no
 * longer in the file removed with their progress, each quiz's questions by their place. Running
 * it again with the same file changes nothing but the syllabus version.
 */
export async function importSyllabus(manager: EntityManager, file: SyllabusFile): Promise<SyllabusImportReport> {
  if (!manager.queryRunner?.isTransactionActive) throw new Error('importSyllabus must run inside a transaction');
  const { rows, problems } = flattenSyllabus(file.chapters);
  if (problems.length) throw new SyllabusImportError(`course ${file.course.id}`, problems);
  const { course } = file;
  await manager.query(
    `INSERT INTO exams.courses (id, name, subtitle, description, image, demo_video_url, syllabus_version)
     VALUES ($1, $2, $3, $4, $5, $6, 1)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, subtitle = EXCLUDED.subtitle, description = EXCLUDED.description,
       image = EXCLUDED.image, demo_video_url = EXCLUDED.demo_video_url, syllabus_version = courses.syllabus_version + 1, updated_at = now()`,
    [course.id, course.name, course.subtitle, course.description, course.image, course.demo_video_url],
  );
  const existing: { slug: string }[] = await manager.query('SELECT slug FROM exams.chapters WHERE course_id = $1', [course.id]);
  const before = new Set(existing.map((row) => row.slug));
  const ids = new Map<string, string>();
  let quizQuestions = 0;
  for (const row of rows) {
    const [saved]: { id: string }[] = await manager.query(
      `INSERT INTO exams.chapters (course_id, slug, parent_id, position, level, number, name, subtitle, kind, text, video_url,
                                   is_skippable, can_be_rewatched, hours, minutes, seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (course_id, slug) DO UPDATE SET parent_id = EXCLUDED.parent_id, position = EXCLUDED.position, level = EXCLUDED.level,
         number = EXCLUDED.number, name = EXCLUDED.name, subtitle = EXCLUDED.subtitle, kind = EXCLUDED.kind, text = EXCLUDED.text,
         video_url = EXCLUDED.video_url, is_skippable = EXCLUDED.is_skippable, can_be_rewatched = EXCLUDED.can_be_rewatched,
         hours = EXCLUDED.hours, minutes = EXCLUDED.minutes, seconds = EXCLUDED.seconds, updated_at = now()
       RETURNING id`,
      [
        course.id,
        row.slug,
        row.parentSlug ? ids.get(row.parentSlug) : null,
        row.position,
        row.level,
        row.number,
        row.name,
        row.subtitle,
        row.kind,
        row.text,
        row.videoUrl,
        row.isSkippable,
        row.canBeRewatched,
        row.hours,
        row.minutes,
        row.seconds,
      ],
    );
    ids.set(row.slug, saved.id);
    if (row.quiz.length) {
      await manager.query(
        `INSERT INTO exams.quiz_questions (chapter_id, position, question, choice_a, choice_b, choice_c, correct, explanation)
         SELECT $1, q.position, q.question, q.a, q.b, q.c, q.correct, q.explanation
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
                AS q(position, question, a, b, c, correct, explanation)
         ON CONFLICT (chapter_id, position) DO UPDATE SET question = EXCLUDED.question, choice_a = EXCLUDED.choice_a, choice_b = EXCLUDED.choice_b,
           choice_c = EXCLUDED.choice_c, correct = EXCLUDED.correct, explanation = EXCLUDED.explanation`,
        [
          saved.id,
          row.quiz.map((_, i) => i),
          row.quiz.map((q) => q.question),
          row.quiz.map((q) => q.A),
          row.quiz.map((q) => q.B),
          row.quiz.map((q) => q.C),
          row.quiz.map((q) => q.correct),
          row.quiz.map((q) => q.explanation),
        ],
      );
    }
    await manager.query('DELETE FROM exams.quiz_questions WHERE chapter_id = $1 AND position >= $2', [saved.id, row.quiz.length]);
    quizQuestions += row.quiz.length;
  }
  const [{ removed }]: { removed: number }[] = await manager.query(
    'WITH removed AS (DELETE FROM exams.chapters WHERE course_id = $1 AND NOT (slug = ANY($2::text[])) RETURNING id) SELECT count(*)::int AS removed FROM removed',
    [
    course.id,
      rows.map((row) => row.slug),
    ],
  );
  const created = rows.filter((row) => !before.has(row.slug)).length;
  return { courseId: course.id, courseName: course.name, chapters: rows.length, created, updated: rows.length - created, removed, quizQuestions };
}
