/*
 * The exam's clock is the server's (learning §4: "The countdown ticks every second"; the issue:
 * "a deadline that the browser controls is unacceptable"). An answer carries the attempt's
 * deadline (`end_time`) and the server's time of the answer (`current_time`); what is left is
 * their difference, counted down from the moment the browser read the answer on the browser's
 * monotonic clock (`performance.now()`), so neither the browser's date nor a change of it moves the
 * deadline.
 */

/** A deadline on the browser's monotonic clock: milliseconds of `performance.now()`. */
export type LocalDeadline = number;

/** The browser's monotonic clock in milliseconds (not its date). */
export function monotonicNow(): number {
  return performance.now();
}

/**
 * The server's deadline moved onto the browser's monotonic clock: `end_time - current_time`
 * milliseconds after `receivedAt` (the monotonic time the answer was read). Null when either time
 * is missing or unreadable.
 */
export function localDeadline(endTime: string | null | undefined, serverNow: string | null | undefined, receivedAt: number): LocalDeadline | null {
  if (!endTime || !serverNow) return null;
  const end = Date.parse(endTime);
  const now = Date.parse(serverNow);
  if (Number.isNaN(end) || Number.isNaN(now)) return null;
  return receivedAt + (end - now);
}

/** A wait given by the server in seconds (`time_till_next_attempt`), moved onto the monotonic clock. */
export function localDeadlineIn(seconds: number, receivedAt: number): LocalDeadline {
  return receivedAt + Math.max(0, seconds) * 1000;
}

/**
 * Whole seconds left until `deadline` at monotonic time `now`, never below 0. Rounded up: the
 * countdown shows 00:01 until the last second has passed, and 00:00 only when the time is up.
 */
export function secondsLeft(deadline: LocalDeadline, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `mm:ss`, or `h:mm:ss` from an hour up: what the countdown shows. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Hours, minutes and seconds of a duration (for texts such as "1 h 30 min"). */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60), seconds: seconds % 60 };
}

/**
 * What the countdown's polite live region says with `left` seconds to go: the minutes left
 * (rounded up) above a minute, then "30 seconds" and "10 seconds". The text changes only when a
 * minute (or those last marks) passes, so screen readers hear it then and not every second.
 * Null once the time is up.
 */
export function countdownAnnouncement(left: number): { minutes: number } | { seconds: number } | null {
  if (left <= 0) return null;
  if (left <= 10) return { seconds: 10 };
  if (left <= 30) return { seconds: 30 };
  return { minutes: Math.ceil(left / 60) };
}
