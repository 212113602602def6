import type { DataSource } from 'typeorm';
import { importSyllabus } from '../syllabus/syllabus-import.js';
import { DEMO_SYLLABI } from './demo-syllabus.data.js';

/**
 * Seeds the demo catalogue's courses and their syllabi, idempotently: a course that already has
 * chapters is left alone (an operator may have imported its own syllabus since), so running it
 * again changes nothing.
 */
export async function seedDemoSyllabi(dataSource: DataSource): Promise<void> {
  const seeded: { course_id: number }[] = await dataSource.query('SELECT DISTINCT course_id FROM exams.chapters WHERE course_id = ANY($1::int[])', [
    DEMO_SYLLABI.map((file) => file.course.id),
  ]);
  const done = new Set(seeded.map((row) => row.course_id));
  const missing = DEMO_SYLLABI.filter((file) => !done.has(file.course.id));
  if (!missing.length) return;
  await dataSource.transaction(async (manager) => {
    for (const file of missing) await importSyllabus(manager, file);
  });
}
