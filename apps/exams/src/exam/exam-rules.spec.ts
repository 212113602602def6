import { ExamMessages } from '@aero/contracts';
import { acceptsAnswer, afterAttempt, beginRefusal, deadlineOf, drawQuestions, examStanding, finishOf, score, secondsUntil, type AttemptFacts } from './exam-rules.js';

const NOW = new Date('2026-11-29T08:00:00.000Z');
const at = (offsetSeconds: number) => new Date(NOW.getTime() + offsetSeconds * 1000);

function attempt(attemptNo: number, status: AttemptFacts['status'], overrides: Partial<AttemptFacts> = {}): AttemptFacts {
  return { attemptNo, status, deadline: at(600), finishedAt: status === 'in_progress' ? null : at(-60), resultPercents: status === 'in_progress' ? null : 50, nextAttemptAt: null, ...overrides };
}

const exam = { maxAttempts: 3 };

describe('exam standing (the attempt state machine)', () => {
  it('queued before the first attempt; in progress while one runs', () => {
    expect(examStanding(true, [], exam, NOW)).toMatchObject({ state: 'queued', currentAttemptNo: 0, attemptsLeft: 3, inProgress: null, lastCompleted: null });
    const running = attempt(1, 'in_progress');
    expect(examStanding(true, [running], exam, NOW)).toMatchObject({ state: 'in_progress', currentAttemptNo: 1, attemptsLeft: 2, inProgress: running });
  });

  it('a failed attempt waits its grace period, then the next is queued', () => {
    const failed = attempt(1, 'failed', { nextAttemptAt: at(90.2) });
    expect(examStanding(true, [failed], exam, NOW)).toMatchObject({ state: 'grace_period', secondsTillNextAttempt: 91, attemptsLeft: 2, lastCompleted: failed });
    expect(examStanding(true, [failed], exam, at(90.2))).toMatchObject({ state: 'queued', secondsTillNextAttempt: 0 });
    expect(examStanding(true, [failed], exam, at(3600))).toMatchObject({ state: 'queued' });
  });

  it('every attempt failed is failed for good, even once the enrolment failed (not allowed any more)', () => {
    const attempts = [attempt(1, 'failed'), attempt(2, 'failed'), attempt(3, 'failed')];
    expect(examStanding(true, attempts, exam, NOW)).toMatchObject({ state: 'failed', attemptsLeft: 0, currentAttemptNo: 3 });
    expect(examStanding(false, attempts, exam, NOW)).toMatchObject({ state: 'failed' });
  });

  it('a passed attempt is succeeded, whatever came before', () => {
    expect(examStanding(true, [attempt(1, 'failed'), attempt(2, 'passed')], exam, NOW)).toMatchObject({ state: 'succeeded', currentAttemptNo: 2, attemptsLeft: 1 });
    expect(examStanding(false, [attempt(1, 'passed')], exam, NOW)).toMatchObject({ state: 'succeeded' });
  });

  it('a learner without the course (or whose access ended) is not allowed', () => {
    expect(examStanding(false, [], exam, NOW)).toMatchObject({ state: 'not_allowed' });
    expect(examStanding(false, [attempt(1, 'failed')], exam, NOW)).toMatchObject({ state: 'not_allowed' });
  });

  it('the last attempt in progress is still in progress (not failed for good)', () => {
    const attempts = [attempt(1, 'failed'), attempt(2, 'failed'), attempt(3, 'in_progress')];
    expect(examStanding(true, attempts, exam, NOW)).toMatchObject({ state: 'in_progress', attemptsLeft: 0, currentAttemptNo: 3 });
  });
});

describe('begin', () => {
  const standing = (allowed: boolean, attempts: AttemptFacts[]) => examStanding(allowed, attempts, exam, NOW);

  it('each refusal has its own message', () => {
    expect(beginRefusal(standing(false, []), 40, 20)).toEqual({ kind: 'not_allowed', message: ExamMessages.notAllowedToBegin });
    expect(beginRefusal(standing(true, [attempt(1, 'failed'), attempt(2, 'failed'), attempt(3, 'failed')]), 40, 20)).toEqual({ kind: 'no_more_attempts', message: ExamMessages.noMoreAttemptsLeft });
    expect(beginRefusal(standing(true, [attempt(1, 'failed', { nextAttemptAt: at(10) })]), 40, 20)).toEqual({ kind: 'cannot_start', message: ExamMessages.cannotStart });
    expect(beginRefusal(standing(true, [attempt(1, 'passed')]), 40, 20)).toEqual({ kind: 'cannot_start', message: ExamMessages.cannotStart });
    expect(beginRefusal(standing(true, []), 19, 20)).toEqual({ kind: 'not_enough_questions', message: ExamMessages.notEnoughExamQuestions });
  });

  it('queued with a bank as large as the draw begins; an attempt in progress is answered as it is', () => {
    expect(beginRefusal(standing(true, []), 20, 20)).toBeNull();
    expect(beginRefusal(standing(true, [attempt(1, 'failed', { nextAttemptAt: at(-1) })]), 40, 20)).toBeNull();
    expect(beginRefusal(standing(true, [attempt(1, 'in_progress')]), 0, 20)).toBeNull();
  });

  it('the deadline is the start plus the duration', () => {
    expect(deadlineOf(NOW, 1800).toISOString()).toBe('2026-11-29T08:30:00.000Z');
  });
});

