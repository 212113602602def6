import { SHARING_LIMITS, SharingErrorCode, SharingMessages, type ErrorCode, type ShareStatus } from '@aero/contracts';

export type Refusal = { allowed: false; code: ErrorCode; message: string; status: number };
export type Decision = { allowed: true } | Refusal;

const ALLOWED: Decision = { allowed: true };
const DAY_MS = 24 * 3600 * 1000;

function refuse(code: ErrorCode, message: string, status = 422): Refusal {
  return { allowed: false, code, message, status };
}

/** Whole calendar days (UTC) from the day of `from` to the day of `to`: same day 0, next day 1. */
export function calendarDaysBetween(from: Date, to: Date): number {
  const day = (d: Date) => Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) / DAY_MS);
  return day(to) - day(from);
}

export interface RecallSubject {
  status: ShareStatus;
  /** When the seat was bought: the recall window of an accepted course counts from it. */
  purchasedAt: Date;
  startedAt: Date | null;
}

/**
 * May the owner recall the item now (spec: learning §5 Sharing, §9)? A created or shared (not
 * accepted) item always; an accepted course only if the learner has not started it and it was
 * bought at most 14 calendar days ago (day 14 allowed, day 15 refused); never a started or
 * completed one, nor one already recalled or cancelled.
 */
export function recallDecision(item: RecallSubject, now: Date): Decision {
  switch (item.status) {
    case 'created':
    case 'shared':
      return ALLOWED;
    case 'accepted':
      if (item.startedAt) return refuse(SharingErrorCode.RecallNotAllowed, SharingMessages.recallNotAllowedStarted);
      if (calendarDaysBetween(item.purchasedAt, now) > SHARING_LIMITS.recallWindowDays) {
        return refuse(SharingErrorCode.RecallNotAllowed, SharingMessages.recallNotAllowedWindow);
      }
      return ALLOWED;
    case 'started':
      return refuse(SharingErrorCode.RecallNotAllowed, SharingMessages.recallNotAllowedStarted);
    default:
      return refuse(SharingErrorCode.RecallNotAllowed, SharingMessages.recallNotAllowedStatus);
  }
}

/** Resend: only a sent item nobody accepted yet; send_at becomes now and the e-mail goes again. */
export function resendDecision(status: ShareStatus): Decision {
  return status === 'shared' ? ALLOWED : refuse(SharingErrorCode.InvalidTransition, SharingMessages.resendNotAllowed);
}

/** Cancel: only a sent item nobody accepted yet (a created one is recalled instead). */
export function cancelDecision(status: ShareStatus): Decision {
  return status === 'shared' ? ALLOWED : refuse(SharingErrorCode.InvalidTransition, SharingMessages.cancelNotAllowed);
}

export interface ReshareSubject {
  /** The one passing the course on acts for a company. */
  actorIsCompany: boolean;
  /** The seat reached them as a course a company shared with them. */
  receivedFromCompany: boolean;
}

/**
 * Corporate accounts cannot share courses that another corporate account shared with them
 * (spec: learning §5 Sharing, §6).
 */
export function reshareDecision(subject: ReshareSubject): Decision {
  if (subject.actorIsCompany && subject.receivedFromCompany) {
    return refuse(SharingErrorCode.SharingNotAllowed, SharingMessages.sharingNotAllowedCorporate, 403);
  }
  return ALLOWED;
}

/** The text of the Sharing list's status column. */
export function statusDescription(status: ShareStatus, shareType: 'email' | 'ticket'): string {
  switch (status) {
    case 'created':
      return 'Seat set aside, not sent yet';
    case 'shared':
      return shareType === 'ticket' ? 'Ticket issued, not activated yet' : 'Shared, not accepted yet';
    case 'accepted':
      return 'Accepted by the student';
    case 'started':
      return 'In progress';
    case 'completed':
      return 'Completed';
    case 'recalled':
      return 'Recalled';
    case 'cancelled':
      return 'Cancelled';
  }
}
