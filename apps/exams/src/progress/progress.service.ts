import {
  chapterCompleteBodySchema,
  ChapterCompletedEvent,
  CourseCompletedEvent,
  CourseStartedEvent,
  quizAnswerBodySchema,
  type AnswerQuizRequest,
  type ChapterCompleteAnswer,
  type CompleteChapterRequest,
  type CourseProgressAnswer,
  type CourseProgressRequest,
  type QuizAnswerResult,
} from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction, type TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { learnerOf } from '../common/learner.js';
import { LearningErrors } from '../common/learning.errors.js';
import { parseRequest } from '../common/request.js';
import { overallPercent, statusAfterChapter } from '../enrolments/enrolment-rules.js';
import { SyllabusStore } from '../syllabus/syllabus-store.js';
import type { ChapterRow } from '../syllabus/syllabus-tree.js';
import { courseIdOf, enrolmentIdOf, slugOf } from './course-input.js';
import { completedLeaves, LearnerCourses, openChapter, type OpenChapter } from './learner-course.js';
import { chapterProgress, completionDecision, quizCompleted } from './progress-rules.js';

type CompletionReason = 'video_ended' | 'marked_done' | 'quiz_passed';

/**
 * A learner's progress through a course (issue 14 "Progress", spec: learning §2 course progress
 * modal, quiz): chapters completed as each allows, practice quizzes answered, the course started
 * by its first chapter (`course.started`, so its share can no longer be recalled) and completed
 * by its last (`course.completed`), `chapter.completed` for each. A learner's completions run one
 * after the other (their enrolment row is locked), so each event is published once.
 */
