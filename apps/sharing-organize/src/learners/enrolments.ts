import { CourseEnrolledEvent } from '@aero/contracts';
import { OutboxWriter } from '@aero/backend-messaging';
import type { TxContext } from '@aero/backend-persistence';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** A share item the learner just accepted. */
export interface AcceptedShare {
  id: string;
  program_id: number;
  course_name: string;
  available_till: string;
}

/**
 * The courses learners hold through this service (a purchase or an accepted share): the
 * "Course already received" rule reads them, and each new one is announced to the learning side
 * with `course.enrolled`.
 */
@Injectable()
export class Enrolments {
  constructor(private readonly outbox: OutboxWriter) {}

  /** The programs among `programIds` the user holds now. */
  async held(ctx: TxContext, userId: string, programIds: number[]): Promise<Set<number>> {
    const rows: { program_id: number }[] = await ctx.tx.query(
      `SELECT program_id FROM sharing_organize.enrolments WHERE user_id = $1 AND status <> 'withdrawn' AND program_id = ANY($2::int[])`,
      [userId, programIds],
    );
    return new Set(rows.map((r) => r.program_id));
  }

  /** Enrols the learner in the course of each accepted item and publishes `course.enrolled`. */
  async fromShares(ctx: TxContext, learner: { userId: string; email: string }, shares: AcceptedShare[]): Promise<void> {
    for (const share of shares) {
      const id = randomUUID();
      const [row]: { enrolled_at: Date }[] = await ctx.tx.query(
        `INSERT INTO sharing_organize.enrolments (id, user_id, email, program_id, course_name, source, share_id, status, available_till)
         VALUES ($1, $2, $3, $4, $5, 'share', $6, 'enrolled', $7) RETURNING enrolled_at`,
        [id, learner.userId, learner.email, share.program_id, share.course_name, share.id, share.available_till],
      );
      await this.outbox.add(ctx.tx, CourseEnrolledEvent, {
        enrolmentId: id,
        userId: learner.userId,
        email: learner.email,
        programId: share.program_id,
        courseName: share.course_name,
        source: 'share',
        orderId: null,
        shareId: share.id,
        availableTill: share.available_till,
        enrolledAt: new Date(row.enrolled_at).toISOString(),
      });
    }
  }
}
