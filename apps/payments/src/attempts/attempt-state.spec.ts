import { describe, expect, it } from '@jest/globals';
import { ATTEMPT_STATUSES, ATTEMPT_TRANSITIONS, attemptSourcesOf, type AttemptStatus } from './attempt-state.js';

/** The statuses some transition leaves. */
const leavable = new Set<AttemptStatus>(Object.values(ATTEMPT_TRANSITIONS).flatMap(({ from }) => [...from]));

describe('payment attempt state machine', () => {
  it('marks a payment that cannot be used refund_due, from any state but succeeded (or already refunded)', () => {
    expect(attemptSourcesOf('refundDue')).toEqual(['pending', 'canceled', 'failed']);
    expect(ATTEMPT_TRANSITIONS.refundDue.to).toBe('refund_due');
  });

  it('refunds only an attempt that is refund_due, into refunded', () => {
    expect(attemptSourcesOf('refund')).toEqual(['refund_due']);
    expect(ATTEMPT_TRANSITIONS.refund.to).toBe('refunded');
  });

  it('has succeeded and refunded as the only final states: a refunded payment is never refunded again, nor paid', () => {
    expect(ATTEMPT_STATUSES.filter((status) => !leavable.has(status))).toEqual(['succeeded', 'refunded']);
  });

  it('reaches refunded only through refund_due', () => {
    const into = Object.values(ATTEMPT_TRANSITIONS).filter(({ to }) => to === 'refunded');
    expect(into.map(({ from }) => [...from])).toEqual([['refund_due']]);
  });

  it('only ever names known statuses', () => {
    for (const { from, to } of Object.values(ATTEMPT_TRANSITIONS)) {
      expect(ATTEMPT_STATUSES).toContain(to);
      for (const status of from) expect(ATTEMPT_STATUSES).toContain(status);
    }
  });
});