@Injectable()
export class ProgressService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly courses: LearnerCourses,
    private readonly syllabi: SyllabusStore,
    private readonly outbox: OutboxWriter,
  ) {}

  /** `POST .../chapter/{slug}/complete`: the video ended or the learner marked it done, as the chapter allows. */
  async complete(ctx: RequestContext, request: CompleteChapterRequest): Promise<ChapterCompleteAnswer> {
    const { userId } = learnerOf(ctx);
    const courseId = courseIdOf(request?.courseId);
    const slug = slugOf(request?.slug);
    const { reason } = parseRequest(chapterCompleteBodySchema, { reason: request?.reason });
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const { state, chapter } = await this.openChapter(tx, userId, courseId, slug);
      const decision = completionDecision(chapter, reason);
      if (!decision.allowed) throw LearningErrors.completionNotAllowed(decision.message);
      const overall = await this.completeChapter(tx, state, chapter, reason);
      return { data: { chapter_completed: true, overall } };
    });
  }

  /**
   * `POST .../chapter/{slug}/quiz/answer`: right or wrong at once, with the explanation; ungraded
   * and retakable. Once every question was answered, right or wrong, the chapter is completed.
   */
  async answerQuiz(ctx: RequestContext, request: AnswerQuizRequest): Promise<QuizAnswerResult> {
    const { userId } = learnerOf(ctx);
    const courseId = courseIdOf(request?.courseId);
    const slug = slugOf(request?.slug);
    const answer = parseRequest(quizAnswerBodySchema, { question_id: request?.question_id, choice: request?.choice });
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const { state, chapter } = await this.openChapter(tx, userId, courseId, slug);
      if (chapter.kind !== 'quiz') throw LearningErrors.notAQuiz();
      const [question]: { correct: 'A' | 'B' | 'C'; explanation: string | null }[] = await tx.tx.query(
        'SELECT correct, explanation FROM exams.quiz_questions WHERE id = $1 AND chapter_id = $2',
        [answer.question_id, chapter.id],
      );
      if (!question) throw LearningErrors.quizQuestionNotFound();
      const correct = question.correct === answer.choice;
      // One row per question answered (right or wrong); the enrolment is locked, so the count of the
      // other questions plus this one is exact.
      const [counts]: { answered: number; total: number }[] = await tx.tx.query(
        `WITH answered AS (
           INSERT INTO exams.quiz_answers (enrolment_id, question_id, last_choice, correct_at) VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)
           ON CONFLICT (enrolment_id, question_id) DO UPDATE SET last_choice = EXCLUDED.last_choice, attempts = quiz_answers.attempts + 1,
             correct_at = COALESCE(quiz_answers.correct_at, EXCLUDED.correct_at), updated_at = now()
           RETURNING question_id
         )
         SELECT (SELECT count(*)::int FROM exams.quiz_answers a JOIN exams.quiz_questions q ON q.id = a.question_id
                  WHERE a.enrolment_id = $1 AND q.chapter_id = $5 AND a.question_id <> $2)
                + (SELECT count(*)::int FROM answered) AS answered,
                (SELECT count(*)::int FROM exams.quiz_questions WHERE chapter_id = $5) AS total`,
        [state.enrolment.id, answer.question_id, answer.choice, correct, chapter.id],
      );
      const alreadyCompleted = state.enrolment.completed.has(chapter.id);
      let chapterCompleted = alreadyCompleted;
      if (!alreadyCompleted && quizCompleted(counts.total, counts.answered)) {
        await this.completeChapter(tx, state, chapter, 'quiz_passed');
        chapterCompleted = true;
      }
      return {
        data: {
          correct,
          correct_choice: question.correct,
          explanation: question.explanation,
          answered: counts.answered,
          total: counts.total,
          chapter_completed: chapterCompleted,
        },
      };
    });
  }

  /**
   * `GET /api/course-progress/{uuid}`: one line per chapter to complete, in order, and the overall
   * percent; the caller's own enrolment only (another's is not found).
   */
  async courseProgress(ctx: RequestContext, request: CourseProgressRequest): Promise<CourseProgressAnswer> {
    const { userId } = learnerOf(ctx);
    const enrolmentId = enrolmentIdOf(request?.enrolmentId);
    const [row]: { course_id: number; status: string; syllabus_version: number; progress: { id: string; at: string }[] | null; quiz: { id: string; n: number }[] | null }[] =
      await this.dataSource.query(
        `SELECT e.course_id, e.status, c.syllabus_version,
                (SELECT json_agg(json_build_object('id', p.chapter_id, 'at', p.completed_at)) FROM exams.chapter_progress p WHERE p.enrolment_id = e.id) AS progress,
                (SELECT json_agg(json_build_object('id', q.chapter_id, 'n', q.n)) FROM (
                   SELECT qq.chapter_id, count(*)::int AS n FROM exams.quiz_answers a JOIN exams.quiz_questions qq ON qq.id = a.question_id
                    WHERE a.enrolment_id = e.id GROUP BY qq.chapter_id) q) AS quiz
           FROM exams.enrolments e JOIN exams.courses c ON c.id = e.course_id
          WHERE e.id = $1 AND e.user_id = $2 AND e.withdrawn_at IS NULL`,
        [enrolmentId, userId],
      );
    if (!row) throw LearningErrors.enrolmentNotFound();
    const syllabus = await this.syllabi.get(row.course_id, row.syllabus_version);
    const completedAt = new Map((row.progress ?? []).map((p) => [p.id, p.at]));
    const quizAnswered = new Map((row.quiz ?? []).map((q) => [q.id, q.n]));
    const data = syllabus.leaves.map((leaf) => {
      const at = completedAt.get(leaf.id);
      return {
        name: leaf.name,
        completed_at: at ? new Date(at).toISOString() : null,
        progress: chapterProgress({ completed: at !== undefined, kind: leaf.kind, quizTotal: syllabus.quizSizes.get(leaf.id) ?? 0, quizAnswered: quizAnswered.get(leaf.id) ?? 0 }),
      };
    });
    const done = data.filter((entry) => entry.completed_at !== null).length;
    return { data, meta: { overall: row.status === 'completed' ? 100 : overallPercent(done, syllabus.leaves.length) } };
  }

  /** The learner's course and one of its chapters they may work on now; the enrolment locked for the transaction. */
  private async openChapter(tx: TxContext, userId: string, courseId: number, slug: string): Promise<OpenChapter> {
    return openChapter(await this.courses.read(userId, courseId, tx.tx, true), slug, new Date());
  }

  /**
   * Records the chapter completed (once: a chapter already completed changes nothing and
   * publishes nothing), moves the enrolment on and publishes what happened. Answers the overall
   * percent.
   */
  private async completeChapter(tx: TxContext, state: OpenChapter['state'], chapter: ChapterRow, reason: CompletionReason): Promise<number> {
    const enrolment = state.enrolment;
    const total = state.syllabus.leaves.length;
    const [inserted]: { completed_at: Date }[] = await tx.tx.query(
      `INSERT INTO exams.chapter_progress (enrolment_id, chapter_id, reason) VALUES ($1, $2, $3)
       ON CONFLICT (enrolment_id, chapter_id) DO NOTHING RETURNING completed_at`,
      [enrolment.id, chapter.id, reason],
    );
    if (!inserted) return enrolment.status === 'completed' ? 100 : overallPercent(completedLeaves(state), total);
    enrolment.completed.add(chapter.id);
    const done = completedLeaves(state);
    const overall = overallPercent(done, total);
    const at = new Date(inserted.completed_at);
    const change = statusAfterChapter(enrolment.status, done, total);
    if (change.status !== enrolment.status) {
      await tx.tx.query(
        `UPDATE exams.enrolments SET status = $2, started_at = COALESCE(started_at, $3), completed_at = CASE WHEN $4 THEN $3 ELSE completed_at END, updated_at = now()
          WHERE id = $1`,
        [enrolment.id, change.status, at, change.completed],
      );
      enrolment.status = change.status;
    }
    const base = { userId: enrolment.userId, programId: state.course.id, enrolmentId: enrolment.id };
    await this.outbox.add(tx.tx, ChapterCompletedEvent, { ...base, chapterSlug: chapter.slug, chapterName: chapter.name, reason, overall, completedAt: at.toISOString() });
    if (change.started) await this.outbox.add(tx.tx, CourseStartedEvent, { ...base, startedAt: at.toISOString() });
    if (change.completed) await this.outbox.add(tx.tx, CourseCompletedEvent, { ...base, completedAt: at.toISOString() });
    return change.completed ? 100 : overall;
  }
}
