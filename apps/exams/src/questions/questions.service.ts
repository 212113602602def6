import {
  AccountsRpc,
  courseUrl,
  answerQuestionRequestSchema,
  askQuestionRequestSchema,
  instructorQuestionsQuerySchema,
  LEARNING_LIMITS,
  LearningMessages,
  questionListQuerySchema,
  QuestionAnsweredEvent,
  QuestionAskedEvent,
  type AnsweredQuestionAnswer,
  type AnswerQuestionRpcRequest,
  type AskQuestionRpcRequest,
  type InstructorQuestion,
  type InstructorQuestionListAnswer,
  type InstructorQuestionsRequest,
  type ListQuestionsRequest,
  type Question,
  type QuestionCreatedAnswer,
  type QuestionListAnswer,
} from '@aero/contracts';
import { OutboxWriter, RpcClient } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction } from '@aero/backend-persistence';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { instructorOf, learnerOf } from '../common/learner.js';
import { LearningErrors } from '../common/learning.errors.js';
import { parseRequest, queryText } from '../common/request.js';
import { canStudy } from '../enrolments/enrolment-rules.js';
import { EXAMS_CONFIG, type ExamsConfig } from '../exams.config.js';
import { courseIdOf } from '../progress/course-input.js';
import { isoTime } from '../common/iso-time.js';

interface QuestionRow {
  id: string;
  enrolment_id: string;
  user_id: string;
  course_id: number;
  course_name: string;
  asked_by_name: string;
  asked_by_email: string;
  topic: string;
  question: string;
  asked_at: Date;
  answer: string | null;
  answered_at: Date | null;
}

function toQuestion(row: QuestionRow): Question {
  return { id: row.id, topic: row.topic, question: row.question, answer: row.answer, date: isoTime(row.asked_at)!, answered_at: isoTime(row.answered_at), schedule_id: row.enrolment_id };
}

function toInstructorQuestion(row: QuestionRow): InstructorQuestion {
  return {
    id: row.id,
    course_id: row.course_id,
    course_name: row.course_name,
    topic: row.topic,
    question: row.question,
    asked_by_name: row.asked_by_name,
    date: isoTime(row.asked_at)!,
    answer: row.answer,
    answered_at: isoTime(row.answered_at),
  };
}

const QUESTION_COLUMNS = 'id, enrolment_id, user_id, course_id, course_name, asked_by_name, asked_by_email, topic, question, asked_at, answer, answered_at';

