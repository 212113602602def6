import { canStudy, contentEnded, initialStatus, overallPercent, shownInMyCourses, statusAfterChapter, utcDay } from './enrolment-rules.js';

describe('enrolment rules', () => {
  it('an own purchase starts on the watchlist (created), a received share as shared', () => {
    expect(initialStatus('purchase')).toBe('created');
    expect(initialStatus('share')).toBe('shared');
  });

  it('the content ends once available_till is over, that day included, in UTC', () => {
    expect(contentEnded('2027-06-30', new Date('2027-06-30T23:59:59.999Z'))).toBe(false);
    expect(contentEnded('2027-06-30', new Date('2027-07-01T00:00:00.000Z'))).toBe(true);
    expect(contentEnded('2027-06-30', new Date('2026-01-01T00:00:00.000Z'))).toBe(false);
    expect(utcDay(new Date('2027-06-30T23:59:59.999Z'))).toBe('2027-06-30');
  });

  it('My courses and the content: neither after the end nor once failed', () => {
    const now = new Date('2027-01-15T12:00:00Z');
    expect(shownInMyCourses({ status: 'in-progress', availableTill: '2027-01-15' }, now)).toBe(true);
    expect(shownInMyCourses({ status: 'completed', availableTill: '2027-01-15' }, now)).toBe(true);
    expect(shownInMyCourses({ status: 'in-progress', availableTill: '2027-01-14' }, now)).toBe(false);
    expect(shownInMyCourses({ status: 'failed', availableTill: '2030-01-01' }, now)).toBe(false);
    expect(canStudy({ status: 'shared', availableTill: '2027-01-15' }, now)).toBe(true);
    expect(canStudy({ status: 'created', availableTill: '2027-01-14' }, now)).toBe(false);
  });

  it('overall is a whole percent rounded down, 100 only when every chapter is done, 0 without chapters', () => {
    expect(overallPercent(0, 3)).toBe(0);
    expect(overallPercent(1, 3)).toBe(33);
    expect(overallPercent(2, 3)).toBe(66);
    expect(overallPercent(199, 200)).toBe(99);
    expect(overallPercent(3, 3)).toBe(100);
    expect(overallPercent(4, 3)).toBe(100);
    expect(overallPercent(0, 0)).toBe(0);
  });

  it('the first chapter starts the course, the last completes it', () => {
    expect(statusAfterChapter('created', 1, 3)).toEqual({ status: 'in-progress', started: true, completed: false });
    expect(statusAfterChapter('shared', 1, 3)).toEqual({ status: 'in-progress', started: true, completed: false });
    expect(statusAfterChapter('in-progress', 2, 3)).toEqual({ status: 'in-progress', started: false, completed: false });
    expect(statusAfterChapter('in-progress', 3, 3)).toEqual({ status: 'completed', started: false, completed: true });
    // A course of one chapter starts and completes at once.
    expect(statusAfterChapter('shared', 1, 1)).toEqual({ status: 'completed', started: true, completed: true });
  });

  it('a completed or failed course does not move again', () => {
    expect(statusAfterChapter('completed', 3, 3)).toEqual({ status: 'completed', started: false, completed: false });
    expect(statusAfterChapter('failed', 1, 3)).toEqual({ status: 'failed', started: false, completed: false });
  });

  it('a course without chapters never completes', () => {
    expect(statusAfterChapter('created', 0, 0)).toEqual({ status: 'in-progress', started: true, completed: false });
  });
});
