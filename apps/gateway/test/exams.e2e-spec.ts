import {
  CourseEnrolledEvent,
  DEMO_ACCOUNTS,
  ExamMessages,
  type CourseEnrolled,
  type CoursePageAnswer,
  type EventEnvelope,
  type Exam,
  type ExamAnswer,
  type ExamResultsAnswer,
  type QuizChoice,
} from '@aero/contracts';
import { prefixed } from '@aero/backend-messaging';
import { waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { jetstream } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createUser, signedIn, startAccountsPlatform, visitor, type AccountBrowser, type Refusal } from './support/accounts.js';
import { startWithMailCatcher, type MailCatcher } from './support/mail-catcher.js';
import { queryDb, type Platform } from './support/platform.js';
import { decodeHeader } from './support/sharing.js';

/** The wait after a failed attempt in this file (EXAM_GRACE_PERIOD_SECONDS_OVERRIDE). */
const GRACE_SECONDS = 4;

describe('gateway: exams held by the server’s clock (issue 15)', () => {
  jest.setTimeout(90_000);
  let platform: Platform;
  let smtp: MailCatcher;

  beforeAll(async () => {
    ({ platform, smtp } = await startWithMailCatcher(startAccountsPlatform, {
      apps: ['exams'],
      appEnv: { exams: { EXAM_GRACE_PERIOD_SECONDS_OVERRIDE: String(GRACE_SECONDS) } },
    }));
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
  });

  /** A new learner, signed in, enrolled in `courseId` (the `course.enrolled` sharing-organize would publish). */
  async function learnerIn(courseId: number): Promise<{ browser: AccountBrowser; userId: string; email: string; enrolmentId: string; examId: number }> {
    const user = await createUser(platform);
    const data: CourseEnrolled = {
      enrolmentId: randomUUID(),
      userId: user.id,
      email: user.email.toLowerCase(),
      programId: courseId,
      courseName: `Course ${courseId}`,
      source: 'purchase',
      orderId: randomUUID(),
      shareId: null,
      availableTill: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
      enrolledAt: new Date().toISOString(),
    };
    const envelope: EventEnvelope<CourseEnrolled> = {
      id: randomUUID(),
      type: CourseEnrolledEvent.name,
      version: CourseEnrolledEvent.version,
      occurredAt: new Date().toISOString(),
      producer: CourseEnrolledEvent.producer,
      correlationId: randomUUID(),
      data,
    };
    await jetstream(platform.gateway.infra.nats).publish(prefixed(platform.env.natsPrefix, CourseEnrolledEvent.subject), JSON.stringify(envelope), { msgID: envelope.id });
    await waitFor(async () => (await queryDb(platform, 'SELECT 1 FROM exams.enrolments WHERE id = $1', [data.enrolmentId])).length > 0, { what: 'the enrolment' });
    const browser = await signedIn(platform, user.email, user.password);
    const page = await browser.call<CoursePageAnswer>('GET', `/api/course/${courseId}`);
    expect(page.status).toBe(200);
    expect(page.body.data.exam_id).toEqual(expect.any(Number));
    return { browser, userId: user.id, email: data.email, enrolmentId: data.enrolmentId, examId: page.body.data.exam_id! };
  }

  const path = (courseId: number, examId: number, action = '') => `/api/course/${courseId}/exam/${examId}${action}`;

  async function rightAnswers(examId: number): Promise<Map<string, QuizChoice>> {
    const rows = await queryDb<{ id: string; correct: QuizChoice }>(platform, 'SELECT id, correct FROM exams.exam_questions WHERE exam_id = $1', [examId]);
    return new Map(rows.map((row) => [row.id, row.correct]));
  }
  const wrong = (letter: QuizChoice): QuizChoice => (letter === 'A' ? 'B' : 'A');

  /** No right answer in an answer given before the attempt is complete. */
  function revealsNothing(body: unknown): void {
    expect(JSON.stringify(body)).not.toMatch(/"correct":(true|false)|"correct_answer":"[ABC]"/);
  }

  it('take the exam and fail, wait the grace period (a retry before it is refused), pass on the next attempt, open the results', async () => {
    const { browser, examId, userId, email } = await learnerIn(1007);
    const exam = path(1007, examId);
    const intro = await browser.call<ExamAnswer>('GET', exam);
    expect(intro.status).toBe(200);
    expect(intro.body.data).toMatchObject({ id: examId, course_id: 1007, state: 'queued', is_allowed: true, is_queued: true, max_attempts: 3, pass_rate: 75, questions: [] });

    const begun = await browser.call<ExamAnswer>('POST', `${exam}/begin`);
    expect(begun.status).toBe(200);
    expect(begun.body.data).toMatchObject({ state: 'in_progress', is_in_progress: true, current_attempt_no: 1 });
    expect(begun.body.data.questions).toHaveLength(20);
    revealsNothing(begun.body);
    const [first] = begun.body.data.questions;

    const answered = await browser.call<ExamAnswer>('POST', `${exam}/answer`, { question_id: first.id, choice: 'B' });
    expect(answered.status).toBe(200);
    expect(answered.body.data.questions[0]).toMatchObject({ student_answer: 'B', answered: true, correct: null });
    revealsNothing(answered.body);
    const badLetter = await browser.call<Refusal>('POST', `${exam}/answer`, { question_id: first.id, choice: 'D' });
    expect(badLetter.status).toBe(422);
    expect(badLetter.body).toMatchObject({ code: 'exam.answer_letter_invalid', message: ExamMessages.answerLetterInvalid, errors: { choice: [ExamMessages.answerLetterInvalid] } });

    // Reload: the same attempt, the answer saved, the deadline the server set.
    const reloaded = await browser.call<ExamAnswer>('GET', exam);
    expect(reloaded.body.data.end_time).toBe(begun.body.data.end_time);
    expect(reloaded.body.data.questions[0].student_answer).toBe('B');
    revealsNothing(reloaded.body);

    const right = await rightAnswers(examId);
    const failed = await browser.call<ExamAnswer>(
      'POST',
      `${exam}/complete`,
      { choices: begun.body.data.questions.map((q) => ({ id: q.id, choice: wrong(right.get(q.id)!) })) },
    );
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ state: 'grace_period', is_in_grace_period: true, result_percents: 0, previousAttempt: { result: 0 } });
    expect(failed.body.data.previousAttempt!.time_till_next_attempt).toBeGreaterThan(0);
    expect(failed.body.data.grace_period_between_attempts).toBeCloseTo(GRACE_SECONDS / 3600);

    const early = await browser.call<Refusal>('POST', `${exam}/begin`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'exam.cannot_start', message: ExamMessages.cannotStart });

    const queued: Exam = await waitFor(
      async () => {
        const now = (await browser.call<ExamAnswer>('GET', exam)).body.data;
        if (now.state !== 'queued') throw new Error(`still ${now.state}`);
        return now;
      },
      { what: 'the grace period over', timeoutMs: 30_000 },
    );
    expect(queued.previousAttempt).toEqual({ result: 0, time_till_next_attempt: 0 });
    // The grace-period job e-mails the learner that the next attempt is open, once.
    const mail = (await waitFor(() => smtp.messages.find((m) => m.envelopeTo.includes(email) && decodeHeader(m.subject).startsWith('You can take the exam of')), {
      what: 'the retry e-mail',
      timeoutMs: 30_000,
    }))!;
    expect(decodeHeader(mail.subject)).toBe('You can take the exam of Part-66 Module 7: Maintenance Practices again - AeroMaint Academy');
    expect(mail.raw.replace(/=\r\n/g, '')).toContain(`/course/1007/exam/${examId}`);
    const second = await browser.call<ExamAnswer>('POST', `${exam}/begin`);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ state: 'in_progress', current_attempt_no: 2, attempts_left: 1 });
    revealsNothing(second.body);
    const passed = await browser.call<ExamAnswer>('POST', `${exam}/complete`, { choices: second.body.data.questions.map((q) => ({ id: q.id, choice: right.get(q.id)! })) });
    expect(passed.body.data).toMatchObject({ state: 'succeeded', succeeded: true, result_percents: 100, exam_results_url: `/course/1007/exam/${examId}/results`, next_url: '/course/1007' });

    const results = await browser.call<ExamResultsAnswer>('GET', `${exam}/results`);
    expect(results.status).toBe(200);
    expect(results.body.data.exam_attempt_data).toMatchObject({ correct_answers: 20, incorrect_answers: 0, result_percents: 100, attempt_no: 2, passed: true });
    expect(results.body.data.questions.every((q) => q.correct === true && q.correct_answer === q.student_answer)).toBe(true);

    const again = await browser.call<Refusal>('POST', `${exam}/complete`, { choices: [] });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'exam.cannot_accept_answer', message: ExamMessages.cannotAcceptAnswer });

    // The audit trail of the learner, for an administrator (CSV), not for the learner.
    const admin = await signedIn(platform, DEMO_ACCOUNTS.administrator.email);
    const csv = await admin.call<string>('GET', `/api/reports/exam-audit.csv?user_id=${userId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('at,action,actor,user_id,course_id,course_name,exam_id,attempt_no,detail');
    // The certificate's issue (exam.passed, handled apart) joins the trail whenever it comes.
    const actions = lines.slice(1).map((line) => line.split(',')[1]);
    expect(actions.filter((action) => action !== 'certificate_issued')).toEqual(['begin', 'answer', 'complete', 'retry_available', 'begin', 'complete']);
    expect((await browser.call('GET', `/api/reports/exam-audit?user_id=${userId}`)).status).toBe(403);
  });

  it('an answer 1 s after the deadline is refused; an attempt left open is completed by the job with the deadline as its finish time', async () => {
    await queryDb(platform, 'UPDATE exams.exams SET duration_seconds = 2 WHERE course_id = 1003');
    const late = await learnerIn(1003);
    const lateExam = path(1003, late.examId);
    const begun = (await late.browser.call<ExamAnswer>('POST', `${lateExam}/begin`)).body.data;
    expect(begun.duration).toBe(2);
    await sleep(new Date(begun.end_time!).getTime() - new Date(begun.current_time).getTime() + 1000);
    const refused = await late.browser.call<Refusal>('POST', `${lateExam}/answer`, { question_id: begun.questions[0].id, choice: 'A' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'exam.cannot_accept_answer', message: ExamMessages.cannotAcceptAnswer });

    const open = await learnerIn(1003);
    const started = (await open.browser.call<ExamAnswer>('POST', `${path(1003, open.examId)}/begin`)).body.data;
    // The browser is gone: nobody calls the exam again; the deadline job completes it.
    const attempt = await waitFor(
      async () => {
        const [row] = await queryDb<{ status: string; deadline: Date; finished_at: Date | null; finished_by: string | null }>(
          platform,
          'SELECT status, deadline, finished_at, finished_by FROM exams.exam_attempts WHERE enrolment_id = $1',
          [open.enrolmentId],
        );
        if (!row || row.status === 'in_progress') throw new Error('still in progress');
        return row;
      },
      { what: 'the attempt completed by the deadline job', timeoutMs: 30_000 },
    );
    expect(attempt.finished_by).toBe('deadline');
    expect(new Date(attempt.finished_at!).toISOString()).toBe(started.end_time);
    const after = (await open.browser.call<ExamAnswer>('GET', path(1003, open.examId))).body.data;
    expect(after.state).not.toBe('in_progress');
    expect(after.result_percents).toBe(0);
  });

  it('the last attempt failed: failed for good with the buy-again message, no more attempts left, the course leaves My courses', async () => {
    await queryDb(platform, 'UPDATE exams.exams SET max_attempts = 1 WHERE course_id = 1002');
    const { browser, examId } = await learnerIn(1002);
    const exam = path(1002, examId);
    const begun = (await browser.call<ExamAnswer>('POST', `${exam}/begin`)).body.data;
    const failed = await browser.call<ExamAnswer>('POST', `${exam}/complete`, { choices: begun.questions.map((q) => ({ id: q.id, choice: null })) });
    expect(failed.body.data).toMatchObject({ state: 'failed', failed: true, attempts_left: 0, message: ExamMessages.mustBuyAgain });
    const refused = await browser.call<Refusal>('POST', `${exam}/begin`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'exam.no_more_attempts_left', message: ExamMessages.noMoreAttemptsLeft });
    const mine = await browser.call<{ data: { course_id: number }[] }>('GET', '/api/my-courses');
    expect(mine.body.data.map((c) => c.course_id)).not.toContain(1002);
  });

  it('refusals: not enrolled, no such exam, no results yet, signed out', async () => {
    const { browser, examId } = await learnerIn(1005);
    const other = await createUser(platform);
    const stranger = await signedIn(platform, other.email, other.password);
    const notAllowed = await stranger.call<Refusal>('POST', `${path(1005, examId)}/begin`);
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body).toMatchObject({ code: 'exam.not_allowed_to_begin', message: ExamMessages.notAllowedToBegin });
    expect((await browser.call<Refusal>('GET', path(1005, 999_999))).status).toBe(404);
    expect((await browser.call<Refusal>('GET', path(1005, 0))).status).toBe(404);
    const noResults = await browser.call<Refusal>('GET', `${path(1005, examId)}/results`);
    expect(noResults.status).toBe(404);
    expect(noResults.body.code).toBe('exam.no_completed_attempt');
    const notAnswering = await browser.call<Refusal>('POST', `${path(1005, examId)}/answer`, { question_id: randomUUID(), choice: 'A' });
    expect(notAnswering.status).toBe(409);
    expect(notAnswering.body.message).toBe(ExamMessages.cannotAcceptAnswer);
    expect((await (await visitor(platform)).call('GET', path(1005, examId))).status).toBe(401);
  });
});
