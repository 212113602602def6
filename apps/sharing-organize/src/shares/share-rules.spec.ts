import { SharingMessages } from '@aero/contracts';
import { describe, expect, it } from '@jest/globals';
import { calendarDaysBetween, cancelDecision, recallDecision, resendDecision, reshareDecision } from './share-rules.js';

const purchasedAt = new Date('2026-03-01T22:30:00Z');
const daysAfter = (days: number, time = '10:00:00') => new Date(`${new Date(Date.UTC(2026, 2, 1 + days)).toISOString().slice(0, 10)}T${time}Z`);

describe('share rules (learning §5 Sharing, §9)', () => {
  it('counts calendar days in UTC', () => {
    expect(calendarDaysBetween(purchasedAt, new Date('2026-03-01T23:59:59Z'))).toBe(0);
    expect(calendarDaysBetween(purchasedAt, new Date('2026-03-02T00:00:00Z'))).toBe(1);
    expect(calendarDaysBetween(purchasedAt, daysAfter(15))).toBe(15);
  });

  it('a created or shared item can always be recalled, whatever its age', () => {
    expect(recallDecision({ status: 'created', purchasedAt, startedAt: null }, daysAfter(400))).toEqual({ allowed: true });
    expect(recallDecision({ status: 'shared', purchasedAt, startedAt: null }, daysAfter(400))).toEqual({ allowed: true });
  });

  it('an accepted course is recalled on day 14 after its purchase, not on day 15', () => {
    expect(recallDecision({ status: 'accepted', purchasedAt, startedAt: null }, daysAfter(14, '23:59:59'))).toEqual({ allowed: true });
    expect(recallDecision({ status: 'accepted', purchasedAt, startedAt: null }, daysAfter(15, '00:00:00'))).toMatchObject({
      allowed: false,
      code: 'course.recall_not_allowed',
      message: SharingMessages.recallNotAllowedWindow,
    });
  });

  it('a started course is never recalled, even within the 14 days', () => {
    const started = { status: 'accepted' as const, purchasedAt, startedAt: daysAfter(1) };
    expect(recallDecision(started, daysAfter(2))).toMatchObject({ allowed: false, message: SharingMessages.recallNotAllowedStarted });
    expect(recallDecision({ status: 'started', purchasedAt, startedAt: daysAfter(1) }, daysAfter(2))).toMatchObject({
      allowed: false,
      message: SharingMessages.recallNotAllowedStarted,
    });
  });

  it('a recalled, cancelled or completed item cannot be recalled again', () => {
    for (const status of ['recalled', 'cancelled', 'completed'] as const) {
      expect(recallDecision({ status, purchasedAt, startedAt: null }, daysAfter(1))).toMatchObject({
        allowed: false,
        message: SharingMessages.recallNotAllowedStatus,
      });
    }
  });

  it('resend and cancel apply to a shared item only', () => {
    expect(resendDecision('shared')).toEqual({ allowed: true });
    expect(cancelDecision('shared')).toEqual({ allowed: true });
    for (const status of ['created', 'accepted', 'started', 'completed', 'recalled', 'cancelled'] as const) {
      expect(resendDecision(status)).toMatchObject({ allowed: false, message: SharingMessages.resendNotAllowed });
      expect(cancelDecision(status)).toMatchObject({ allowed: false, message: SharingMessages.cancelNotAllowed });
    }
  });

  it('a company cannot pass on a course another company shared with it; anyone else can', () => {
    expect(reshareDecision({ actorIsCompany: true, receivedFromCompany: true })).toMatchObject({
      allowed: false,
      status: 403,
      message: SharingMessages.sharingNotAllowedCorporate,
    });
    expect(reshareDecision({ actorIsCompany: true, receivedFromCompany: false })).toEqual({ allowed: true });
    expect(reshareDecision({ actorIsCompany: false, receivedFromCompany: true })).toEqual({ allowed: true });
  });
});
