import {
  CourseCompletedEvent,
  courseUrl,
  ExamAttemptCompletedEvent,
  examCompleteBodySchema,
  ExamErrorCode,
  ExamFailedEvent,
  ExamMessages,
  ExamPassedEvent,
  ExamRetryAvailableEvent,
  examResultsUrl,
  examUrl,
  examAnswerBodySchema,
  type AnswerExamRequest,
  type CompleteExamRequest,
  type Exam,
  type ExamAnswer,
  type ExamAttempt,
  type ExamChoice,
  type ExamQuestion,
  type ExamRequest,
  type ExamResultsAnswer,
  type EnrolmentStatus,
  type QuizChoice,
} from '@aero/contracts';
import { OutboxWriter, ZodPayloadPipe, firstFieldMessage } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { ServiceInfra } from '@aero/backend-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { learnerOf } from '../common/learner.js';
import { canStudy } from '../enrolments/enrolment-rules.js';
import { EXAMS_CONFIG, type ExamsConfig } from '../exams.config.js';
import { courseIdOf } from '../progress/course-input.js';
import { recordAudit, SYSTEM_ACTOR } from './exam-audit.js';
import {
  acceptsAnswer,
  afterAttempt,
  beginRefusal,
  deadlineOf,
  drawQuestions,
  examStanding,
  finishOf,
  score,
  type AttemptFacts,
  type AttemptStatus,
  type ExamStanding,
} from './exam-rules.js';
import { ExamErrors } from './exam.errors.js';
import { ExamTimersQueue } from './exam-timers.queue.js';

/** An exam definition row. */
interface ExamRow {
  id: number;
  course_id: number;
  title: string;
  draw_size: number;
  duration_seconds: number;
  pass_rate: number;
  max_attempts: number;
  grace_period_seconds: number;
  results_visible: boolean;
}

/** The learner's newest enrolment in the course, as the exam reads it. */
interface LearnerRow {
  id: string;
  user_id: string;
  status: EnrolmentStatus;
  available_till: string;
}

interface AttemptRow {
  id: string;
  exam_id: number;
  enrolment_id: string;
  user_id: string;
  attempt_no: number;
  status: AttemptStatus;
  started_at: Date;
  deadline: Date;
  finished_at: Date | null;
  finished_by: 'learner' | 'deadline' | null;
  correct_answers: number | null;
  question_count: number;
  result_percents: number | null;
  pass_rate: number;
  next_attempt_at: Date | null;
}

interface AttemptQuestionRow {
  id: string;
  position: number;
  question: string;
  choice_a: string;
  choice_b: string;
  choice_c: string;
  answer: QuizChoice | null;
  correct: QuizChoice;
}

/** How a completion came about, for the audit trail. */
type FinishSource = 'learner' | 'deadline-job' | 'late-request';

const EXAM_COLUMNS = `x.id, x.course_id, x.title, x.draw_size, x.duration_seconds, x.pass_rate, x.max_attempts, x.grace_period_seconds, x.results_visible`;

/** The learner's newest enrolment in a course they still hold ($1 user, $2 course). */
const LEARNER_FROM = `FROM exams.enrolments WHERE user_id = $1 AND course_id = $2 AND withdrawn_at IS NULL ORDER BY enrolled_at DESC, id LIMIT 1`;
const LEARNER = `SELECT id, user_id, status, to_char(available_till, 'YYYY-MM-DD') AS available_till ${LEARNER_FROM}`;

const ATTEMPT_COLUMNS = `id, exam_id, enrolment_id, user_id, attempt_no, status, started_at, deadline, finished_at, finished_by, correct_answers,
  question_count, result_percents, pass_rate, next_attempt_at`;

const facts = (row: AttemptRow): AttemptFacts => ({
  attemptNo: row.attempt_no,
  status: row.status,
  deadline: new Date(row.deadline),
  finishedAt: row.finished_at ? new Date(row.finished_at) : null,
  resultPercents: row.result_percents,
  nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at) : null,
});

