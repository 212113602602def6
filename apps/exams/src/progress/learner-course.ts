import type { CourseSummary, EnrolmentSource, EnrolmentStatus } from '@aero/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { canStudy } from '../enrolments/enrolment-rules.js';
import { toEnrolmentDto, type EnrolmentRow } from '../enrolments/enrolment-row.js';
import { SyllabusStore, type Syllabus } from '../syllabus/syllabus-store.js';
import { LearningErrors } from '../common/learning.errors.js';
import { activeChapterId, isLocked, type ChapterRow, type LearnerView } from '../syllabus/syllabus-tree.js';

/** A learner's enrolment in a course, as the course page and progress read it. */
export interface LearnerEnrolment {
  id: string;
  userId: string;
  source: EnrolmentSource;
  status: EnrolmentStatus;
  availableTill: string;
  enrolledAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** Chapter ids the learner completed (any chapter of the course, also ones removed since). */
  completed: Set<string>;
}

/** A course, its syllabus and the learner's enrolment in it (null: not enrolled). */
export interface LearnerCourse {
  course: CourseSummary;
  syllabus: Syllabus;
  enrolment: LearnerEnrolment | null;
}

interface Row {
  id: number;
  name: string;
  subtitle: string | null;
  description: string | null;
  image: string | null;
  demo_video_url: string | null;
  syllabus_version: number;
  enrolment_id: string | null;
  source: EnrolmentSource | null;
  status: EnrolmentStatus | null;
  available_till: string | null;
  enrolled_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  completed: string[] | null;
}

/*
 * One statement for the course, the learner's newest enrolment in it and the chapters they
 * completed; the syllabus comes from SyllabusStore at the version this statement reads.
 */
const LEARNER_COURSE = `SELECT c.id, c.name, c.subtitle, c.description, c.image, c.demo_video_url, c.syllabus_version,
       e.id AS enrolment_id, e.source, e.status, to_char(e.available_till, 'YYYY-MM-DD') AS available_till,
       e.enrolled_at, e.started_at, e.completed_at,
       (SELECT array_agg(p.chapter_id::text) FROM exams.chapter_progress p WHERE p.enrolment_id = e.id) AS completed
  FROM exams.courses c
  LEFT JOIN LATERAL (
    SELECT * FROM exams.enrolments en WHERE en.user_id = $2 AND en.course_id = c.id AND en.withdrawn_at IS NULL
     ORDER BY en.enrolled_at DESC, en.id LIMIT 1
  ) e ON true
 WHERE c.id = $1`;

/** Reads a learner's course with its syllabus and their progress. */
@Injectable()
export class LearnerCourses {
  constructor(
    private readonly dataSource: DataSource,
    private readonly syllabi: SyllabusStore,
  ) {}

  /**
   * The course and the learner's state in it, null when there is no such course. With
   * `forUpdate`, inside a transaction, the enrolment row is locked first: completions of one
   * learner's course then run one after the other.
   */
  async read(userId: string, courseId: number, manager: EntityManager = this.dataSource.manager, forUpdate = false): Promise<LearnerCourse | null> {
    if (forUpdate) {
      await manager.query(
        `SELECT 1 FROM exams.enrolments WHERE id = (SELECT id FROM exams.enrolments WHERE user_id = $1 AND course_id = $2 AND withdrawn_at IS NULL
            ORDER BY enrolled_at DESC, id LIMIT 1) FOR UPDATE`,
        [userId, courseId],
      );
    }
    const [row] = await manager.query<Row[]>(LEARNER_COURSE, [courseId, userId]);
    if (!row) return null;
    const syllabus = await this.syllabi.get(courseId, row.syllabus_version);
    return {
      course: { id: row.id, name: row.name, subtitle: row.subtitle, description: row.description, image: row.image, demo_video_url: row.demo_video_url },
      syllabus,
      enrolment: row.enrolment_id
        ? {
            id: row.enrolment_id,
            userId,
            source: row.source!,
            status: row.status!,
            availableTill: row.available_till!,
            enrolledAt: row.enrolled_at!,
            startedAt: row.started_at,
            completedAt: row.completed_at,
            completed: new Set(row.completed ?? []),
          }
        : null,
    };
  }
}

/** The leaf chapters of the syllabus the learner completed. */
export function completedLeaves(state: LearnerCourse): number {
  const completed = state.enrolment?.completed;
  if (!completed) return 0;
  return state.syllabus.leaves.filter((leaf) => completed.has(leaf.id)).length;
}

/** What the tree shows of the learner: watching while enrolled and the content is open. */
export function learnerView(state: LearnerCourse, now: Date): LearnerView {
  const enrolment = state.enrolment;
  const watching = enrolment !== null && canStudy({ status: enrolment.status, availableTill: enrolment.availableTill }, now);
  return { watching, completed: enrolment?.completed ?? new Set(), courseCompleted: enrolment?.status === 'completed' };
}

/** A chapter the learner may open now, with the course it is read from. */
export interface OpenChapter {
  state: LearnerCourse & { enrolment: LearnerEnrolment };
  chapter: ChapterRow;
  /** Whether the learner completed this chapter. */
  completed: boolean;
}

/**
 * The chapter of `slug` when the learner may open it now, as reading and completing it both
 * require: not enrolled or no such chapter is 404, access ended is 403 content ended, a locked
 * chapter (not a section) is 403.
 */
export function openChapter(state: LearnerCourse | null, slug: string, now: Date): OpenChapter {
  const enrolment = state?.enrolment;
  if (!state || !enrolment) throw LearningErrors.notEnrolled();
  const view = learnerView(state, now);
  if (!view.watching) throw LearningErrors.contentEnded();
  const chapter = state.syllabus.bySlug.get(slug);
  if (!chapter) throw LearningErrors.chapterNotFound();
  const completed = enrolment.completed.has(chapter.id);
  const active = activeChapterId(state.syllabus.rows, view) === chapter.id;
  if (chapter.kind !== 'section' && isLocked({ completed, active, skippable: chapter.isSkippable, rewatchable: chapter.canBeRewatched }, view)) {
    throw LearningErrors.chapterLocked();
  }
  return { state: { ...state, enrolment }, chapter, completed };
}

/** The enrolment as the API answers it. */
export function enrolmentDto(state: LearnerCourse, now: Date) {
  const e = state.enrolment;
  if (!e) return null;
  const row: EnrolmentRow = {
    id: e.id,
    user_id: e.userId,
    email: '',
    course_id: state.course.id,
    course_name: state.course.name,
    image: state.course.image,
    source: e.source,
    status: e.status,
    available_till: e.availableTill,
    enrolled_at: e.enrolledAt,
    started_at: e.startedAt,
    completed_at: e.completedAt,
    done: completedLeaves(state),
    total: state.syllabus.leaves.length,
  };
  return toEnrolmentDto(row, now);
}
