import { chapterUrl, type ChapterContentAnswer, type ChapterRequest, type CoursePageAnswer, type CourseRequest } from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { learnerOf } from '../common/learner.js';
import { LearningErrors } from '../common/learning.errors.js';
import { SyllabusStore } from '../syllabus/syllabus-store.js';
import { buildSyllabusTree, nextLeaf } from '../syllabus/syllabus-tree.js';
import { courseIdOf, slugOf } from './course-input.js';
import { enrolmentDto, LearnerCourses, learnerView, openChapter } from './learner-course.js';

/**
 * The course page (spec: learning §2 `/course/{course_id}`, syllabus chapter tree) and a
 * chapter's content. The page shows to anyone signed in: the watching view to a learner enrolled
 * whose access is open, the non-watching view (no progress, all locked) to anyone else.
 */
@Injectable()
export class CoursePagesService {
  constructor(
    private readonly courses: LearnerCourses,
    private readonly syllabi: SyllabusStore,
    private readonly dataSource: DataSource,
  ) {}

  /** `GET /api/course/{course_id}`, with the course's exam (`exam_id`, null when it has none). */
  async page(ctx: RequestContext, request: CourseRequest): Promise<CoursePageAnswer> {
    const userId = ctx.actor?.userId;
    if (!userId) throw LearningErrors.signInRequired();
    const courseId = courseIdOf(request?.courseId);
    const [state, [exam]] = await Promise.all([
      this.courses.read(userId, courseId),
      this.dataSource.query<{ id: number }[]>('SELECT id FROM exams.exams WHERE course_id = $1', [courseId]),
    ]);
    if (!state) throw LearningErrors.courseNotFound();
    const now = new Date();
    return {
      data: {
        course: state.course,
        enrolment: enrolmentDto(state, now),
        syllabus: buildSyllabusTree(state.course.id, state.syllabus.rows, learnerView(state, now)),
        exam_id: exam?.id ?? null,
      },
    };
  }

  /**
   * `GET /api/course/{course_id}/chapter/{slug}`: 404 when the caller holds no enrolment or there
   * is no such chapter, 403 'The content of this course has ended.' after the access ended, 403
   * for a locked chapter.
   */
  async chapter(ctx: RequestContext, request: ChapterRequest): Promise<ChapterContentAnswer> {
    const { userId } = learnerOf(ctx);
    const courseId = courseIdOf(request?.courseId);
    const slug = slugOf(request?.slug);
    const { state, chapter, completed } = openChapter(await this.courses.read(userId, courseId), slug, new Date());
    const content = chapter.kind === 'section' ? { text: null, videoUrl: null, questions: [] } : await this.syllabi.content(chapter.id);
    const next = nextLeaf(state.syllabus.rows, chapter.id);
    return {
      data: {
        slug: chapter.slug,
        name: chapter.name,
        subtitle: chapter.subtitle,
        kind: chapter.kind,
        text: content.text,
        video_url: chapter.kind === 'video' ? content.videoUrl : null,
        quiz: chapter.kind === 'quiz' ? { questions: content.questions.map(({ id, question, A, B, C }) => ({ id, question, A, B, C })) } : null,
        is_completed: chapter.kind === 'section' ? sectionCompleted(state.syllabus.rows, chapter.id, state.enrolment.completed) : completed,
        is_skippable: chapter.isSkippable,
        can_be_rewatched: chapter.canBeRewatched,
        next_chapter_url: next ? chapterUrl(courseId, next.slug) : null,
      },
    };
  }
}

/** Every chapter under the section is completed. */
function sectionCompleted(rows: readonly { id: string; parentId: string | null; kind: string }[], sectionId: string, completed: ReadonlySet<string>): boolean {
  const under = rows.filter((row) => row.parentId === sectionId);
  return under.length > 0 && under.every((row) => (row.kind === 'section' ? sectionCompleted(rows, row.id, completed) : completed.has(row.id)));
}
