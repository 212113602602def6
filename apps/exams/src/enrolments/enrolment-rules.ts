import type { EnrolmentSource, EnrolmentStatus } from '@aero/contracts';

/*
 * The rules of an enrolment's life (spec: learning §4 Course status), as pure functions:
 *
 *   course.enrolled ──▶ created (own purchase: the watchlist) | shared (received from a share)
 *   created | shared ──first chapter completed──▶ in-progress ──last chapter completed──▶ completed
 *   any but completed ──exam attempts used up──▶ failed
 *
 * The access ends after `available_till` (that day included, UTC): the content is then closed
 * ('content has ended') and the course leaves My courses for the course history.
 */

/** The status a new enrolment starts in. */
export function initialStatus(source: EnrolmentSource): EnrolmentStatus {
  return source === 'purchase' ? 'created' : 'shared';
}

/** `YYYY-MM-DD` of `now` in UTC. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The last day is included: the content ends once that day is over (UTC). */
export function contentEnded(availableTill: string, now: Date): boolean {
  return utcDay(now) > availableTill;
}

/** My courses lists what the learner can still study: not ended, not failed. */
export function shownInMyCourses(enrolment: { status: EnrolmentStatus; availableTill: string }, now: Date): boolean {
  return enrolment.status !== 'failed' && !contentEnded(enrolment.availableTill, now);
}

/** The content can be opened (chapters, completions, quiz answers): access not ended and not failed. */
export function canStudy(enrolment: { status: EnrolmentStatus; availableTill: string }, now: Date): boolean {
  return shownInMyCourses(enrolment, now);
}

/** Chapters completed, as a whole percent; 100 only when every one is. */
export function overallPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  if (completed >= total) return 100;
  return Math.floor((completed * 100) / total);
}

/** What completing a chapter does to the enrolment: it starts the course, completes it, or neither. */
export interface StatusChange {
  status: EnrolmentStatus;
  started: boolean;
  completed: boolean;
}

/**
 * The status after a chapter was completed, `completed` of `total` chapters now done: the first
 * completion starts the course (`course.started`), the last completes it (`course.completed`),
 * both at once for a course of one chapter. A completed or failed course stays as it is.
 */
export function statusAfterChapter(current: EnrolmentStatus, completed: number, total: number): StatusChange {
  if (current === 'completed' || current === 'failed') return { status: current, started: false, completed: false };
  const started = current === 'created' || current === 'shared';
  if (total > 0 && completed >= total) return { status: 'completed', started, completed: true };
  return { status: 'in-progress', started, completed: false };
}
