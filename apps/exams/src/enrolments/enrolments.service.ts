import {
  courseHistoryQuerySchema,
  EnrolmentCreatedEvent,
  LEARNING_LIMITS,
  type CourseEnrolled,
  type CourseHistoryAnswer,
  type CourseHistoryRequest,
  type MyCoursesAnswer,
  type ShareRecalled,
} from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import type { RequestContext } from '@aero/backend-observability';
import type { TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { learnerOf } from '../common/learner.js';
import { parseRequest, queryText } from '../common/request.js';
import { initialStatus, shownInMyCourses, utcDay } from './enrolment-rules.js';
import { ENROLMENT_COLUMNS, toEnrolmentDto, type EnrolmentRow } from './enrolment-row.js';

/**
 * Enrolments (spec: learning §2 my courses, course history; §4 Course status): opened by
 * `course.enrolled` (a learner's own purchase, or an accepted share), withdrawn by the recall of
 * an accepted share. A learner reads only their own.
 */
@Injectable()
export class EnrolmentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  /**
   * Opens the course for the learner, once: the enrolment takes the event's enrolment id, and a
   * share or an order line already enrolled adds nothing (unique keys). A share recalled before
   * this event arrived is recorded as withdrawn at once.
   */
  async enrol(ctx: TxContext, data: CourseEnrolled): Promise<void> {
    if (data.source === 'share' && data.shareId) await lockShare(ctx, data.shareId);
    await ctx.tx.query('INSERT INTO exams.courses (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [data.programId, data.courseName]);
    const status = initialStatus(data.source);
    const [inserted]: { id: string; withdrawn: boolean }[] = await ctx.tx.query(
      `INSERT INTO exams.enrolments (id, user_id, email, course_id, course_name, source, order_id, share_id, status, available_till, enrolled_at, withdrawn_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
               (SELECT withdrawn_at FROM exams.withdrawn_shares WHERE share_id = $8))
       ON CONFLICT DO NOTHING RETURNING id, withdrawn_at IS NOT NULL AS withdrawn`,
      [
        data.enrolmentId,
        data.userId,
        data.email.toLowerCase(),
        data.programId,
        data.courseName,
        data.source,
        data.orderId,
        data.source === 'share' ? data.shareId : null,
        status,
        data.availableTill,
        data.enrolledAt,
      ],
    );
    if (!inserted || inserted.withdrawn) return;
    await this.outbox.add(ctx.tx, EnrolmentCreatedEvent, {
      enrolmentId: data.enrolmentId,
      userId: data.userId,
      programId: data.programId,
      courseName: data.courseName,
      status,
      source: data.source,
      availableTill: data.availableTill,
      enrolledAt: new Date(data.enrolledAt).toISOString(),
    });
  }

  /** An accepted share was recalled: the learner no longer holds the course (whatever the order the events came in). */
  async withdraw(ctx: TxContext, data: ShareRecalled): Promise<void> {
    if (data.fromStatus !== 'accepted') return;
    await lockShare(ctx, data.shareId);
    await ctx.tx.query(`INSERT INTO exams.withdrawn_shares (share_id, withdrawn_at) VALUES ($1, $2) ON CONFLICT (share_id) DO NOTHING`, [data.shareId, data.occurredAt]);
    await ctx.tx.query(`UPDATE exams.enrolments SET withdrawn_at = $2, updated_at = now() WHERE share_id = $1 AND withdrawn_at IS NULL`, [data.shareId, data.occurredAt]);
  }

  /**
   * `GET /api/my-courses`: the caller's courses still open to study (not ended, not failed),
   * newest first, and every course the caller holds (those too), so that the page does not show
   * again, from the seat side's list, a course that moved to the history.
   */
  async myCourses(ctx: RequestContext): Promise<MyCoursesAnswer> {
    const { userId } = learnerOf(ctx);
    const now = new Date();
    // Both lists from one snapshot: a course enrolled between two separate reads would be held
    // but not listed, and the page would then neither show it nor wait for it.
    const [rows, held] = await this.dataSource.transaction('REPEATABLE READ', async (manager) => [
      await manager.query<EnrolmentRow[]>(
        `SELECT ${ENROLMENT_COLUMNS} FROM exams.enrolments e JOIN exams.courses c ON c.id = e.course_id
          WHERE e.user_id = $1 AND e.withdrawn_at IS NULL AND e.status <> 'failed' AND e.available_till >= $2::date
          ORDER BY e.enrolled_at DESC, e.id`,
        [userId, utcDay(now)],
      ),
      await manager.query<{ course_id: number }[]>('SELECT DISTINCT course_id FROM exams.enrolments WHERE user_id = $1 AND withdrawn_at IS NULL ORDER BY course_id', [userId]),
    ]);
    return {
      data: rows.filter((row) => shownInMyCourses({ status: row.status, availableTill: row.available_till }, now)).map((row) => toEnrolmentDto(row, now)),
      meta: { held_course_ids: held.map((row) => row.course_id) },
    };
  }

  /** `GET /api/my-courses/history`: every enrolment of the caller, ended and failed ones too, newest first. */
  async history(ctx: RequestContext, request: CourseHistoryRequest): Promise<CourseHistoryAnswer> {
    const { userId } = learnerOf(ctx);
    const query = parseRequest(courseHistoryQuerySchema, { page: queryText(request?.page), per_page: queryText(request?.per_page) });
    const page = query.page === undefined ? 1 : Number(query.page);
    const perPage = query.per_page === undefined ? LEARNING_LIMITS.defaultPerPage : Number(query.per_page);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<EnrolmentRow[]>(
        `SELECT ${ENROLMENT_COLUMNS} FROM exams.enrolments e JOIN exams.courses c ON c.id = e.course_id
          WHERE e.user_id = $1 AND e.withdrawn_at IS NULL ORDER BY e.enrolled_at DESC, e.id LIMIT $2 OFFSET $3`,
        [userId, perPage, (page - 1) * perPage],
      ),
      this.dataSource.query<{ total: number }[]>('SELECT count(*)::int AS total FROM exams.enrolments WHERE user_id = $1 AND withdrawn_at IS NULL', [userId]),
    ]);
    const now = new Date();
    return {
      data: rows.map((row) => toEnrolmentDto(row, now)),
      meta: { pagination: { total, count: rows.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(total / perPage)) } },
    };
  }

  /**
   * The learner's enrolment in a course (the newest they still hold), with its course; locked
   * for the transaction when `forUpdate`. Null when they hold none.
   */
  static async ofLearner(manager: EntityManager, userId: string, courseId: number, forUpdate = false): Promise<EnrolmentRow | null> {
    const [row] = await manager.query<EnrolmentRow[]>(
      `SELECT ${ENROLMENT_COLUMNS} FROM exams.enrolments e JOIN exams.courses c ON c.id = e.course_id
        WHERE e.id = (SELECT id FROM exams.enrolments WHERE user_id = $1 AND course_id = $2 AND withdrawn_at IS NULL ORDER BY enrolled_at DESC, id LIMIT 1)
        ${forUpdate ? 'FOR UPDATE OF e' : ''}`,
      [userId, courseId],
    );
    return row ?? null;
  }
}

/**
 * The enrolment and the recall of one share are handled by two consumers, possibly at the same
 * moment: each takes this lock first, so the second sees what the first wrote.
 */
async function lockShare(ctx: TxContext, shareId: string): Promise<void> {
  await ctx.tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('exams.share:' || $1, 0))`, [shareId]);
}
