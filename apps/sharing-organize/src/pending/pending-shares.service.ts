import {
  SharingMessages,
  type HasPendingSharesResponse,
  type ReceivedCourseDto,
  type ReceivePendingResponse,
} from '@aero/contracts';
import type { RequestContext } from '@aero/backend-observability';
import { inTransaction, type TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { learnerOf } from '../common/seat-holder.js';
import { Enrolments } from '../learners/enrolments.js';
import { LearnerDirectory, type KnownLearner } from '../learners/learner-directory.js';
import { ShareLedger } from '../shares/share-ledger.js';
import { SHARE_COLUMNS, type ShareRow } from '../shares/share-row.js';

/** Shares sent by e-mail to an address, not accepted yet, still usable. */
const PENDING = `SELECT ${SHARE_COLUMNS} FROM sharing_organize.share_items i JOIN sharing_organize.seat_grants g ON g.id = i.grant_id
  WHERE i.recipient_email = $1 AND i.status = 'shared' AND i.share_type = 'email' AND i.available_till >= (now() AT TIME ZONE 'UTC')::date
    AND NOT EXISTS (SELECT 1 FROM sharing_organize.enrolments e WHERE e.user_id = $2 AND e.program_id = i.program_id AND e.status <> 'withdrawn')
  ORDER BY i.send_at, i.id`;

/**
 * Pending shares (spec: learning §4 "Pending shares", §7): the courses shared by e-mail with the
 * signed-in learner's address. Receiving one enrols the learner (`course.enrolled`) and marks the
 * item accepted (`share.accepted`). Only a proven address receives (docs/decisions.md): otherwise
 * anyone registering with someone else's address would take their courses.
 */
@Injectable()
export class PendingSharesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly learners: LearnerDirectory,
    private readonly ledger: ShareLedger,
    private readonly enrolments: Enrolments,
  ) {}

  /** `GET /api/quick-share/has-pending`. */
  async hasPending(ctx: RequestContext): Promise<HasPendingSharesResponse> {
    const { userId } = learnerOf(ctx);
    const learner = await this.learners.find(userId);
    if (!learner?.emailVerified) return { has_shares: false, shares_count: 0 };
    const rows: ShareRow[] = await this.dataSource.query(PENDING, [learner.email, userId]);
    const count = new Set(rows.map((r) => r.program_id)).size;
    return { has_shares: count > 0, shares_count: count };
  }

  /** `GET /api/quick-share/receive-pending`: every pending course, one share per course. */
  async receivePending(ctx: RequestContext): Promise<ReceivePendingResponse> {
    const { userId } = learnerOf(ctx);
    const learner = await this.learners.find(userId);
    if (!learner?.emailVerified) return { received: [], message: SharingMessages.emailNotVerified };
    const received = await inTransaction(this.dataSource, ctx, (tx) => this.receive(tx, learner, 'pending'));
    return {
      received: received.map((r) => ({ share_id: r.id, program_id: r.program_id, course_name: r.course_name })),
      message: SharingMessages.received(received.length),
    };
  }

  /**
   * Accepts the pending shares of the learner's address (the oldest of each course); the others
   * of a course they now hold stay with their owner, who may cancel them. Used by the prompt and,
   * with `via: 'registration'`, when a new account proves the address.
   */
  async receive(ctx: TxContext, learner: KnownLearner, via: 'pending' | 'registration'): Promise<ShareRow[]> {
    // One learner receiving from two tabs at once: the second waits and finds nothing left.
    await ctx.tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sharing-organize.receive:${learner.userId}`]);
    const pending: ShareRow[] = await ctx.tx.query(PENDING, [learner.email, learner.userId]);
    const firstOfCourse = new Map<number, string>();
    for (const row of pending) if (!firstOfCourse.has(row.program_id)) firstOfCourse.set(row.program_id, row.id);
    const accepted = await this.ledger.apply(ctx, [...firstOfCourse.values()], 'accept', {
      reason: via === 'registration' ? 'received on registration with the address' : 'received by the learner',
      learnerUserId: learner.userId,
      learnerEmail: learner.email,
      via,
    });
    await this.enrolments.fromShares(ctx, learner, accepted);
    return accepted;
  }

  /** The courses the learner holds through purchases and shares (My courses, until the learning side lists them). */
  async receivedCourses(ctx: RequestContext): Promise<{ data: ReceivedCourseDto[] }> {
    const { userId } = learnerOf(ctx);
    const rows: ReceivedCourseDto[] = await this.dataSource.query(
      `SELECT program_id, course_name, source, enrolled_at, to_char(available_till, 'YYYY-MM-DD') AS available_till, status
         FROM sharing_organize.enrolments WHERE user_id = $1 AND status <> 'withdrawn' ORDER BY enrolled_at DESC, id`,
      [userId],
    );
    return { data: rows.map((r) => ({ ...r, enrolled_at: new Date(r.enrolled_at).toISOString() })) };
  }
}