/**
 * Questions to the instructor (spec: learning §2 Questions and answers tab, §4 Questions, §5, §9):
 * a learner asks about a course they hold and reads their own questions and the answers; an
 * instructor lists the open (or answered) questions and answers each once, and the learner is
 * e-mailed the answer (`question.answered`, notifications).
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly rpc: RpcClient,
    @Inject(EXAMS_CONFIG) private readonly config: ExamsConfig,
  ) {}

  /** The caller's questions about a course, newest first: `limit` of them (5, then 10, ...) and how many there are. */
  async list(ctx: RequestContext, request: ListQuestionsRequest): Promise<QuestionListAnswer> {
    const { userId } = learnerOf(ctx, 'question.ask');
    const courseId = courseIdOf(request?.courseId);
    const { limit } = parseRequest(questionListQuerySchema, { limit: queryText(request?.limit) });
    const rows = await this.dataSource.query<(QuestionRow & { total: number })[]>(
      `SELECT ${QUESTION_COLUMNS}, count(*) OVER ()::int AS total FROM exams.questions
        WHERE user_id = $1 AND course_id = $2 ORDER BY asked_at DESC, id LIMIT $3`,
      [userId, courseId, limit],
    );
    const total = rows[0]?.total ?? 0;
    return { data: rows.map(toQuestion), meta: { pagination: { total } } };
  }

  /**
   * Sends a question to the instructor: topic and question as the form checks them (422 with the
   * field messages), from the caller's own enrolment in the course (`schedule_id`) while its
   * content is open.
   */
  async ask(ctx: RequestContext, request: AskQuestionRpcRequest): Promise<QuestionCreatedAnswer> {
    const { userId } = learnerOf(ctx, 'question.ask');
    const courseId = courseIdOf(request?.courseId);
    const form = parseRequest(askQuestionRequestSchema, { topic: request?.topic, question: request?.question, schedule_id: request?.schedule_id });
    const [enrolment]: { id: string; course_name: string; status: 'created'; available_till: string }[] = await this.dataSource.query(
      `SELECT e.id, COALESCE(c.name, e.course_name) AS course_name, e.status, to_char(e.available_till, 'YYYY-MM-DD') AS available_till
         FROM exams.enrolments e JOIN exams.courses c ON c.id = e.course_id
        WHERE e.id = $1 AND e.user_id = $2 AND e.course_id = $3 AND e.withdrawn_at IS NULL`,
      [form.schedule_id.trim().toLowerCase(), userId, courseId],
    );
    if (!enrolment) throw LearningErrors.field('schedule_id', LearningMessages.scheduleInvalid);
    if (!canStudy({ status: enrolment.status, availableTill: enrolment.available_till }, new Date())) throw LearningErrors.contentEnded();
    const { data: user } = await this.rpc.call(AccountsRpc.GetUser, { userId });
    if (!user) throw LearningErrors.signInRequired();
    const name = user.name.trim() || user.email;
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const [row]: QuestionRow[] = await tx.tx.query(
        `INSERT INTO exams.questions (id, enrolment_id, user_id, course_id, course_name, asked_by_name, asked_by_email, topic, question)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${QUESTION_COLUMNS}`,
        [randomUUID(), enrolment.id, userId, courseId, enrolment.course_name, name, user.email.toLowerCase(), form.topic.trim(), form.question.trim()],
      );
      await this.outbox.add(tx.tx, QuestionAskedEvent, {
        questionId: row.id,
        enrolmentId: row.enrolment_id,
        userId,
        learnerName: name,
        programId: courseId,
        courseName: row.course_name,
        topic: row.topic,
        question: row.question,
        askedAt: new Date(row.asked_at).toISOString(),
      });
      return { success: true, data: toQuestion(row) };
    });
  }

  /** The instructor's screen: open questions oldest first (the next to answer on top), or answered ones newest first. */
  async instructorList(ctx: RequestContext, request: InstructorQuestionsRequest): Promise<InstructorQuestionListAnswer> {
    instructorOf(ctx);
    const query = parseRequest(instructorQuestionsQuerySchema, { status: request?.status, page: queryText(request?.page), per_page: queryText(request?.per_page) });
    const answered = query.status === 'answered';
    const page = query.page === undefined ? 1 : Number(query.page);
    const perPage = query.per_page === undefined ? LEARNING_LIMITS.defaultPerPage : Number(query.per_page);
    const rows = await this.dataSource.query<(QuestionRow & { total: number })[]>(
      answered
        ? `SELECT ${QUESTION_COLUMNS}, count(*) OVER ()::int AS total FROM exams.questions WHERE answered_at IS NOT NULL ORDER BY answered_at DESC, id LIMIT $1 OFFSET $2`
        : `SELECT ${QUESTION_COLUMNS}, count(*) OVER ()::int AS total FROM exams.questions WHERE answered_at IS NULL ORDER BY asked_at, id LIMIT $1 OFFSET $2`,
      [perPage, (page - 1) * perPage],
    );
    const total =
      rows[0]?.total ??
      (page > 1
        ? (await this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM exams.questions WHERE answered_at IS ${answered ? 'NOT NULL' : 'NULL'}`))[0].total
        : 0);
    return {
      data: rows.map(toInstructorQuestion),
      meta: { pagination: { total, count: rows.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) } },
    };
  }

  /** Answers a question, once (409 when it was answered already); the learner is e-mailed the answer. */
  async answer(ctx: RequestContext, request: AnswerQuestionRpcRequest): Promise<AnsweredQuestionAnswer> {
    const { userId } = instructorOf(ctx);
    const id = typeof request?.id === 'string' && /^[0-9a-f-]{36}$/i.test(request.id) ? request.id.toLowerCase() : null;
    if (!id) throw LearningErrors.questionNotFound();
    const form = parseRequest(answerQuestionRequestSchema, { answer: request?.answer });
    return inTransaction(this.dataSource, ctx, async (tx) => {
      const [row]: QuestionRow[] = await tx.tx.query(
        `WITH answered AS (
           UPDATE exams.questions SET answer = $2, answered_at = now(), answered_by = $3
            WHERE id = $1 AND answered_at IS NULL RETURNING ${QUESTION_COLUMNS}
         ) SELECT * FROM answered`,
        [id, form.answer.trim(), userId],
      );
      if (!row) {
        const [exists]: unknown[] = await tx.tx.query('SELECT 1 FROM exams.questions WHERE id = $1', [id]);
        throw exists ? LearningErrors.questionAlreadyAnswered() : LearningErrors.questionNotFound();
      }
      await this.outbox.add(tx.tx, QuestionAnsweredEvent, {
        questionId: row.id,
        enrolmentId: row.enrolment_id,
        userId: row.user_id,
        learnerEmail: row.asked_by_email,
        learnerName: row.asked_by_name,
        programId: row.course_id,
        courseName: row.course_name,
        topic: row.topic,
        question: row.question,
        answer: row.answer!,
        askedAt: new Date(row.asked_at).toISOString(),
        answeredAt: new Date(row.answered_at!).toISOString(),
        courseUrl: `${this.config.PUBLIC_BASE_URL}${courseUrl(row.course_id)}`,
        answeredByUserId: userId,
      });
      return { data: { ...toInstructorQuestion(row), schedule_id: row.enrolment_id } };
    });
  }
}
