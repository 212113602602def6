import { ExamMessages, type ExamState, type QuizChoice } from '@aero/contracts';

/*
 * The rules of an exam attempt (spec: learning §4 Exam; issue 15), as pure functions of the
 * attempts so far and the server's clock:
 *
 *   queued ──begin──▶ in progress ──complete (learner, before the deadline)──▶ passed | failed
 *                                  └─deadline (job or the first look after it)─▶ passed | failed
 *   failed, attempts left ──grace period──▶ queued (the next attempt)
 *   failed, no attempt left ──▶ failed for good: the enrolment fails, the course must be bought again
 *   passed ──▶ succeeded: the enrolment is completed
 *
 * An attempt is answered until its deadline (excluded): an answer at or after it is refused and
 * the attempt completes with the deadline as its finish time, whoever notices it first.
 */

export type AttemptStatus = 'in_progress' | 'passed' | 'failed';

/** An attempt as the rules read it. */
export interface AttemptFacts {
  attemptNo: number;
  status: AttemptStatus;
  deadline: Date;
  finishedAt: Date | null;
  resultPercents: number | null;
  /** A failed attempt with attempts left: when the next may begin. */
  nextAttemptAt: Date | null;
}

/** The exam's settings the rules need. */
export interface ExamSettings {
  maxAttempts: number;
}

/** The learner's standing in the exam now. */
export interface ExamStanding {
  state: ExamState;
  /** The attempt in progress, else the last one taken; 0 before the first. */
  currentAttemptNo: number;
  /** Attempts that may still begin (an attempt in progress not counted). */
  attemptsLeft: number;
  /** The last completed attempt (null before one). */
  lastCompleted: AttemptFacts | null;
  /** The attempt in progress (null when none). */
  inProgress: AttemptFacts | null;
  /** Whole seconds until the next attempt may begin (0 when it may, or none is left). */
  secondsTillNextAttempt: number;
}

/**
 * Where the learner stands. A passed attempt is `succeeded` and every attempt used and failed is
 * `failed` (the enrolment failed with it), whatever else; otherwise `allowed` says whether they
 * hold the course with its access open (else `not_allowed`); then an attempt in progress, a grace
 * period running, or queued.
 */
export function examStanding(allowed: boolean, attempts: readonly AttemptFacts[], exam: ExamSettings, now: Date): ExamStanding {
  const sorted = [...attempts].sort((a, b) => a.attemptNo - b.attemptNo);
  const inProgress = sorted.find((a) => a.status === 'in_progress') ?? null;
  const completed = sorted.filter((a) => a.status !== 'in_progress');
  const lastCompleted = completed.at(-1) ?? null;
  const currentAttemptNo = sorted.at(-1)?.attemptNo ?? 0;
  const attemptsLeft = Math.max(0, exam.maxAttempts - sorted.length);
  const base = { currentAttemptNo, attemptsLeft, lastCompleted, inProgress, secondsTillNextAttempt: 0 };
  if (completed.some((a) => a.status === 'passed')) return { ...base, state: 'succeeded' };
  if (!inProgress && attemptsLeft === 0) return { ...base, state: 'failed' };
  if (!allowed) return { ...base, state: 'not_allowed' };
  if (inProgress) return { ...base, state: 'in_progress' };
  const wait = lastCompleted?.status === 'failed' && lastCompleted.nextAttemptAt ? secondsUntil(lastCompleted.nextAttemptAt, now) : 0;
  if (wait > 0) return { ...base, state: 'grace_period', secondsTillNextAttempt: wait };
  return { ...base, state: 'queued' };
}

/** Whole seconds from `now` until `at`, rounded up (0 once it is reached). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** Why a begin is refused, or null when it may begin (an attempt in progress is answered as it is). */
export type BeginRefusal = { message: string; kind: 'not_allowed' | 'no_more_attempts' | 'cannot_start' | 'not_enough_questions' };

export function beginRefusal(standing: ExamStanding, bankSize: number, drawSize: number): BeginRefusal | null {
  switch (standing.state) {
    case 'not_allowed':
      return { kind: 'not_allowed', message: ExamMessages.notAllowedToBegin };
    case 'failed':
      return { kind: 'no_more_attempts', message: ExamMessages.noMoreAttemptsLeft };
    case 'succeeded':
    case 'grace_period':
      return { kind: 'cannot_start', message: ExamMessages.cannotStart };
    case 'in_progress':
      return null;
    case 'queued':
      return bankSize < drawSize ? { kind: 'not_enough_questions', message: ExamMessages.notEnoughExamQuestions } : null;
  }
}

/** An answer is accepted while the attempt is in progress and before its deadline (the deadline itself is too late). */
export function acceptsAnswer(attempt: Pick<AttemptFacts, 'status' | 'deadline'> | null, now: Date): boolean {
  return attempt !== null && attempt.status === 'in_progress' && now.getTime() < attempt.deadline.getTime();
}

/** The deadline of an attempt beginning at `start`. */
export function deadlineOf(start: Date, durationSeconds: number): Date {
  return new Date(start.getTime() + durationSeconds * 1000);
}

/** Who finishes an attempt completed at `now`, and the finish time recorded: the deadline once it passed. */
export function finishOf(deadline: Date, now: Date, requestedBy: 'learner' | 'deadline'): { by: 'learner' | 'deadline'; at: Date } {
  if (requestedBy === 'learner' && now.getTime() < deadline.getTime()) return { by: 'learner', at: now };
  return { by: 'deadline', at: deadline };
}

/** The score of an attempt: right answers of the questions drawn, a whole percent rounded down, passed at `passRate` or more. */
export interface Score {
  correct: number;
  incorrect: number;
  percent: number;
  passed: boolean;
}

export function score(questions: readonly { answer: QuizChoice | null; correct: QuizChoice }[], passRate: number): Score {
  const total = questions.length;
  const correct = questions.filter((question) => question.answer !== null && question.answer === question.correct).length;
  const percent = total === 0 ? 0 : Math.floor((correct * 100) / total);
  return { correct, incorrect: total - correct, percent, passed: total > 0 && percent >= passRate };
}

/** What a completed attempt does next: the time the next may begin (attempts left), or the enrolment's end. */
export type AfterAttempt = { outcome: 'passed' } | { outcome: 'retry'; nextAttemptAt: Date } | { outcome: 'failed_for_good' };

export function afterAttempt(passed: boolean, attemptNo: number, maxAttempts: number, finishedAt: Date, graceSeconds: number): AfterAttempt {
  if (passed) return { outcome: 'passed' };
  if (attemptNo >= maxAttempts) return { outcome: 'failed_for_good' };
  return { outcome: 'retry', nextAttemptAt: new Date(finishedAt.getTime() + graceSeconds * 1000) };
}

/**
 * The questions of a new attempt: `drawSize` of the bank, each equally likely, in a random order
 * (Fisher-Yates with `random` in [0, 1)).
 */
export function drawQuestions<T>(bank: readonly T[], drawSize: number, random: () => number = Math.random): T[] {
  const pool = [...bank];
  const count = Math.min(drawSize, pool.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}
