/// <reference lib="dom" />
import { beforeAll, describe, expect } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { watchCspViolations, watchPageErrors, type CspViolation } from './support/browser.js';
import { journey } from './support/journey.js';
import { caughtMails, until } from './support/mail.js';
import { queryProduct } from './support/product.js';
import { addCourseToCart, openShop, payCartByCard, signIn } from './support/shop-steps.js';

const LEARNER = 'student@aeromaint.local';
const COURSE = { id: 1007, slug: 'part-66-module-7-maintenance-practices', name: 'Part-66 Module 7: Maintenance Practices' } as const;
/** The length of every attempt in this journey (EXAM_DURATION_SECONDS_OVERRIDE): long enough to answer 20 questions on a busy machine, short enough to let the first attempt run out. */
const DURATION_SECONDS = 60;
/** The wait after a failed attempt (EXAM_GRACE_PERIOD_SECONDS_OVERRIDE) instead of the exam's 24 hours. */
const GRACE_SECONDS = 15;
const QUESTIONS = 20;

type Letter = 'A' | 'B' | 'C';

/** "mm:ss" or "h:mm:ss" as seconds. */
function seconds(text: string | null): number {
  return (text ?? '').split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

describe('journey: a learner fails the exam (the time runs out), waits the grace period, passes on the next attempt and reads the results', () => {
  const violations: CspViolation[][] = [];
  const pageErrors: Error[][] = [];
  let learner: Page;
  let context: BrowserContext;
  /** The right letter of each question of the Module 7 bank, by its text (read behind the scenes: the browser never gets it before the end). */
  let answerKey: Map<string, Letter>;
  /** The answers given in the first attempt, by question number. */
  const firstAnswers = new Map<number, Letter>();

  const trip = journey({
    name: 'exams',
    stepTimeoutMs: 150_000,
    failurePages: () => [learner],
    productEnv: { EXAM_DURATION_SECONDS_OVERRIDE: String(DURATION_SECONDS), EXAM_GRACE_PERIOD_SECONDS_OVERRIDE: String(GRACE_SECONDS) },
  });
  const { url, newContext, step, screenshot } = trip;

  const query = <T>(sql: string, params?: unknown[]) => queryProduct<T>(trip.product, sql, params);

  const timer = () => learner.getByRole('timer', { name: 'Time left' });
  const navigator = () => learner.getByRole('navigation', { name: 'Questions' });
  const questionGroup = (number: number) => learner.getByRole('group', { name: new RegExp(`^Question ${number} of ${QUESTIONS}`) });
  const choice = (group: Locator, letter: Letter) => group.getByRole('radio', { name: new RegExp(`^${letter} `) });

  /** The right letter of the question on screen. */
  async function rightLetter(number: number): Promise<Letter> {
    const text = (await questionGroup(number).locator('.exam-question__text').textContent())?.trim() ?? '';
    const letter = answerKey.get(text);
    if (!letter) throw new Error(`question not in the bank: ${text}`);
    return letter;
  }

  /** Chooses `letter` for the question on screen and waits until the server accepted it. */
  async function answer(number: number, letter: Letter): Promise<void> {
    await choice(questionGroup(number), letter).check();
    await learner.getByText(`Answer to question ${number} accepted`).waitFor();
    await navigator().getByRole('button', { name: `Question ${number}, answered`, exact: true }).waitFor();
  }

  /** Opens the exam from the course page's "Take the exam". */
  async function openExamFromCourse(): Promise<void> {
    await learner.goto(url(`/course/${COURSE.id}`));
    await learner.getByRole('heading', { level: 1, name: COURSE.name }).waitFor();
    await learner.getByRole('link', { name: 'Take the exam' }).click();
    await learner.waitForURL(new RegExp(`/course/${COURSE.id}/exam/\\d+$`));
  }

  beforeAll(async () => {
    context = await newContext();
    violations.push(await watchCspViolations(context));
    learner = await context.newPage();
    learner.setDefaultTimeout(20_000);
    pageErrors.push(watchPageErrors(learner));
    await openShop(learner, url(''));
    const rows = await query<{ question: string; correct: Letter }>(
      `SELECT q.question, q.correct FROM exams.exam_questions q JOIN exams.exams e ON e.id = q.exam_id WHERE e.course_id = $1`,
      [COURSE.id],
    );
    answerKey = new Map(rows.map((row) => [row.question.trim(), row.correct]));
    expect(answerKey.size).toBeGreaterThanOrEqual(40);
  });

  step('the learner buys Part-66 Module 7; its course page offers the exam', async () => {
    await signIn(learner, url(''), LEARNER);
    await addCourseToCart(learner, url(''), COURSE);
    await payCartByCard(learner);
    // The learning side enrols from the purchase's event: the course page offers the exam once it has.
    await until(
      'the enrolment',
      async () => {
        await learner.goto(url(`/course/${COURSE.id}`));
        await learner.getByRole('heading', { level: 1, name: COURSE.name }).waitFor();
        return learner.getByRole('button', { name: 'Course progress' }).isVisible();
      },
      40_000,
    );
    await openExamFromCourse();
  });

  step('the intro shows the rules: 20 questions, the duration, 75 %, 3 attempts, the grace period; Begin starts attempt 1 on question 1', async () => {
    await learner.getByRole('heading', { level: 2, name: 'Exam rules' }).waitFor();
    const rules = await learner.locator('.exam-rules > div').evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`));
    expect(rules).toEqual([
      `Questions: ${QUESTIONS}`,
      'Duration: 1 min',
      'Pass rate: 75%',
      'Attempts left: 3 of 3',
      `Grace period between attempts: ${GRACE_SECONDS} s`,
    ]);
    await screenshot(learner, 'intro');
    await learner.getByRole('button', { name: 'Begin' }).click();
    await learner.getByRole('heading', { level: 2, name: 'Attempt 1 of 3' }).waitFor();
    await questionGroup(1).waitFor();
    expect(await navigator().getByRole('button', { name: 'Question 1, not answered' }).getAttribute('aria-current')).toBe('step');
    expect(seconds(await timer().textContent())).toBeLessThanOrEqual(DURATION_SECONDS);
  });

  step('answers are saved as chosen (wrong ones here), one while offline is sent when the connection is back', async () => {
    for (const number of [1, 2]) {
      const wrong: Letter = (await rightLetter(number)) === 'A' ? 'B' : 'A';
      await answer(number, wrong);
      firstAnswers.set(number, wrong);
      await learner.getByRole('button', { name: 'Next' }).click();
    }
    await context.setOffline(true);
    await learner.getByText('You are offline. Your answers stay on this page and are sent when the connection is back.').waitFor();
    const wrong: Letter = (await rightLetter(3)) === 'C' ? 'A' : 'C';
    await choice(questionGroup(3), wrong).check();
    firstAnswers.set(3, wrong);
    await navigator().getByRole('button', { name: 'Question 3, answered, not sent yet' }).waitFor();
    await screenshot(learner, 'offline');
    await context.setOffline(false);
    await learner.getByText('Answer to question 3 accepted').waitFor();
    await navigator().getByRole('button', { name: 'Question 3, answered', exact: true }).waitFor();
    const saved = await query<{ n: string }>(
      `SELECT count(*) AS n FROM exams.exam_attempt_questions aq JOIN exams.exam_attempts a ON a.id = aq.attempt_id WHERE a.status = 'in_progress' AND aq.answer IS NOT NULL`,
    );
    expect(Number(saved[0].n)).toBe(3);
  });

  step('a reload in the middle of the attempt finds every answer and the time the server holds', async () => {
    await learner.reload();
    await timer().waitFor();
    const [{ deadline }] = await query<{ deadline: Date }>(`SELECT deadline FROM exams.exam_attempts WHERE status = 'in_progress'`);
    const shown = seconds(await timer().textContent());
    const serverLeft = (deadline.getTime() - Date.now()) / 1000;
    // The countdown is the server's deadline less the server's time (the same machine's clock here), to the second.
    expect(Math.abs(shown - serverLeft)).toBeLessThanOrEqual(2);
    const answered = await navigator().getByRole('button', { name: /, answered$/ }).allTextContents();
    expect(answered).toEqual(['1', '2', '3']);
    for (const [number, letter] of firstAnswers) {
      await navigator().getByRole('button', { name: `Question ${number}, answered`, exact: true }).click();
      expect(await choice(questionGroup(number), letter).isChecked()).toBe(true);
    }
    await screenshot(learner, 'resumed');
  });

  step('at zero the exam completes by itself (the time-ended message) and the grace period counts down to the next attempt', async () => {
    await learner.getByRole('heading', { level: 2, name: 'Grace period' }).waitFor({ timeout: (DURATION_SECONDS + 15) * 1000 });
    await learner.getByText('The time for this exam has ended. Your answers were submitted.').waitFor();
    await learner.getByText('Attempt 1 scored 0%; the pass rate is 75%.').waitFor();
    await learner.getByText('2 attempts of 3 left.').waitFor();
    const wait = seconds(await learner.getByRole('timer', { name: 'Next attempt in' }).textContent());
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(GRACE_SECONDS);
    await screenshot(learner, 'grace-period');
    // Finished at the deadline the server set, not when the page or a job got to it.
    const [attempt] = await query<{ finished_at: Date; deadline: Date }>(`SELECT finished_at, deadline FROM exams.exam_attempts WHERE attempt_no = 1`);
    expect(attempt.finished_at.getTime()).toBe(attempt.deadline.getTime());
  });

  step("the failed attempt's results mark the chosen wrong answers and the correct ones", async () => {
    await learner.getByRole('link', { name: 'See the results' }).click();
    await learner.getByRole('heading', { level: 1, name: 'Exam results' }).waitFor();
    await learner.getByRole('heading', { level: 2, name: 'Your answers' }).waitFor();
    const summary = await learner.locator('.exam-results__summary > div').evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`));
    expect(summary).toEqual([`Score: 0 of ${QUESTIONS}`, 'Percentage: 0%', 'Attempt: 1', 'Outcome: Not passed']);
    expect(await learner.getByText('Your answer, incorrect').count()).toBe(3);
    expect(await learner.getByText('Correct answer', { exact: true }).count()).toBe(QUESTIONS);
    expect(await learner.getByText('Not answered.').count()).toBe(QUESTIONS - 3);
    await screenshot(learner, 'results-failed');
    await learner.goBack();
    await learner.waitForURL(new RegExp(`/course/${COURSE.id}/exam/\\d+$`));
  });

  step('when the grace period is over the page opens the next attempt, and an e-mail says so', async () => {
    await learner.getByRole('heading', { level: 2, name: 'Exam rules' }).waitFor({ timeout: (GRACE_SECONDS + 15) * 1000 });
    await learner.getByText('Your attempt 1 scored 0% (pass rate 75%).').waitFor();
    expect(await learner.locator('.exam-rules > div').filter({ hasText: 'Attempts left' }).locator('dd').textContent()).toBe('2 of 3');
    const mail = await until('the retry e-mail', async () =>
      (await caughtMails(trip.product)).find((m) => m.subject === `You can take the exam of ${COURSE.name} again - AeroMaint Academy` && m.to.some((to) => to.address === LEARNER)),
    );
    const link = /https?:\/\/\S+\/course\/1007\/exam\/\d+/.exec(mail.text)?.[0];
    expect(link).toBe(learner.url());
  });

  step('attempt 2: every question answered right; completing with one left warns first, then asks for confirmation; the exam is passed', async () => {
    await learner.getByRole('button', { name: 'Begin' }).click();
    await learner.getByRole('heading', { level: 2, name: 'Attempt 2 of 3' }).waitFor();
    for (let number = 1; number < QUESTIONS; number++) {
      await answer(number, await rightLetter(number));
      await learner.getByRole('button', { name: 'Next' }).click();
    }
    await learner.getByRole('button', { name: 'Complete the exam' }).click();
    let dialog = learner.getByRole('dialog', { name: 'Complete the exam?' });
    await dialog.getByText('1 of 20 questions is not answered yet.').waitFor();
    await screenshot(learner, 'unanswered-warning');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await answer(QUESTIONS, await rightLetter(QUESTIONS));
    await learner.getByRole('button', { name: 'Complete the exam' }).click();
    dialog = learner.getByRole('dialog', { name: 'Complete the exam?' });
    await dialog.getByText(/Do you want to complete the exam\?/).waitFor();
    expect(await dialog.getByText(/not answered yet/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Complete the exam' }).click();
    await learner.getByRole('heading', { level: 2, name: 'You passed the exam' }).waitFor();
    await learner.getByText('Your result: 100% (pass rate 75%).').waitFor();
    await screenshot(learner, 'passed');
  });

  step('the results: score, percentage, each question with the correct answer marked; Proceed leads back to the course', async () => {
    await learner.getByRole('link', { name: 'See the results' }).click();
    await learner.getByRole('heading', { level: 1, name: 'Exam results' }).waitFor();
    await learner.getByRole('heading', { level: 2, name: 'Your answers' }).waitFor();
    const summary = await learner.locator('.exam-results__summary > div').evaluateAll((rows) => rows.map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`));
    expect(summary).toEqual([`Score: ${QUESTIONS} of ${QUESTIONS}`, 'Percentage: 100%', 'Attempt: 2', 'Outcome: Passed']);
    const questions = learner.getByRole('article', { name: /^Question \d+ of 20/ });
    expect(await questions.count()).toBe(QUESTIONS);
    expect(await learner.getByText('Your answer, correct').count()).toBe(QUESTIONS);
    expect(await learner.getByText('Your answer, incorrect').count()).toBe(0);
    await screenshot(learner, 'results');
    await learner.getByRole('link', { name: 'Proceed' }).click();
    await learner.getByRole('heading', { level: 1, name: COURSE.name }).waitFor();
  });

  step('no page broke and the browser refused nothing the pages asked for (Content-Security-Policy)', () => {
    expect(pageErrors.flat().map((error) => error.message)).toEqual([]);
    expect(violations.flat()).toEqual([]);
    return Promise.resolve();
  });
});
