import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { leafChapters, type ChapterRow } from './syllabus-tree.js';

/** A course's syllabus as the pages read it: its chapters in order, found by slug, and its quizzes' sizes. */
export interface Syllabus {
  courseId: number;
  version: number;
  rows: ChapterRow[];
  bySlug: Map<string, ChapterRow>;
  byId: Map<string, ChapterRow>;
  /** The chapters to complete, in order. */
  leaves: ChapterRow[];
  /** Questions of each quiz chapter, by chapter id. */
  quizSizes: Map<string, number>;
}

/** The text, video and questions of one chapter. */
export interface ChapterContentRow {
  text: string | null;
  videoUrl: string | null;
  questions: { id: string; question: string; A: string; B: string; C: string; correct: 'A' | 'B' | 'C'; explanation: string | null }[];
}

/**
 * The syllabus trees of the courses, kept in memory per course and syllabus version: a course
 * page costs one statement for the learner's data (which names the version) and none for a tree
 * already read. An import raises the version, so every replica reads the new tree on its next
 * page; a replica never serves a tree older than the version the database names.
 */
@Injectable()
export class SyllabusStore {
  private readonly cache = new Map<number, Syllabus>();
  private readonly loading = new Map<string, Promise<Syllabus>>();

  constructor(private readonly dataSource: DataSource) {}

  /** The syllabus of `courseId` at `version` (the version read with the learner's data). */
  async get(courseId: number, version: number, manager: EntityManager = this.dataSource.manager): Promise<Syllabus> {
    const cached = this.cache.get(courseId);
    if (cached && cached.version >= version) return cached;
    const key = `${courseId}:${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(courseId, manager).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(courseId: number, manager: EntityManager): Promise<Syllabus> {
    const [rows, [course]] = await Promise.all([
      manager.query<
        (Omit<ChapterRow, 'parentId' | 'isSkippable' | 'canBeRewatched'> & { parent_id: string | null; is_skippable: boolean; can_be_rewatched: boolean; quiz_size: number })[]
      >(
        `SELECT c.id, c.slug, c.parent_id, c.position, c.level, c.number, c.name, c.subtitle, c.kind, c.is_skippable, c.can_be_rewatched,
                c.hours, c.minutes, c.seconds, (SELECT count(*)::int FROM exams.quiz_questions q WHERE q.chapter_id = c.id) AS quiz_size
           FROM exams.chapters c WHERE c.course_id = $1 ORDER BY c.position`,
        [courseId],
      ),
      manager.query<{ syllabus_version: number }[]>('SELECT syllabus_version FROM exams.courses WHERE id = $1', [courseId]),
    ]);
    const chapters: ChapterRow[] = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      parentId: row.parent_id,
      position: row.position,
      level: row.level,
      number: row.number,
      name: row.name,
      subtitle: row.subtitle,
      kind: row.kind,
      isSkippable: row.is_skippable,
      canBeRewatched: row.can_be_rewatched,
      hours: row.hours,
      minutes: row.minutes,
      seconds: row.seconds,
    }));
    const syllabus: Syllabus = {
      courseId,
      version: course?.syllabus_version ?? 0,
      rows: chapters,
      bySlug: new Map(chapters.map((row) => [row.slug, row])),
      byId: new Map(chapters.map((row) => [row.id, row])),
      leaves: leafChapters(chapters),
      quizSizes: new Map(rows.filter((row) => row.quiz_size > 0).map((row) => [row.id, row.quiz_size])),
    };
    const cached = this.cache.get(courseId);
    if (!cached || cached.version <= syllabus.version) this.cache.set(courseId, syllabus);
    return syllabus;
  }

  /** One chapter's content (read when it is opened). */
  async content(chapterId: string, manager: EntityManager = this.dataSource.manager): Promise<ChapterContentRow> {
    const [[chapter], questions] = await Promise.all([
      manager.query<{ text: string | null; video_url: string | null }[]>('SELECT text, video_url FROM exams.chapters WHERE id = $1', [chapterId]),
      manager.query<ChapterContentRow['questions']>(
        `SELECT id, question, choice_a AS "A", choice_b AS "B", choice_c AS "C", correct, explanation
           FROM exams.quiz_questions WHERE chapter_id = $1 ORDER BY position`,
        [chapterId],
      ),
    ]);
    return { text: chapter?.text ?? null, videoUrl: chapter?.video_url ?? null, questions };
  }
}
