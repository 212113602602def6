import { describe, expect, it } from '@jest/globals';
import { countdownAnnouncement, formatCountdown, localDeadline, localDeadlineIn, secondsLeft, splitDuration } from './countdown.js';

describe('the exam countdown: the server holds the clock', () => {
  it("counts end_time - current_time from the moment the answer was read, whatever the browser's date says", () => {
    // The server says 10 minutes are left; the browser read it at monotonic 5,000 ms.
    const deadline = localDeadline('2026-11-29T07:10:00.000Z', '2026-11-29T07:00:00.000Z', 5_000);
    expect(deadline).toBe(5_000 + 600_000);
    expect(secondsLeft(deadline!, 5_000)).toBe(600);
    expect(secondsLeft(deadline!, 5_000 + 61_000)).toBe(539);
  });

  it('gives the same time left however wrong the browser clock is: only the server times and the time since reading count', () => {
    // A browser whose date is a day ahead or an hour behind reads the same answer: same deadline.
    const server = { end: '2026-11-29T07:30:00.000Z', now: '2026-11-29T07:12:30.000Z' };
    const readAt = 123_456;
    const left = secondsLeft(localDeadline(server.end, server.now, readAt)!, readAt + 2_500);
    expect(left).toBe(17 * 60 + 30 - 2);
  });

  it('rounds up to the whole second: 00:01 until the last second has passed, 0 when the time is up, never below', () => {
    const deadline = localDeadline('2026-11-29T07:00:03.000Z', '2026-11-29T07:00:00.000Z', 0)!;
    expect(secondsLeft(deadline, 0)).toBe(3);
    expect(secondsLeft(deadline, 2_001)).toBe(1);
    expect(secondsLeft(deadline, 2_999)).toBe(1);
    expect(secondsLeft(deadline, 3_000)).toBe(0);
    expect(secondsLeft(deadline, 60_000)).toBe(0);
  });

  it('a deadline already passed when read is zero at once', () => {
    const deadline = localDeadline('2026-11-29T07:00:00.000Z', '2026-11-29T07:00:05.000Z', 1_000)!;
    expect(secondsLeft(deadline, 1_000)).toBe(0);
  });

  it('has no deadline without an end_time (no attempt in progress) or with an unreadable time', () => {
    expect(localDeadline(null, '2026-11-29T07:00:00.000Z', 0)).toBeNull();
    expect(localDeadline('2026-11-29T07:00:00.000Z', 'yesterday', 0)).toBeNull();
  });

  it('a wait in seconds (time till the next attempt) starts when it was read', () => {
    expect(secondsLeft(localDeadlineIn(90, 2_000), 2_000)).toBe(90);
    expect(secondsLeft(localDeadlineIn(90, 2_000), 32_000)).toBe(60);
    expect(secondsLeft(localDeadlineIn(-5, 2_000), 2_000)).toBe(0);
  });

  it('shows mm:ss, and h:mm:ss from an hour', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(30 * 60)).toBe('30:00');
    expect(formatCountdown(3600 + 5 * 60 + 7)).toBe('1:05:07');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(splitDuration(5400)).toEqual({ hours: 1, minutes: 30, seconds: 0 });
  });

  it('tells screen readers each minute, then 30 and 10 seconds, not each second', () => {
    expect(countdownAnnouncement(600)).toEqual({ minutes: 10 });
    expect(countdownAnnouncement(599)).toEqual({ minutes: 10 });
    expect(countdownAnnouncement(541)).toEqual({ minutes: 10 });
    expect(countdownAnnouncement(540)).toEqual({ minutes: 9 });
    expect(countdownAnnouncement(31)).toEqual({ minutes: 1 });
    expect(countdownAnnouncement(30)).toEqual({ seconds: 30 });
    expect(countdownAnnouncement(11)).toEqual({ seconds: 30 });
    expect(countdownAnnouncement(10)).toEqual({ seconds: 10 });
    expect(countdownAnnouncement(0)).toBeNull();
    // Over a whole attempt the announcement changes once a minute (and at 30 s and 10 s).
    const changes = new Set(Array.from({ length: 600 }, (_, i) => JSON.stringify(countdownAnnouncement(600 - i))));
    expect(changes.size).toBe(10 + 2);
  });
});
