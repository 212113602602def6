import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Exam } from '@aero/contracts';
import { mockFetch, PRODUCTS_FIXTURE, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { ExamPage } from './exam-page.js';
import { ACCEPTED_FLASH_MS } from './questionnaire.js';
import { COURSE_ID, exam, EXAM_PAGE, EXAM_PATH, examQuestion, inProgress, questions } from './test-fixtures.js';

const ROUTES = [
  { path: '/course/:courseId/exam/:examId', element: <ExamPage /> },
  { path: '/course/:courseId/exam/:examId/results', element: <h1>Results page</h1> },
  { path: '/course/:courseId', element: <h1>Course page</h1> },
  { path: '/e-shop/:slug', element: <h1>Product page</h1> },
  { path: '/login', element: <h1>Log in</h1> },
];

/** Moves the fake clock and lets the requests it started settle. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const timer = () => screen.getByRole('timer', { name: 'Time left' });
const questionGroup = (number: number) => screen.getByRole('group', { name: new RegExp(`^Question ${number} of`) });
const navigator = () => screen.getByRole('navigation', { name: 'Questions' });

describe('the exam page', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    fetchMock.restore();
    jest.useRealTimers();
    setOnline(true);
    localStorage.clear();
  });

  function render(answers: Record<string, FetchAnswer>) {
    fetchMock = mockFetch({ '/api/me': { body: { data: null } }, '/api/products': { body: { data: PRODUCTS_FIXTURE } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route: EXAM_PAGE });
  }

  it('the intro shows the rules (questions, duration, pass rate, attempts left, grace period); Begin starts the attempt with the first question selected', async () => {
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: exam() } },
      [`POST ${EXAM_PATH}/begin`]: { body: { data: inProgress(1800) } },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Exam rules' })).toBeTruthy();
    const rules = Object.fromEntries(
      [...document.querySelectorAll('.exam-rules > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
    );
    expect(rules).toEqual({
      Questions: '20',
      Duration: '30 min',
      'Pass rate': '75%',
      'Attempts left': '3 of 3',
      'Grace period between attempts': '24 h',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Begin' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Attempt 1 of 3' })).toBeTruthy();
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/begin`)).toHaveLength(1);
    expect(questionGroup(1).textContent).toContain('Question text 1?');
    expect(within(navigator()).getByRole('button', { name: 'Question 1, not answered' }).getAttribute('aria-current')).toBe('step');
    expect(timer().textContent).toBe('30:00');
    // The three answers are one radio group, operable from the keyboard.
    expect(within(questionGroup(1)).getAllByRole('radio').map((radio) => radio.getAttribute('name'))).toEqual(Array(3).fill(`exam-question-${examQuestion(1).id}`));
  });

  it('a refused Begin shows the server message', async () => {
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: exam() } },
      [`POST ${EXAM_PATH}/begin`]: { status: 422, body: { code: 'exam.no_more_attempts_left', message: 'No more attempts left.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Begin' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No more attempts left.');
  });

  it('is gated by is_allowed: the server says why', async () => {
    render({ [`GET ${EXAM_PATH}`]: { body: { data: exam({ state: 'not_allowed', is_allowed: false, is_queued: false, message: 'Not allowed to begin the exam.' }) } } });
    expect(await screen.findByText('Not allowed to begin the exam.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Begin' })).toBeNull();
  });

  it("counts down each second from the server's end_time and current_time (not the browser's clock), labelled, telling screen readers each minute", async () => {
    jest.useFakeTimers();
    // The server's clock is years away from the browser's: 10 minutes and 1 second are left by the server.
    render({ [`GET ${EXAM_PATH}`]: { body: { data: inProgress(601) } } });
    await screen.findByRole('timer', { name: 'Time left' });
    expect(timer().textContent).toBe('10:01');
    const live = document.querySelector('.exam-countdown [aria-live="polite"]');
    expect(live?.textContent).toBe('11 minutes left');
    await advance(1000);
    expect(timer().textContent).toBe('10:00');
    expect(live?.textContent).toBe('10 minutes left');
    await advance(1000);
    expect(timer().textContent).toBe('09:59');
    expect(live?.textContent).toBe('10 minutes left');
    await advance(59_000);
    expect(timer().textContent).toBe('09:00');
    expect(live?.textContent).toBe('9 minutes left');
  });

  it('sends each answer as it is chosen, flashes that it was accepted and marks the question answered', async () => {
    jest.useFakeTimers();
    const attempt = inProgress(1800);
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: attempt } },
      [`POST ${EXAM_PATH}/answer`]: { body: { data: attempt } },
    });
    await screen.findByRole('timer', { name: 'Time left' });
    fireEvent.click(within(questionGroup(1)).getByRole('radio', { name: /Answer 1B/ }));
    expect(await screen.findByText('Answer to question 1 accepted')).toBeTruthy();
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/answer`).map((call) => call.body)).toEqual([{ question_id: examQuestion(1).id, choice: 'B' }]);
    expect(within(navigator()).getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
    expect(screen.getByText('1 of 20 answered')).toBeTruthy();
    await advance(ACCEPTED_FLASH_MS);
    expect(screen.queryByText('Answer to question 1 accepted')).toBeNull();

    // The navigator opens any question; Next and Previous move one at a time.
    fireEvent.click(within(navigator()).getByRole('button', { name: 'Question 5, not answered' }));
    expect(questionGroup(5).textContent).toContain('Question text 5?');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(questionGroup(6)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(within(questionGroup(5)).getByRole('radio', { name: /Answer 5C/ }));
    await screen.findByText('Answer to question 5 accepted');
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/answer`).map((call) => call.body)).toEqual([
      { question_id: examQuestion(1).id, choice: 'B' },
      { question_id: examQuestion(5).id, choice: 'C' },
    ]);
  });

  it("a refused answer shows the server's message", async () => {
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: inProgress(1800) } },
      [`POST ${EXAM_PATH}/answer`]: { status: 422, body: { code: 'exam.cannot_accept_answer', message: 'Cannot accept the answer.' } },
    });
    fireEvent.click(within(await screen.findByRole('group', { name: /^Question 1 of/ })).getByRole('radio', { name: /Answer 1A/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot accept the answer.');
  });

  it("a reload resumes the attempt: every answer from the server's student_answer, the server's time left", async () => {
    const saved = questions(20).map((q) => (q.index <= 3 ? { ...q, student_answer: (['A', 'B', 'C'] as const)[q.index - 1], answered: true } : q));
    render({ [`GET ${EXAM_PATH}`]: { body: { data: inProgress(754, { questions: saved }) } } });
    await screen.findByRole('timer', { name: 'Time left' });
    expect(timer().textContent).toBe('12:34');
    expect(within(questionGroup(1)).getByRole<HTMLInputElement>('radio', { name: /Answer 1A/ }).checked).toBe(true);
    expect(within(navigator()).getAllByRole('button', { name: /, answered$/ }).map((button) => button.textContent)).toEqual(['1', '2', '3']);
    fireEvent.click(within(navigator()).getByRole('button', { name: 'Question 3, answered' }));
    expect(within(questionGroup(3)).getByRole<HTMLInputElement>('radio', { name: /Answer 3C/ }).checked).toBe(true);
    expect(screen.getByText('3 of 20 answered')).toBeTruthy();
  });

  it('offline: the page says so, keeps the answer, and sends it when the connection is back', async () => {
    const attempt = inProgress(1800);
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: attempt } },
      [`POST ${EXAM_PATH}/answer`]: { body: { data: attempt } },
    });
    await screen.findByRole('timer', { name: 'Time left' });
    setOnline(false);
    expect(screen.getByText('You are offline. Your answers stay on this page and are sent when the connection is back.')).toBeTruthy();
    fireEvent.click(within(questionGroup(1)).getByRole('radio', { name: /Answer 1C/ }));
    expect(within(navigator()).getByRole('button', { name: 'Question 1, answered, not sent yet' })).toBeTruthy();
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/answer`)).toHaveLength(0);
    // Kept for a reload, too.
    expect(JSON.parse(localStorage.getItem(`exam-pending:${COURSE_ID}:3:1`) ?? '{}')).toEqual({ [examQuestion(1).id]: 'C' });

    setOnline(true);
    expect(await screen.findByText('Answer to question 1 accepted')).toBeTruthy();
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/answer`).map((call) => call.body)).toEqual([{ question_id: examQuestion(1).id, choice: 'C' }]);
    expect(within(navigator()).getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
    expect(screen.queryByText(/You are offline/)).toBeNull();
    await waitFor(() => expect(localStorage.getItem(`exam-pending:${COURSE_ID}:3:1`)).toBeNull());
  });

  it('an answer lost on the way (connection failure) is sent again', async () => {
    jest.useFakeTimers();
    const attempt = inProgress(1800);
    let failures = 1;
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: attempt } },
      [`POST ${EXAM_PATH}/answer`]: () => {
        if (failures-- > 0) return Promise.reject(new TypeError('Failed to fetch'));
        return { body: { data: attempt } };
      },
    });
    await screen.findByRole('timer', { name: 'Time left' });
    fireEvent.click(within(questionGroup(1)).getByRole('radio', { name: /Answer 1A/ }));
    await waitFor(() => expect(within(navigator()).getByRole('button', { name: 'Question 1, answered, not sent yet' })).toBeTruthy());
    await advance(3000);
    expect(await screen.findByText('Answer to question 1 accepted')).toBeTruthy();
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/answer`)).toHaveLength(2);
  });

  it('completing with unanswered questions warns, asks for confirmation, and sends every answer', async () => {
    const saved = questions(20).map((q) => (q.index === 1 ? { ...q, student_answer: 'B' as const, answered: true } : q));
    const passed = exam({
      state: 'succeeded',
      is_queued: false,
      succeeded: true,
      current_attempt_no: 1,
      attempts_left: 2,
      result_percents: 80,
      exam_results_url: `${EXAM_PAGE}/results`,
    });
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: inProgress(1800, { questions: saved }) } },
      [`POST ${EXAM_PATH}/complete`]: { body: { data: passed } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete the exam' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete the exam?' });
    expect(within(dialog).getByText('19 of 20 questions are not answered yet.')).toBeTruthy();
    expect(within(dialog).getByText(/Do you want to complete the exam\?/)).toBeTruthy();
    // Cancel keeps the attempt going.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/complete`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Complete the exam' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Complete the exam?' })).getByRole('button', { name: 'Complete the exam' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'You passed the exam' })).toBeTruthy();
    const [call] = fetchMock.callsTo('POST', `${EXAM_PATH}/complete`);
    const { choices } = call.body as { choices: { id: string; choice: string | null }[] };
    expect(choices).toHaveLength(20);
    expect(choices[0]).toEqual({ id: examQuestion(1).id, choice: 'B' });
    expect(choices[1]).toEqual({ id: examQuestion(2).id, choice: null });
    expect(screen.getByText('Your result: 80% (pass rate 75%).')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(`${EXAM_PAGE}/results`);
    expect(screen.getByRole('link', { name: 'Proceed' }).getAttribute('href')).toBe(`/course/${COURSE_ID}`);
  });

  it('every question answered: no warning in the confirmation; a refused completion shows the server message', async () => {
    const all = questions(20).map((q) => ({ ...q, student_answer: 'A' as const, answered: true }));
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: inProgress(1800, { questions: all }) } },
      [`POST ${EXAM_PATH}/complete`]: { status: 422, body: { code: 'exam.cannot_accept_answer', message: 'Cannot accept the answer.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete the exam' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete the exam?' });
    expect(within(dialog).queryByText(/not answered yet/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete the exam' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Cannot accept the answer.');
  });

  it('at zero the time-ended message shows and the exam completes by itself with the answers given', async () => {
    jest.useFakeTimers();
    const saved = questions(20).map((q) => (q.index === 2 ? { ...q, student_answer: 'C' as const, answered: true } : q));
    const failed = exam({
      state: 'grace_period',
      is_queued: false,
      is_in_grace_period: true,
      current_attempt_no: 1,
      attempts_left: 2,
      result_percents: 5,
      previousAttempt: { time_till_next_attempt: 86_400, result: 5 },
    });
    render({
      [`GET ${EXAM_PATH}`]: { body: { data: inProgress(3, { questions: saved }) } },
      [`POST ${EXAM_PATH}/complete`]: { body: { data: failed } },
    });
    await screen.findByRole('timer', { name: 'Time left' });
    expect(timer().textContent).toBe('00:03');
    await advance(2000);
    expect(timer().textContent).toBe('00:01');
    expect(fetchMock.callsTo('POST', `${EXAM_PATH}/complete`)).toHaveLength(0);
    await advance(1000);
    expect(screen.getByText('Time is up. Your exam is being completed.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Grace period' })).toBeTruthy();
    const [call] = fetchMock.callsTo('POST', `${EXAM_PATH}/complete`);
    expect((call.body as { choices: unknown[] }).choices[1]).toEqual({ id: examQuestion(2).id, choice: 'C' });
    expect(screen.getByText('The time for this exam has ended. Your answers were submitted.')).toBeTruthy();
  });

  it('at zero, when the server completed the attempt at its deadline already, the page reads where the exam stands', async () => {
    jest.useFakeTimers();
    let reads = 0;
    const passed = exam({ state: 'succeeded', is_queued: false, succeeded: true, current_attempt_no: 1, result_percents: 90 });
    render({
      [`GET ${EXAM_PATH}`]: () => ({ body: { data: reads++ === 0 ? inProgress(1) : passed } }),
      [`POST ${EXAM_PATH}/complete`]: { status: 422, body: { code: 'exam.cannot_accept_answer', message: 'Cannot accept the answer.' } },
    });
    await screen.findByRole('timer', { name: 'Time left' });
    await advance(1000);
    expect(await screen.findByRole('heading', { level: 2, name: 'You passed the exam' })).toBeTruthy();
    expect(screen.queryByText('Cannot accept the answer.')).toBeNull();
  });

  it('the grace period screen counts down to the next attempt and opens it when the wait is over', async () => {
    jest.useFakeTimers();
    // The server's wait, as it answers at each read (the page reads again every minute, and once the wait is over).
    const start = Date.now();
    const standing = (): Exam => {
      const wait = Math.max(0, 3661 - Math.floor((Date.now() - start) / 1000));
      return wait > 0
        ? exam({
            state: 'grace_period',
            is_queued: false,
            is_in_grace_period: true,
            current_attempt_no: 1,
            attempts_left: 2,
            result_percents: 40,
            previousAttempt: { time_till_next_attempt: wait, result: 40 },
            exam_results_url: `${EXAM_PAGE}/results`,
          })
        : exam({ current_attempt_no: 1, attempts_left: 2, result_percents: 40, previousAttempt: { time_till_next_attempt: 0, result: 40 } });
    };
    render({ [`GET ${EXAM_PATH}`]: () => ({ body: { data: standing() } }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Grace period' })).toBeTruthy();
    expect(screen.getByText('Not passed')).toBeTruthy();
    expect(screen.getByText('Attempt 1 scored 40%; the pass rate is 75%.')).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Next attempt in' }).textContent).toBe('1:01:01');
    expect(screen.getByText('2 attempts of 3 left.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(`${EXAM_PAGE}/results`);
    await advance(2000);
    expect(screen.getByRole('timer', { name: 'Next attempt in' }).textContent).toBe('1:00:59');
    for (let minute = 1; minute <= 60; minute++) await advance(60_000);
    expect(screen.getByRole('timer', { name: 'Next attempt in' }).textContent).toBe('00:59');
    await advance(59_000);
    expect(await screen.findByRole('heading', { level: 2, name: 'Exam rules' })).toBeTruthy();
    expect(screen.getByText('Your attempt 1 scored 40% (pass rate 75%).')).toBeTruthy();
  });

  it('failed with no attempt left: the course must be bought again, with a link to its product', async () => {
    render({
      '/api/products': { body: { data: PRODUCTS_FIXTURE.map((p) => (p.program_id === 1001 ? { ...p, program_id: COURSE_ID } : p)) } },
      [`GET ${EXAM_PATH}`]: {
        body: {
          data: exam({
            state: 'failed',
            is_queued: false,
            failed: true,
            current_attempt_no: 3,
            attempts_left: 0,
            result_percents: 60,
            message: 'You have used every attempt of this exam. To sit it again, buy the course again.',
          }),
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'You did not pass the exam' })).toBeTruthy();
    expect(screen.getByText('You have used every attempt of this exam. To sit it again, buy the course again.')).toBeTruthy();
    expect(screen.getByText('Your result: 60% (pass rate 75%).')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Buy the course again' }).getAttribute('href')).toBe('/e-shop/part-66-module-1-mathematics'));
    expect(screen.queryByRole('button', { name: 'Begin' })).toBeNull();
  });

  it('an exam that cannot be read shows the server message; a visitor is asked to sign in', async () => {
    render({ [`GET ${EXAM_PATH}`]: { status: 404, body: { code: 'exam.not_found', message: 'Exam not found.' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Exam not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Exam' })).toBeTruthy();
    fetchMock.restore();
    render({ [`GET ${EXAM_PATH}`]: { status: 401, body: { message: 'Unauthenticated.' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });
});
