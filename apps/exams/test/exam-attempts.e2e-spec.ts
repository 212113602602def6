import { DEMO_ACCOUNTS, ExamMessages, ExamsRpc, type Actor, type Exam, type ExamAttempt, type ExamFailed, type ExamRetryAvailable, type QuizChoice } from '@aero/contracts';
import { testKit, waitFor } from '@aero/backend-testing';
import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { ExamsKit, rejection, type TestLearner } from './support/exams-test-kit.js';

const ADMIN: Actor = { userId: DEMO_ACCOUNTS.administrator.id, companyId: null, roles: ['administrator'], status: null };

/** Demo courses and their seeded exams; each test changes the exam of its own course only. */
const MODULE_7 = 1007;

describe('exam attempts held by the server (issue 15)', () => {
  const kit = testKit(() => ExamsKit.start(), 120_000);

  async function examOf(courseId: number): Promise<number> {
    const [row]: { id: number }[] = await kit.db.query('SELECT id FROM exams.exams WHERE course_id = $1', [courseId]);
    return row.id;
  }

  /** A new learner enrolled in `courseId`, with the course's exam id. */
  async function enrolled(courseId: number) {
    const learner = await kit.learner();
    const data = kit.enrolment(learner, { courseId, courseName: `Course ${courseId}` });
    await kit.enrol(data);
    return { learner, enrolmentId: data.enrolmentId, courseId, examId: await examOf(courseId) };
  }

  type Seat = Awaited<ReturnType<typeof enrolled>>;
  const call = {
    get: (s: Seat, learner: TestLearner = s.learner) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.Exam, { courseId: s.courseId, examId: s.examId })),
    begin: (s: Seat, learner: TestLearner = s.learner) => kit.as(learner, (rpc) => rpc.call(ExamsRpc.BeginExam, { courseId: s.courseId, examId: s.examId })),
    answer: (s: Seat, question_id: unknown, choice: unknown) => kit.as(s.learner, (rpc) => rpc.call(ExamsRpc.AnswerExam, { courseId: s.courseId, examId: s.examId, question_id, choice })),
    complete: (s: Seat, choices: unknown) => kit.as(s.learner, (rpc) => rpc.call(ExamsRpc.CompleteExam, { courseId: s.courseId, examId: s.examId, choices })),
    results: (s: Seat) => kit.as(s.learner, (rpc) => rpc.call(ExamsRpc.ExamResults, { courseId: s.courseId, examId: s.examId })),
  };

  /** The right letter of each question of the exam (read from the bank, as no answer tells it). */
  async function rightAnswers(examId: number): Promise<Map<string, QuizChoice>> {
    const rows: { id: string; correct: QuizChoice }[] = await kit.db.query('SELECT id, correct FROM exams.exam_questions WHERE exam_id = $1', [examId]);
    return new Map(rows.map((row) => [row.id, row.correct]));
  }

  const wrong = (letter: QuizChoice): QuizChoice => (letter === 'A' ? 'B' : 'A');

  /** No answer of the exam tells a right answer while the attempt runs. */
  function revealsNothing(exam: Exam): void {
    for (const question of exam.questions) {
      expect(question.correct).toBeNull();
      expect(question.correct_answer).toBeNull();
    }
    expect(JSON.stringify(exam)).not.toMatch(/"correct":(true|false)|"correct_answer":"[ABC]"/);
  }

  async function setExam(courseId: number, settings: Record<string, number | boolean>): Promise<void> {
    for (const [column, value] of Object.entries(settings)) await kit.db.query(`UPDATE exams.exams SET ${column} = $2 WHERE course_id = $1`, [courseId, value]);
  }

  it('begin draws 20 of the 48 questions and sets the deadline; a second begin answers the same attempt; no right answer is told', async () => {
    const seat = await enrolled(MODULE_7);
    const queued = (await call.get(seat)).data;
    expect(queued).toMatchObject({ state: 'queued', is_allowed: true, is_queued: true, questions: [], current_attempt_no: 0, max_attempts: 3, pass_rate: 75, duration: 1800, end_time: null, previousAttempt: null });
    expect(queued.grace_period_between_attempts).toBe(24);
    const { data: exam } = await call.begin(seat);
    expect(exam).toMatchObject({ state: 'in_progress', is_in_progress: true, is_queued: false, current_attempt_no: 1, attempts_left: 2 });
    expect(exam.questions).toHaveLength(20);
    expect(new Set(exam.questions.map((q) => q.id)).size).toBe(20);
    expect(exam.questions.map((q) => q.index)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Date(exam.end_time!).getTime() - new Date(exam.current_time).getTime()).toBeLessThanOrEqual(1800 * 1000);
    expect(new Date(exam.end_time!).getTime() - new Date(exam.current_time).getTime()).toBeGreaterThan(1790 * 1000);
    revealsNothing(exam);
    const again = (await call.begin(seat)).data;
    expect(again.end_time).toBe(exam.end_time);
    expect(again.questions.map((q) => q.id)).toEqual(exam.questions.map((q) => q.id));
    const [{ n }]: { n: number }[] = await kit.db.query('SELECT count(*)::int AS n FROM exams.exam_attempts WHERE enrolment_id = $1', [seat.enrolmentId]);
    expect(n).toBe(1);
  });

  it('answers are saved as chosen (a new choice replaces the old) and read back on reload with the true remaining time; bad letters and strange questions are refused', async () => {
    const seat = await enrolled(MODULE_7);
    const { data: exam } = await call.begin(seat);
    const [first, second] = exam.questions;
    revealsNothing((await call.answer(seat, first.id, 'A')).data);
    const answered = (await call.answer(seat, first.id, 'C')).data;
    revealsNothing(answered);
    expect(answered.questions[0]).toMatchObject({ id: first.id, student_answer: 'C', answered: true, correct: null });
    const reloaded = (await call.get(seat)).data;
    expect(reloaded.questions.map((q) => q.student_answer)).toEqual(['C', ...Array(19).fill(null)]);
    expect(reloaded.end_time).toBe(exam.end_time);
    expect(new Date(reloaded.current_time).getTime()).toBeGreaterThanOrEqual(new Date(exam.current_time).getTime());
    revealsNothing(reloaded);

    expect(await rejection(call.answer(seat, second.id, 'D'))).toMatchObject({
      status: 422,
      code: 'exam.answer_letter_invalid',
      message: ExamMessages.answerLetterInvalid,
      errors: { choice: [ExamMessages.answerLetterInvalid] },
    });
    expect(await rejection(call.answer(seat, second.id, 'a'))).toMatchObject({ status: 422, code: 'exam.answer_letter_invalid' });
    expect(await rejection(call.answer(seat, '00000000-0000-4000-8000-000000000000', 'A'))).toMatchObject({
      status: 422,
      code: 'exam.cannot_accept_answer',
      errors: { question_id: [ExamMessages.questionIdInvalid] },
    });
    expect(await rejection(call.complete(seat, [{ id: second.id, choice: 'X' }]))).toMatchObject({ status: 422, code: 'exam.answer_letter_invalid', message: ExamMessages.answerLetterInvalid });
  });

  it('passing: complete with the right answers succeeds, completes the course and publishes exam.passed; results show every answer; completing again or beginning again is refused', async () => {
    const seat = await enrolled(MODULE_7);
    const right = await rightAnswers(seat.examId);
    const { data: exam } = await call.begin(seat);
    // 16 right of 20 (80 %), the rest wrong: the page sends every answer with the completion.
    const choices = exam.questions.map((q, i) => ({ id: q.id, choice: i < 16 ? right.get(q.id)! : wrong(right.get(q.id)!) }));
    const { data: done } = await call.complete(seat, choices);
    expect(done).toMatchObject({ state: 'succeeded', succeeded: true, failed: false, result_percents: 80, questions: [], end_time: null, previousAttempt: { result: 80, time_till_next_attempt: 0 } });
    expect(done.exam_results_url).toBe(`/course/${MODULE_7}/exam/${seat.examId}/results`);
    expect(done.next_url).toBe(`/course/${MODULE_7}`);

    const [enrolment]: { status: string; completed_at: Date | null }[] = await kit.db.query('SELECT status, completed_at FROM exams.enrolments WHERE id = $1', [seat.enrolmentId]);
    expect(enrolment.status).toBe('completed');
    expect(enrolment.completed_at).not.toBeNull();
    const passed = (await kit.outbox<ExamAttempt>('exam.passed')).filter((e) => e.enrolmentId === seat.enrolmentId);
    expect(passed).toEqual([expect.objectContaining({ attemptNo: 1, resultPercents: 80, passRate: 75, finishedBy: 'learner', programId: MODULE_7, maxAttempts: 3 })]);
    expect((await kit.outbox<ExamAttempt>('exam.attempt.completed')).filter((e) => e.enrolmentId === seat.enrolmentId)).toHaveLength(1);
    expect((await kit.outbox<{ enrolmentId: string }>('course.completed')).filter((e) => e.enrolmentId === seat.enrolmentId)).toHaveLength(1);

    const { data: results } = await call.results(seat);
    expect(results.exam_attempt_data).toMatchObject({ correct_answers: 16, incorrect_answers: 4, result_percents: 80, attempt_no: 1, passed: true });
    expect(results.questions).toHaveLength(20);
    for (const [i, q] of results.questions.entries()) {
      expect(q.correct_answer).toBe(right.get(q.id));
      expect(q.correct).toBe(i < 16);
      expect(q.student_answer).toBe(choices[i].choice);
    }

    expect(await rejection(call.complete(seat, []))).toMatchObject({ status: 409, code: 'exam.cannot_accept_answer', message: ExamMessages.cannotAcceptAnswer });
    expect(await rejection(call.answer(seat, exam.questions[0].id, 'A'))).toMatchObject({ status: 409, code: 'exam.cannot_accept_answer' });
    expect(await rejection(call.begin(seat))).toMatchObject({ status: 409, code: 'exam.cannot_start', message: ExamMessages.cannotStart });
  });

  it('two completions at once (two tabs, or the page and the deadline): one wins, the attempt is scored and published once', async () => {
    const seat = await enrolled(1008);
    const { data: exam } = await call.begin(seat);
    const choices = exam.questions.map((q) => ({ id: q.id, choice: 'A' }));
    const outcomes = await Promise.allSettled([call.complete(seat, choices), call.complete(seat, choices), call.complete(seat, choices)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const refused of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(refused.reason.payload).toMatchObject({ status: 409, code: 'exam.cannot_accept_answer' });
    }
    expect((await kit.outbox<ExamAttempt>('exam.attempt.completed')).filter((e) => e.enrolmentId === seat.enrolmentId)).toHaveLength(1);
    const audit: { action: string }[] = await kit.db.query(`SELECT action FROM exams.exam_audit WHERE user_id = $1 AND action IN ('complete', 'auto_complete')`, [seat.learner.userId]);
    expect(audit).toHaveLength(1);
  });

  it('a failed attempt waits the grace period: a retry before it ends is refused, after it the retry is made known (e-mail event) and begins', async () => {
    const course = 1001;
    await setExam(course, { grace_period_seconds: 4 });
    const seat = await enrolled(course);
    const { data: exam } = await call.begin(seat);
    expect(exam.questions).toHaveLength(5);
    const right = await rightAnswers(seat.examId);
    const { data: failed } = await call.complete(seat, exam.questions.map((q) => ({ id: q.id, choice: wrong(right.get(q.id)!) })));
    expect(failed).toMatchObject({ state: 'grace_period', is_in_grace_period: true, failed: false, result_percents: 0, attempts_left: 2, current_attempt_no: 1 });
    expect(failed.previousAttempt!.result).toBe(0);
    expect(failed.previousAttempt!.time_till_next_attempt).toBeGreaterThan(0);
    expect(failed.previousAttempt!.time_till_next_attempt).toBeLessThanOrEqual(4);
    expect(await rejection(call.begin(seat))).toMatchObject({ status: 409, code: 'exam.cannot_start', message: ExamMessages.cannotStart });
    const [event] = (await kit.outbox<ExamFailed>('exam.failed')).filter((e) => e.enrolmentId === seat.enrolmentId);
    expect(event).toMatchObject({ attemptNo: 1, resultPercents: 0, finishedBy: 'learner' });
    expect(new Date(event.nextAttemptAt!).getTime() - new Date(event.finishedAt).getTime()).toBe(4000);

    // The grace-period job makes the retry known (notifications e-mails it) once its time came.
    await waitFor(async () => (await kit.outbox<ExamRetryAvailable>('exam.retry.available')).some((e) => e.enrolmentId === seat.enrolmentId), {
      what: 'exam.retry.available',
      timeoutMs: 30_000,
    });
    const [retry] = (await kit.outbox<ExamRetryAvailable>('exam.retry.available')).filter((e) => e.enrolmentId === seat.enrolmentId);
    expect(retry).toMatchObject({ nextAttemptNo: 2, maxAttempts: 3, learnerEmail: seat.learner.email, examUrl: expect.stringMatching(new RegExp(`/course/${course}/exam/${seat.examId}$`)) });
    expect(new Date(retry.availableAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await call.get(seat)).data).toMatchObject({ state: 'queued', previousAttempt: { result: 0, time_till_next_attempt: 0 } });
    const { data: second } = await call.begin(seat);
    expect(second).toMatchObject({ state: 'in_progress', current_attempt_no: 2, attempts_left: 1 });
  });

  it('the last attempt failed: the exam is failed for good, the enrolment failed, the course must be bought again; no more attempts left', async () => {
    const course = 1002;
    await setExam(course, { max_attempts: 1 });
    const seat = await enrolled(course);
    const { data: exam } = await call.begin(seat);
    const { data: failed } = await call.complete(seat, exam.questions.map((q) => ({ id: q.id, choice: null })));
    expect(failed).toMatchObject({ state: 'failed', failed: true, is_allowed: true, attempts_left: 0, result_percents: 0, message: ExamMessages.mustBuyAgain });
    const [enrolment]: { status: string }[] = await kit.db.query('SELECT status FROM exams.enrolments WHERE id = $1', [seat.enrolmentId]);
    expect(enrolment.status).toBe('failed');
    const [event] = (await kit.outbox<ExamFailed>('exam.failed')).filter((e) => e.enrolmentId === seat.enrolmentId);
    expect(event.nextAttemptAt).toBeUndefined();
    expect(await rejection(call.begin(seat))).toMatchObject({ status: 409, code: 'exam.no_more_attempts_left', message: ExamMessages.noMoreAttemptsLeft });
  });

  it('an attempt left open (no browser) is completed by the deadline job, with the deadline as its finish time', async () => {
    const course = 1003;
    await setExam(course, { duration_seconds: 2 });
    const seat = await enrolled(course);
    const { data: exam } = await call.begin(seat);
    const right = await rightAnswers(seat.examId);
    for (const q of exam.questions) await call.answer(seat, q.id, right.get(q.id)!);
    // Nobody reads the exam meanwhile: only the job can complete it.
    await waitFor(async () => (await kit.db.query(`SELECT 1 FROM exams.exam_attempts WHERE enrolment_id = $1 AND status <> 'in_progress'`, [seat.enrolmentId])).length > 0, {
      what: 'the attempt completed by its deadline job',
      timeoutMs: 30_000,
    });
    const [attempt]: { deadline: Date; finished_at: Date; finished_by: string; status: string; result_percents: number }[] = await kit.db.query(
      'SELECT deadline, finished_at, finished_by, status, result_percents FROM exams.exam_attempts WHERE enrolment_id = $1',
      [seat.enrolmentId],
    );
    expect(attempt).toMatchObject({ finished_by: 'deadline', status: 'passed', result_percents: 100 });
    expect(new Date(attempt.finished_at).toISOString()).toBe(new Date(attempt.deadline).toISOString());
    expect(new Date(attempt.deadline).toISOString()).toBe(exam.end_time);
    const audit: { action: string; actor: string; detail: string }[] = await kit.db.query(`SELECT action, actor, detail FROM exams.exam_audit WHERE user_id = $1 AND action = 'auto_complete'`, [
      seat.learner.userId,
    ]);
    expect(audit).toEqual([{ action: 'auto_complete', actor: 'system', detail: expect.stringContaining('by the deadline job') }]);
    const [passed] = (await kit.outbox<ExamAttempt>('exam.passed')).filter((e) => e.enrolmentId === seat.enrolmentId);
    expect(passed).toMatchObject({ finishedBy: 'deadline', finishedAt: exam.end_time });
  });

  it('an answer 1 s after the deadline is refused and changes nothing; the attempt is completed at the deadline', async () => {
    const course = 1004;
    await setExam(course, { duration_seconds: 2 });
    const seat = await enrolled(course);
    const { data: exam } = await call.begin(seat);
    const [first, second] = exam.questions;
    await call.answer(seat, first.id, 'A');
    // Wait until 1 s after the deadline, by the server's times of the begin answer.
    await sleep(new Date(exam.end_time!).getTime() - new Date(exam.current_time).getTime() + 1000);
    expect(await rejection(call.answer(seat, second.id, 'B'))).toMatchObject({ status: 409, code: 'exam.cannot_accept_answer', message: ExamMessages.cannotAcceptAnswer });
    expect(await rejection(call.complete(seat, [{ id: second.id, choice: 'B' }]))).toMatchObject({ status: 409, code: 'exam.cannot_accept_answer' });
    const answers: { answer: string | null }[] = await kit.db.query(
      'SELECT aq.answer FROM exams.exam_attempt_questions aq JOIN exams.exam_attempts a ON a.id = aq.attempt_id WHERE a.enrolment_id = $1 ORDER BY aq.position',
      [seat.enrolmentId],
    );
    expect(answers.map((a) => a.answer)).toEqual(['A', null, null, null, null]);
    const [attempt]: { deadline: Date; finished_at: Date; finished_by: string }[] = await kit.db.query('SELECT deadline, finished_at, finished_by FROM exams.exam_attempts WHERE enrolment_id = $1', [
      seat.enrolmentId,
    ]);
    expect(attempt.finished_by).toBe('deadline');
    expect(new Date(attempt.finished_at).getTime()).toBe(new Date(attempt.deadline).getTime());
  });

  it('not allowed to begin without the course; no such exam (or another course’s) is not found; a bank smaller than the draw is not enough exam questions', async () => {
    const seat = await enrolled(1005);
    const stranger = await kit.learner();
    expect((await call.get(seat, stranger)).data).toMatchObject({ state: 'not_allowed', is_allowed: false, message: ExamMessages.notAllowedToBegin });
    expect(await rejection(call.begin(seat, stranger))).toMatchObject({ status: 403, code: 'exam.not_allowed_to_begin', message: ExamMessages.notAllowedToBegin });
    expect(await rejection(kit.as(seat.learner, (rpc) => rpc.call(ExamsRpc.Exam, { courseId: 1005, examId: 999_999 })))).toMatchObject({ status: 404, code: 'exam.not_found' });
    expect(await rejection(kit.as(seat.learner, (rpc) => rpc.call(ExamsRpc.Exam, { courseId: 1005, examId: seat.examId + 1 })))).toMatchObject({ status: 404 });
    await setExam(1005, { draw_size: 9 });
    expect(await rejection(call.begin(seat))).toMatchObject({ status: 409, code: 'exam.not_enough_questions', message: ExamMessages.notEnoughExamQuestions });
    expect(await rejection(call.results(seat))).toMatchObject({ status: 404, code: 'exam.no_completed_attempt' });
  });

  it('an exam whose results are hidden after the exam tells no right answer even once completed', async () => {
    const seat = await enrolled(2002);
    const { data: exam } = await call.begin(seat);
    const { data: done } = await call.complete(seat, exam.questions.map((q) => ({ id: q.id, choice: 'A' })));
    expect(done).toMatchObject({ is_exam_results_visible_after_exam: false, exam_results_url: null, questions: [] });
    expect(await rejection(call.results(seat))).toMatchObject({ status: 403, code: 'exam.results_not_visible', message: ExamMessages.resultsNotVisible });
  });

  it('the course page names its exam; the audit trail records begin, answers and completion with time and actor, for administrators only', async () => {
    const seat = await enrolled(1006);
    const page = await kit.as(seat.learner, (rpc) => rpc.call(ExamsRpc.CoursePage, { courseId: 1006 }));
    expect(page.data.exam_id).toBe(seat.examId);
    const { data: exam } = await call.begin(seat);
    await call.answer(seat, exam.questions[0].id, 'B');
    await call.complete(seat, [{ id: exam.questions[1].id, choice: 'C' }]);
    const { data: trail } = await kit.as(ADMIN, (rpc) => rpc.call(ExamsRpc.ExamAudit, { user_id: seat.learner.userId }));
    expect(trail.map((line) => line.action)).toEqual(['begin', 'answer', 'complete']);
    expect(trail.every((line) => line.actor === seat.learner.userId && line.course_id === 1006 && line.exam_id === seat.examId && line.attempt_no === 1)).toBe(true);
    expect(trail[1].detail).toBe(`question ${exam.questions[0].id}: B`);
    expect(await rejection(kit.as(seat.learner, (rpc) => rpc.call(ExamsRpc.ExamAudit, { user_id: seat.learner.userId })))).toMatchObject({ status: 403 });
    expect(await rejection(kit.as(ADMIN, (rpc) => rpc.call(ExamsRpc.ExamAudit, {})))).toMatchObject({ status: 422, errors: { user_id: [ExamMessages.userIdRequired] } });
  });
});
