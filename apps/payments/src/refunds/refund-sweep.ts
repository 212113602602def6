import { declareSweep, SweepsProvider } from '@aero/backend-jobs';
import { ServiceInfra } from '@aero/backend-runtime';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { attemptSourcesOf } from '../attempts/attempt-state.js';
import { PaymentRefundQueue } from './payment-refund.queue.js';

/** How often refund_due attempts are checked for a lost refund job. */
export const REFUND_SWEEP_EVERY_MS = 60_000;

/**
 * How long an attempt may stay refund_due before the sweep looks for its job: the job is queued
 * with the refund_due mark and starts at once, so a minute means it is gone or retrying (and a
 * retrying job keeps its id, so adding it again adds nothing).
 */
export const REFUND_SWEEP_GRACE_SECONDS = 60;

/**
 * Attempts refund_due whose refund was not given up (refund_failed_at: an operator took over),
 * oldest first.
 */
const DUE_REFUNDS = `SELECT id FROM payments.payment_attempts
  WHERE status = ANY($1) AND refund_failed_at IS NULL AND updated_at < now() - make_interval(secs => $2)
  ORDER BY updated_at LIMIT $3`;

/**
 * The catch-all of refunds (see JobSweeper): money taken that the order cannot use is given back
 * even when its refund job was lost. The job id is the one PaymentCompletion queues it under, so
 * a job still waiting or retrying is not doubled; the refund itself is idempotent at the provider.
 */
@Injectable()
export class RefundSweep extends SweepsProvider<'payment-refund'> {
  constructor(dataSource: DataSource, refunds: PaymentRefundQueue, infra: ServiceInfra) {
    super(infra, [
      declareSweep<{ id: string }>({
        name: 'payment-refund',
        everyMs: REFUND_SWEEP_EVERY_MS,
        find: (limit) => dataSource.query(DUE_REFUNDS, [attemptSourcesOf('refund'), REFUND_SWEEP_GRACE_SECONDS, limit]),
        enqueue: (attempt) => refunds.schedule(attempt.id),
        keyOf: (attempt) => attempt.id,
      }),
    ]);
  }
}