const answerRefusal = {
  code: (errors: Record<string, string[]>) => (errors.choice || errors.choices?.includes(ExamMessages.answerLetterInvalid) ? ExamErrorCode.AnswerLetterInvalid : ExamErrorCode.Validation),
  message: firstFieldMessage,
};
const readAnswer = new ZodPayloadPipe(examAnswerBodySchema, answerRefusal);
const readCompletion = new ZodPayloadPipe(examCompleteBodySchema, answerRefusal);

/** An exam id of a request: a whole number from 1, else the exam is not found. */
function examIdOf(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 999_999_999) throw ExamErrors.notFound();
  return id;
}

/**
 * Exams (spec: learning §2 exam screens, §3 Exam, §4 Exam, §7 exam calls, §8 Exam; issue 15).
 * The server holds the clock: begin draws the attempt's questions and sets its deadline; answers
 * are saved as chosen until the deadline; the attempt completes by the learner, or at the
 * deadline by its job (or by the first request that finds it overdue), with the deadline as its
 * finish time; of two completions only one wins (a conditional update under the attempt's lock).
 * Correct answers leave the service only in the results of a completed attempt, and only when
 * the exam shows its results.
 */
@Injectable()
export class ExamService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly timers: ExamTimersQueue,
    private readonly infra: ServiceInfra,
    @Inject(EXAMS_CONFIG) private readonly config: ExamsConfig,
  ) {}

  /** The exam of a course (`exam_id` of the course page), null when it has none. */
  async examIdOfCourse(courseId: number, manager: EntityManager = this.dataSource.manager): Promise<number | null> {
    const [row]: { id: number }[] = await manager.query('SELECT id FROM exams.exams WHERE course_id = $1', [courseId]);
    return row?.id ?? null;
  }

  /** `GET /api/course/{course_id}/exam/{exam_id}`. */
  async get(ctx: RequestContext, request: ExamRequest): Promise<ExamAnswer> {
    const { userId } = learnerOf(ctx);
    const { courseId, examId } = this.ids(request);
    await this.settleOverdue(userId, courseId, examId);
    return { data: await this.read(this.dataSource.manager, userId, courseId, examId) };
  }

  /**
   * `POST .../begin`: draws the attempt's questions in a random order and sets its deadline, or
   * answers the attempt in progress as it is (a second click begins nothing). Refused with the
   * spec's words: not allowed to begin, no more attempts left, cannot start (grace period, or
   * passed), not enough exam questions.
   */
  async begin(ctx: RequestContext, request: ExamRequest): Promise<ExamAnswer> {
    const { userId } = learnerOf(ctx);
    const { courseId, examId } = this.ids(request);
    await this.settleOverdue(userId, courseId, examId);
    const exam = await this.dataSource.transaction(async (tx) => {
      const definition = await this.definition(tx, courseId, examId);
      // One begin per learner's course at a time: the enrolment is locked first.
      const enrolment = await this.learner(tx, userId, courseId, true);
      const attempts = enrolment ? await this.attempts(tx, enrolment.id, examId) : [];
      const now = new Date();
      const standing = examStanding(this.allowed(enrolment, now), attempts.map(facts), { maxAttempts: definition.max_attempts }, now);
      const bank: { id: string }[] = standing.state === 'queued' ? await tx.query('SELECT id FROM exams.exam_questions WHERE exam_id = $1 ORDER BY position', [definition.id]) : [];
      const refusal = beginRefusal(standing, bank.length, definition.draw_size);
      if (refusal) throw ExamErrors.begin(refusal);
      if (standing.state === 'queued' && enrolment) await this.startAttempt(tx, ctx, definition, enrolment, bank, standing.currentAttemptNo + 1, now);
      return this.read(tx, userId, courseId, examId, { definition, enrolment });
    });
    return { data: exam };
  }

  /**
   * `POST .../answer`: saves one answer of the attempt in progress (a later answer to the same
   * question replaces it), before the deadline only: after it the answer is refused ('Cannot
   * accept the answer.') and the attempt is completed as the deadline would.
   */
  async answer(ctx: RequestContext, request: AnswerExamRequest): Promise<ExamAnswer> {
    const { userId } = learnerOf(ctx);
    const { courseId, examId } = this.ids(request);
    const body = readAnswer.transform({ question_id: request?.question_id, choice: request?.choice });
    const found = await this.dataSource.transaction(async (tx) => {
      // The attempt in progress of the learner's newest enrolment, locked: answers and the
      // completion of one attempt run one after the other.
      const [attempt]: (AttemptRow & { enrolment_status: EnrolmentStatus; available_till: string })[] = await tx.query(
        `SELECT a.id, a.exam_id, a.enrolment_id, a.user_id, a.attempt_no, a.status, a.started_at, a.deadline, a.finished_at, a.finished_by, a.correct_answers,
                a.question_count, a.result_percents, a.pass_rate, a.next_attempt_at, e.status AS enrolment_status, to_char(e.available_till, 'YYYY-MM-DD') AS available_till
           FROM exams.exam_attempts a JOIN exams.enrolments e ON e.id = a.enrolment_id
          WHERE a.enrolment_id = (SELECT id ${LEARNER_FROM})
            AND a.exam_id = $3 AND a.status = 'in_progress'
          FOR UPDATE OF a`,
        [userId, courseId, examId],
      );
      if (!attempt) {
        await this.definition(tx, courseId, examId);
        throw ExamErrors.cannotAcceptAnswer();
      }
      const now = new Date();
      if (!acceptsAnswer(facts(attempt), now)) return { overdue: attempt.id };
      const saved: unknown[] = await tx.query(
        `WITH saved AS (
           UPDATE exams.exam_attempt_questions SET answer = $3, answered_at = $4 WHERE attempt_id = $1 AND question_id = $2 RETURNING position
         ), audit AS (
           INSERT INTO exams.exam_audit (action, actor, user_id, course_id, exam_id, attempt_id, attempt_no, detail)
           SELECT 'answer', $5, $5, $6, $7, $1, $8, 'question ' || $2 || ': ' || $3 FROM saved
         )
         SELECT position FROM saved`,
        [attempt.id, body.question_id, body.choice, now, userId, courseId, examId, attempt.attempt_no],
      );
      if (!saved.length) throw ExamErrors.questionNotInAttempt();
      const enrolment: LearnerRow = { id: attempt.enrolment_id, user_id: userId, status: attempt.enrolment_status, available_till: attempt.available_till };
      return { overdue: null, enrolment };
    });
    const overdue = found.overdue;
    if (overdue) {
      await this.finish(overdue, 'deadline', null, 'late-request');
      throw ExamErrors.cannotAcceptAnswer();
    }
    return { data: await this.read(this.dataSource.manager, userId, courseId, examId, { enrolment: found.enrolment }) };
  }

  /**
   * `POST .../complete`: completes the attempt in progress with the page's answers (`choices`,
   * saved first) and scores it. Only while in progress ('Cannot accept the answer.' otherwise);
   * after the deadline the choices sent are not taken and the attempt completes as the deadline
   * would (finish time: the deadline).
   */
  async complete(ctx: RequestContext, request: CompleteExamRequest): Promise<ExamAnswer> {
    const { userId } = learnerOf(ctx);
    const { courseId, examId } = this.ids(request);
    const body = readCompletion.transform({ choices: request?.choices });
    await this.definition(this.dataSource.manager, courseId, examId);
    const enrolment = await this.learner(this.dataSource.manager, userId, courseId);
    const [attempt]: { id: string }[] = enrolment
      ? await this.dataSource.query(`SELECT id FROM exams.exam_attempts WHERE enrolment_id = $1 AND exam_id = $2 AND status = 'in_progress'`, [enrolment.id, examId])
      : [];
    if (!attempt) throw ExamErrors.cannotAcceptAnswer();
    const finished = await this.finish(attempt.id, 'learner', body.choices, 'learner', userId);
    if (!finished) throw ExamErrors.cannotAcceptAnswer();
    return { data: await this.read(this.dataSource.manager, userId, courseId, examId) };
  }

  /**
   * `GET .../results`: the last completed attempt, every question with the learner's answer and
   * the right one. 403 when the exam does not show its results after the exam, 404 before an
   * attempt is completed.
   */
  async results(ctx: RequestContext, request: ExamRequest): Promise<ExamResultsAnswer> {
    const { userId } = learnerOf(ctx);
    const { courseId, examId } = this.ids(request);
    await this.settleOverdue(userId, courseId, examId);
    const manager = this.dataSource.manager;
    const definition = await this.definition(manager, courseId, examId);
    if (!definition.results_visible) throw ExamErrors.resultsNotVisible();
    const enrolment = await this.learner(manager, userId, courseId);
    const attempts = enrolment ? await this.attempts(manager, enrolment.id, examId) : [];
    const last = attempts.filter((a) => a.status !== 'in_progress').at(-1);
    if (!last) throw ExamErrors.noCompletedAttempt();
    const questions = await this.questions(manager, last.id, true);
    return {
      data: {
        exam_attempt_data: {
          correct_answers: last.correct_answers ?? 0,
          incorrect_answers: last.question_count - (last.correct_answers ?? 0),
          result_percents: last.result_percents ?? 0,
          attempt_no: last.attempt_no,
          passed: last.status === 'passed',
          finished_at: new Date(last.finished_at!).toISOString(),
        },
        questions,
        next_url: courseUrl(courseId),
      },
    };
  }

  /**
   * Completes an attempt, once: under the lock of its enrolment and then of the attempt, only an
   * attempt still in progress is completed (a second completion, by the learner or the deadline
   * job, finds it done and changes nothing: null). The learner's choices are saved when they come
   * before the deadline; after it the deadline is the finish time. Scores it, moves the enrolment
   * on (passed: completed; the last attempt failed: failed), publishes exam.attempt.completed and
   * exam.passed or exam.failed (and course.completed), records the audit line, and schedules the
   * retry of a failed attempt with attempts left.
   */
  async finish(attemptId: string, requestedBy: 'learner' | 'deadline', choices: ExamChoice[] | null, source: FinishSource, actor: string = SYSTEM_ACTOR): Promise<ExamAttempt | null> {
    return this.dataSource.transaction(async (tx) => {
      // The enrolment first (as begin locks it), then the attempt with its exam's settings.
      const [enrolment]: { id: string; user_id: string; course_id: number; course_name: string; status: string }[] = await tx.query(
        `SELECT e.id, e.user_id, e.course_id, COALESCE(c.name, e.course_name) AS course_name, e.status
           FROM exams.enrolments e LEFT JOIN exams.courses c ON c.id = e.course_id
          WHERE e.id = (SELECT enrolment_id FROM exams.exam_attempts WHERE id = $1) FOR UPDATE OF e`,
        [attemptId],
      );
      if (!enrolment) return null;
      const [attempt]: (AttemptRow & Pick<ExamRow, 'max_attempts' | 'grace_period_seconds'>)[] = await tx.query(
        `SELECT a.id, a.exam_id, a.enrolment_id, a.user_id, a.attempt_no, a.status, a.started_at, a.deadline, a.finished_at, a.finished_by, a.correct_answers,
                a.question_count, a.result_percents, a.pass_rate, a.next_attempt_at, x.max_attempts, x.grace_period_seconds
           FROM exams.exam_attempts a JOIN exams.exams x ON x.id = a.exam_id WHERE a.id = $1 FOR UPDATE OF a`,
        [attemptId],
      );
      if (!attempt || attempt.status !== 'in_progress') return null;
      const definition = attempt;
      const now = new Date();
      const end = finishOf(new Date(attempt.deadline), now, requestedBy);
      if (end.by === 'learner' && choices?.length) {
        const given = choices.filter((choice) => choice.choice !== null);
        await tx.query(
          `UPDATE exams.exam_attempt_questions aq SET answer = c.choice, answered_at = $2
             FROM unnest($3::uuid[], $4::text[]) AS c(id, choice)
            WHERE aq.attempt_id = $1 AND aq.question_id = c.id AND aq.answer IS DISTINCT FROM c.choice`,
          [attemptId, now, given.map((choice) => choice.id), given.map((choice) => choice.choice)],
        );
      }
      const answers: { answer: QuizChoice | null; correct: QuizChoice }[] = await tx.query(
        `SELECT aq.answer, q.correct FROM exams.exam_attempt_questions aq JOIN exams.exam_questions q ON q.id = aq.question_id WHERE aq.attempt_id = $1`,
        [attemptId],
      );
      const result = score(answers, attempt.pass_rate);
      const next = afterAttempt(result.passed, attempt.attempt_no, definition.max_attempts, end.at, this.graceSeconds(definition));
      const nextAttemptAt = next.outcome === 'retry' ? next.nextAttemptAt : null;
      const updated: unknown[] = await tx.query(
        `WITH done AS (
           UPDATE exams.exam_attempts SET status = $2, finished_at = $3, finished_by = $4, correct_answers = $5, result_percents = $6, next_attempt_at = $7
            WHERE id = $1 AND status = 'in_progress' RETURNING id
         )
         SELECT id FROM done`,
        [attemptId, result.passed ? 'passed' : 'failed', end.at, end.by, result.correct, result.percent, nextAttemptAt],
      );
      if (!updated.length) return null;

      const at = end.at.toISOString();
      if (next.outcome === 'passed') {
        const [completed]: unknown[] = await tx.query(
          `WITH completed AS (
             UPDATE exams.enrolments SET status = 'completed', started_at = COALESCE(started_at, $2), completed_at = COALESCE(completed_at, $2), updated_at = now()
              WHERE id = $1 AND status <> 'completed' RETURNING id
           )
           SELECT id FROM completed`,
          [enrolment.id, end.at],
        );
        if (completed) await this.outbox.add(tx, CourseCompletedEvent, { userId: enrolment.user_id, programId: enrolment.course_id, enrolmentId: enrolment.id, completedAt: at });
      } else if (next.outcome === 'failed_for_good') {
        await tx.query(`UPDATE exams.enrolments SET status = 'failed', failed_at = $2, updated_at = now() WHERE id = $1 AND status <> 'failed'`, [enrolment.id, end.at]);
      }
      const event: ExamAttempt = {
        attemptId,
        examId: attempt.exam_id,
        enrolmentId: enrolment.id,
        userId: enrolment.user_id,
        programId: enrolment.course_id,
        attemptNo: attempt.attempt_no,
        maxAttempts: definition.max_attempts,
        resultPercents: result.percent,
        passRate: attempt.pass_rate,
        finishedAt: at,
        finishedBy: end.by,
      };
      await this.outbox.add(tx, ExamAttemptCompletedEvent, event);
      if (result.passed) await this.outbox.add(tx, ExamPassedEvent, event);
      else await this.outbox.add(tx, ExamFailedEvent, { ...event, ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}) });
      const outcome = result.passed ? 'passed' : next.outcome === 'retry' ? `failed; next attempt from ${nextAttemptAt!.toISOString()}` : 'failed; no attempt left';
      await recordAudit(tx, {
        action: end.by === 'learner' ? 'complete' : 'auto_complete',
        actor: end.by === 'learner' ? actor : SYSTEM_ACTOR,
        userId: enrolment.user_id,
        courseId: enrolment.course_id,
        examId: attempt.exam_id,
        attemptId,
        attemptNo: attempt.attempt_no,
        detail: `${result.percent} % (${result.correct} of ${answers.length} correct), ${outcome}; finished at ${at} by ${end.by === 'learner' ? 'the learner' : source === 'deadline-job' ? 'the deadline job' : 'the deadline (found overdue)'}`,
      });
      if (nextAttemptAt) await this.timers.scheduleRetry(attemptId, attempt.exam_id, enrolment.user_id, nextAttemptAt);
      return event;
    });
  }

  /**
   * The grace period of a learner's failed attempt ended (the `exam-grace-period` job): records
   * that the next attempt is available and e-mails the learner (`exam.retry.available`), once per
   * attempt. A job that comes early (its attempt's time not reached) or late (the attempt already
   * made known, or a later attempt begun) does nothing.
   */
  async retryAvailable(examId: number, userId: string): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [row]: (AttemptRow & { email: string; course_id: number; course_name: string; max_attempts: number; newer: boolean })[] = await tx.query(
        `SELECT a.id, a.attempt_no, a.enrolment_id, a.next_attempt_at, e.email, e.course_id, COALESCE(c.name, e.course_name) AS course_name, x.max_attempts,
                EXISTS (SELECT 1 FROM exams.exam_attempts n WHERE n.enrolment_id = a.enrolment_id AND n.exam_id = a.exam_id AND n.attempt_no > a.attempt_no) AS newer
           FROM exams.exam_attempts a
           JOIN exams.enrolments e ON e.id = a.enrolment_id
           JOIN exams.exams x ON x.id = a.exam_id
           LEFT JOIN exams.courses c ON c.id = e.course_id
          WHERE a.exam_id = $1 AND a.user_id = $2 AND a.status = 'failed' AND a.next_attempt_at IS NOT NULL AND a.retry_notified_at IS NULL
            AND a.next_attempt_at <= $3 AND e.withdrawn_at IS NULL
          ORDER BY a.next_attempt_at DESC LIMIT 1 FOR UPDATE OF a`,
        [examId, userId, new Date()],
      );
      if (!row) return false;
      await tx.query('UPDATE exams.exam_attempts SET retry_notified_at = now() WHERE id = $1', [row.id]);
      if (row.newer) return false;
      const availableAt = new Date(row.next_attempt_at!).toISOString();
      await recordAudit(tx, {
        action: 'retry_available',
        actor: SYSTEM_ACTOR,
        userId,
        courseId: row.course_id,
        examId,
        attemptId: row.id,
        attemptNo: row.attempt_no,
        detail: `attempt ${row.attempt_no + 1} of ${row.max_attempts} available from ${availableAt}`,
      });
      await this.outbox.add(tx, ExamRetryAvailableEvent, {
        attemptId: row.id,
        examId,
        enrolmentId: row.enrolment_id,
        userId,
        learnerEmail: row.email,
        programId: row.course_id,
        courseName: row.course_name,
        nextAttemptNo: row.attempt_no + 1,
        maxAttempts: row.max_attempts,
        availableAt,
        examUrl: `${this.config.PUBLIC_BASE_URL}${examUrl(row.course_id, examId)}`,
      });
      return true;
    });
  }

  /** The seconds of an attempt: the exam's, or the test override. */
  durationSeconds(definition: Pick<ExamRow, 'duration_seconds'>): number {
    return this.config.EXAM_DURATION_SECONDS_OVERRIDE ?? definition.duration_seconds;
  }

  /** The seconds between a failed attempt and the next: the exam's, or the test override. */
  graceSeconds(definition: Pick<ExamRow, 'grace_period_seconds'>): number {
    return this.config.EXAM_GRACE_PERIOD_SECONDS_OVERRIDE ?? definition.grace_period_seconds;
  }

  private ids(request: ExamRequest): { courseId: number; examId: number } {
    return { courseId: courseIdOf(request?.courseId), examId: examIdOf(request?.examId) };
  }

  /** The exam `examId` of course `courseId`, else 404. */
  private async definition(manager: EntityManager, courseId: number, examId: number): Promise<ExamRow> {
    const [row]: ExamRow[] = await manager.query(`SELECT ${EXAM_COLUMNS} FROM exams.exams x WHERE x.id = $1 AND x.course_id = $2`, [examId, courseId]);
    if (!row) throw ExamErrors.notFound();
    return row;
  }

  private attempts(manager: EntityManager, enrolmentId: string, examId: number): Promise<AttemptRow[]> {
    return manager.query(`SELECT ${ATTEMPT_COLUMNS} FROM exams.exam_attempts WHERE enrolment_id = $1 AND exam_id = $2 ORDER BY attempt_no`, [enrolmentId, examId]);
  }

  /** The learner holds the course and may study it now (access open, not failed). */
  private allowed(enrolment: LearnerRow | null, now: Date): boolean {
    return enrolment !== null && canStudy({ status: enrolment.status, availableTill: enrolment.available_till }, now);
  }

  /** Draws the questions of attempt `attemptNo`, sets its deadline and schedules its completion. */
  private async startAttempt(tx: EntityManager, ctx: RequestContext, definition: ExamRow, enrolment: LearnerRow, bank: { id: string }[], attemptNo: number, now: Date): Promise<void> {
    const drawn = drawQuestions(bank, definition.draw_size);
    const attemptId = randomUUID();
    const deadline = deadlineOf(now, this.durationSeconds(definition));
    await tx.query(
      `INSERT INTO exams.exam_attempts (id, exam_id, enrolment_id, user_id, attempt_no, status, started_at, deadline, question_count, pass_rate)
       VALUES ($1, $2, $3, $4, $5, 'in_progress', $6, $7, $8, $9)`,
      [attemptId, definition.id, enrolment.id, enrolment.user_id, attemptNo, now, deadline, drawn.length, definition.pass_rate],
    );
    await tx.query(
      `INSERT INTO exams.exam_attempt_questions (attempt_id, question_id, position)
       SELECT $1, q.id, q.position FROM unnest($2::uuid[]) WITH ORDINALITY AS q(id, position)`,
      [attemptId, drawn.map((question) => question.id)],
    );
    await recordAudit(tx, {
      action: 'begin',
      actor: ctx.actor?.userId ?? enrolment.user_id,
      userId: enrolment.user_id,
      courseId: definition.course_id,
      examId: definition.id,
      attemptId,
      attemptNo,
      detail: `attempt ${attemptNo} of ${definition.max_attempts}: ${drawn.length} questions, deadline ${deadline.toISOString()}`,
    });
    // Scheduled before the commit: an attempt nobody would complete never exists (a job whose
    // attempt did not commit finds nothing to do).
    await this.timers.scheduleDeadline(attemptId, deadline).catch((error: unknown) => {
      this.infra.logger.error({ err: error, attemptId }, 'could not schedule the exam deadline');
      throw error;
    });
  }

  /** The attempt in progress past its deadline, completed now as the deadline would (its job may be late). */
  private async settleOverdue(userId: string, courseId: number, examId: number): Promise<void> {
    const overdue: { id: string }[] = await this.dataSource.query(
      `SELECT a.id FROM exams.exam_attempts a JOIN exams.enrolments e ON e.id = a.enrolment_id
        WHERE e.user_id = $1 AND e.course_id = $2 AND a.exam_id = $3 AND a.status = 'in_progress' AND a.deadline <= $4`,
      [userId, courseId, examId, new Date()],
    );
    for (const { id } of overdue) await this.finish(id, 'deadline', null, 'late-request');
  }

  /** The questions of an attempt in its order; the right answers only when `reveal`. */
  private async questions(manager: EntityManager, attemptId: string, reveal: boolean): Promise<ExamQuestion[]> {
    const rows: AttemptQuestionRow[] = await manager.query(
      `SELECT q.id, aq.position, q.question, q.choice_a, q.choice_b, q.choice_c, aq.answer, q.correct
         FROM exams.exam_attempt_questions aq JOIN exams.exam_questions q ON q.id = aq.question_id
        WHERE aq.attempt_id = $1 ORDER BY aq.position`,
      [attemptId],
    );
    return rows.map((row) => ({
      id: row.id,
      index: row.position,
      question: row.question,
      A: row.choice_a,
      B: row.choice_b,
      C: row.choice_c,
      student_answer: row.answer,
      answered: row.answer !== null,
      correct: reveal ? row.answer === row.correct : null,
      correct_answer: reveal ? row.correct : null,
    }));
  }

  /** The learner's newest enrolment in the course (locked for the transaction when `forUpdate`), null when they hold none. */
  private async learner(manager: EntityManager, userId: string, courseId: number, forUpdate = false): Promise<LearnerRow | null> {
    const [row]: LearnerRow[] = await manager.query(`${LEARNER}${forUpdate ? ' FOR UPDATE' : ''}`, [userId, courseId]);
    return row ?? null;
  }

  /** The exam as the learner stands in it now (the definition and enrolment already read may be given). */
  private async read(
    manager: EntityManager,
    userId: string,
    courseId: number,
    examId: number,
    known: { definition?: ExamRow; enrolment?: LearnerRow | null } = {},
  ): Promise<Exam> {
    const definition = known.definition ?? (await this.definition(manager, courseId, examId));
    const enrolment = known.enrolment !== undefined ? known.enrolment : await this.learner(manager, userId, courseId);
    const attempts = enrolment ? await this.attempts(manager, enrolment.id, examId) : [];
    const now = new Date();
    const standing = examStanding(this.allowed(enrolment, now), attempts.map(facts), { maxAttempts: definition.max_attempts }, now);
    const running = attempts.find((a) => a.status === 'in_progress');
    const questions = standing.state === 'in_progress' && running ? await this.questions(manager, running.id, false) : [];
    return this.toExam(definition, standing, questions, now);
  }

  private toExam(definition: ExamRow, standing: ExamStanding, questions: ExamQuestion[], now: Date): Exam {
    const last = standing.lastCompleted;
    const state = standing.state;
    return {
      id: definition.id,
      course_id: definition.course_id,
      state,
      questions,
      is_allowed: state !== 'not_allowed',
      is_queued: state === 'queued',
      is_in_progress: state === 'in_progress',
      is_in_grace_period: state === 'grace_period',
      succeeded: state === 'succeeded',
      failed: state === 'failed',
      max_attempts: definition.max_attempts,
      current_attempt_no: standing.currentAttemptNo,
      attempts_left: standing.attemptsLeft,
      duration: this.durationSeconds(definition),
      pass_rate: definition.pass_rate,
      grace_period_between_attempts: this.graceSeconds(definition) / 3600,
      questions_count: definition.draw_size,
      end_time: state === 'in_progress' && standing.inProgress ? standing.inProgress.deadline.toISOString() : null,
      current_time: now.toISOString(),
      previousAttempt: last ? { time_till_next_attempt: standing.secondsTillNextAttempt, result: last.resultPercents ?? 0 } : null,
      result_percents: last?.resultPercents ?? null,
      next_url: courseUrl(definition.course_id),
      is_exam_results_visible_after_exam: definition.results_visible,
      exam_results_url: definition.results_visible && last ? examResultsUrl(definition.course_id, definition.id) : null,
      message: state === 'failed' ? ExamMessages.mustBuyAgain : state === 'not_allowed' ? ExamMessages.notAllowedToBegin : null,
    };
  }
}