describe('answers and completion against the deadline', () => {
  const running = { status: 'in_progress' as const, deadline: at(60) };

  it('an answer is accepted before the deadline only, and only in progress', () => {
    expect(acceptsAnswer(running, at(59.999))).toBe(true);
    expect(acceptsAnswer(running, at(60))).toBe(false);
    expect(acceptsAnswer(running, at(61))).toBe(false);
    expect(acceptsAnswer({ status: 'failed', deadline: at(60) }, NOW)).toBe(false);
    expect(acceptsAnswer(null, NOW)).toBe(false);
  });

  it('a completion before the deadline is the learner’s at that time; after it, the deadline’s at the deadline', () => {
    expect(finishOf(at(60), at(30), 'learner')).toEqual({ by: 'learner', at: at(30) });
    expect(finishOf(at(60), at(61), 'learner')).toEqual({ by: 'deadline', at: at(60) });
    expect(finishOf(at(60), at(75), 'deadline')).toEqual({ by: 'deadline', at: at(60) });
  });

  it('seconds until a time are rounded up and never negative', () => {
    expect(secondsUntil(at(1.001), NOW)).toBe(2);
    expect(secondsUntil(at(-5), NOW)).toBe(0);
  });
});

describe('scoring', () => {
  const answers = (right: number, wrong: number, blank: number) => [
    ...Array.from({ length: right }, () => ({ answer: 'A' as const, correct: 'A' as const })),
    ...Array.from({ length: wrong }, () => ({ answer: 'B' as const, correct: 'A' as const })),
    ...Array.from({ length: blank }, () => ({ answer: null, correct: 'C' as const })),
  ];

  it('a whole percent rounded down; unanswered questions count as incorrect', () => {
    expect(score(answers(15, 3, 2), 75)).toEqual({ correct: 15, incorrect: 5, percent: 75, passed: true });
    expect(score(answers(14, 6, 0), 75)).toEqual({ correct: 14, incorrect: 6, percent: 70, passed: false });
    expect(score(answers(2, 1, 0), 67)).toEqual({ correct: 2, incorrect: 1, percent: 66, passed: false });
    expect(score(answers(0, 0, 5), 75)).toEqual({ correct: 0, incorrect: 5, percent: 0, passed: false });
    expect(score([], 0)).toEqual({ correct: 0, incorrect: 0, percent: 0, passed: false });
  });

  it('after an attempt: passed; failed with attempts left waits the grace period; the last failed is for good', () => {
    expect(afterAttempt(true, 3, 3, NOW, 3600)).toEqual({ outcome: 'passed' });
    expect(afterAttempt(false, 1, 3, NOW, 3600)).toEqual({ outcome: 'retry', nextAttemptAt: at(3600) });
    expect(afterAttempt(false, 2, 3, NOW, 0)).toEqual({ outcome: 'retry', nextAttemptAt: NOW });
    expect(afterAttempt(false, 3, 3, NOW, 3600)).toEqual({ outcome: 'failed_for_good' });
  });
});

describe('the draw', () => {
  const bank = Array.from({ length: 48 }, (_, i) => i);

  it('draws the asked number of different questions of the bank', () => {
    const drawn = drawQuestions(bank, 20);
    expect(drawn).toHaveLength(20);
    expect(new Set(drawn).size).toBe(20);
    expect(drawn.every((q) => bank.includes(q))).toBe(true);
  });

  it('the order follows the random source (a fixed source draws the bank in order)', () => {
    expect(drawQuestions(bank, 5, () => 0)).toEqual([0, 1, 2, 3, 4]);
    expect(drawQuestions([1, 2, 3], 5, () => 0)).toEqual([1, 2, 3]);
    expect(drawQuestions(bank, 3, () => 0.999999)).toEqual([47, 0, 1]);
  });
});
