import { CourseCompletedEvent, CourseStartedEvent, UserEmailVerifiedEvent, UserRegisteredEvent } from '@aero/contracts';
import { requireContext } from '@aero/backend-observability';
import type { TxContext } from '@aero/backend-persistence';
import { EventConsumers } from '@aero/backend-runtime';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LearnerDirectory, type KnownLearner } from '../learners/learner-directory.js';
import { ShareLedger } from '../shares/share-ledger.js';
import { PendingSharesService } from './pending-shares.service.js';

/** The durable consumers of what other services tell about learners. */
export const LEARNER_CONSUMERS = {
  registered: 'sharing-organize.user-registered',
  verified: 'sharing-organize.user-email-verified',
  started: 'sharing-organize.course-started',
  completed: 'sharing-organize.course-completed',
} as const;

/**
 * - A new account, or an address proven later: remembered, and the courses shared with that
 *   address are received at once (a person invited by e-mail who had no account).
 * - The learning side reports a course started or completed: the learner's enrolment and the
 *   share it came from move on (a started course can no longer be recalled). Events may come in
 *   any order: a completion without a start also marks the start.
 */
@Injectable()
export class LearnerEventsHandlers implements OnModuleInit {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly learners: LearnerDirectory,
    private readonly pending: PendingSharesService,
    private readonly ledger: ShareLedger,
  ) {}

  onModuleInit(): void {
    this.consumers.register({
      consumer: LEARNER_CONSUMERS.registered,
      event: UserRegisteredEvent,
      handle: ({ data }, manager) => this.met(manager, { userId: data.userId, email: data.email, emailVerified: data.emailVerified }),
    });
    this.consumers.register({
      consumer: LEARNER_CONSUMERS.verified,
      event: UserEmailVerifiedEvent,
      handle: ({ data }, manager) => this.met(manager, { userId: data.userId, email: data.email, emailVerified: true }),
    });
    this.consumers.register({
      consumer: LEARNER_CONSUMERS.started,
      event: CourseStartedEvent,
      handle: ({ data }, manager) => this.progressed(this.tx(manager), data.userId, data.programId, 'start', new Date(data.startedAt)),
    });
    this.consumers.register({
      consumer: LEARNER_CONSUMERS.completed,
      event: CourseCompletedEvent,
      handle: ({ data }, manager) => this.progressed(this.tx(manager), data.userId, data.programId, 'complete', new Date(data.completedAt)),
    });
  }

  private tx(manager: EntityManager): TxContext {
    return { ...requireContext(), tx: manager };
  }

  private async met(manager: EntityManager, learner: KnownLearner): Promise<void> {
    await this.learners.remember(manager, learner);
    if (learner.emailVerified) await this.pending.receive(this.tx(manager), { ...learner, email: learner.email.toLowerCase() }, 'registration');
  }

  private async progressed(ctx: TxContext, userId: string, programId: number, step: 'start' | 'complete', at: Date): Promise<void> {
    const [enrolment]: { share_id: string | null }[] = await ctx.tx.query(
      `WITH moved AS (
         UPDATE sharing_organize.enrolments
            SET status = CASE WHEN $4 = 'complete' THEN 'completed' WHEN status = 'enrolled' THEN 'started' ELSE status END,
                started_at = COALESCE(started_at, $3),
                completed_at = CASE WHEN $4 = 'complete' THEN $3 ELSE completed_at END
          WHERE user_id = $1 AND program_id = $2 AND status <> 'withdrawn'
         RETURNING share_id
       ) SELECT share_id FROM moved`,
      [userId, programId, at, step],
    );
    if (!enrolment?.share_id) return;
    await this.ledger.apply(ctx, [enrolment.share_id], step, { reason: step === 'start' ? 'started by the learner' : 'completed by the learner', at });
  }
}
