import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { ExamResultsPage } from './exam-results-page.js';
import { COURSE_ID, EXAM_PAGE, EXAM_PATH, examQuestion, results } from './test-fixtures.js';

const ROUTES = [
  { path: '/course/:courseId/exam/:examId/results', element: <ExamResultsPage /> },
  { path: '/course/:courseId', element: <h1>Course page</h1> },
  { path: '/login', element: <h1>Log in</h1> },
];

describe('the exam results page', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(answers: Record<string, FetchAnswer>) {
    fetchMock = mockFetch({ '/api/me': { body: { data: null } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route: `${EXAM_PAGE}/results` });
  }

  const question = (number: number) => screen.getByRole('article', { name: new RegExp(`^Question ${number} of 4`) });
  const choice = (number: number, letter: string) =>
    within(question(number))
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes(`Answer ${number}${letter}`))!;

  it('shows the score, the percentage and each question with the correct answer and a chosen incorrect one marked; Proceed leads on', async () => {
    render({
      [`GET ${EXAM_PATH}/results`]: {
        body: {
          data: results({
            exam_attempt_data: { correct_answers: 2, incorrect_answers: 2, result_percents: 50, attempt_no: 2, passed: false, finished_at: '2031-05-04T10:00:00.000Z' },
            questions: [
              examQuestion(1, { student_answer: 'A', answered: true, correct: true, correct_answer: 'A' }),
              examQuestion(2, { student_answer: 'B', answered: true, correct: false, correct_answer: 'C' }),
              examQuestion(3, { student_answer: 'C', answered: true, correct: true, correct_answer: 'C' }),
              examQuestion(4, { student_answer: null, answered: false, correct: false, correct_answer: 'B' }),
            ],
          }),
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam results' })).toBeTruthy();
    // The heading shows while the results load too: the summary says they are there.
    expect(await screen.findByText('Score')).toBeTruthy();
    const summary = Object.fromEntries(
      [...document.querySelectorAll('.exam-results__summary > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
    );
    expect(summary).toEqual({ Score: '2 of 4', Percentage: '50%', Attempt: '2', Outcome: 'Not passed' });

    // Right: the chosen answer is the correct one.
    expect(within(choice(1, 'A')).getByText('Your answer, correct')).toBeTruthy();
    expect(within(question(1)).queryByText('Your answer, incorrect')).toBeNull();
    // Wrong: the chosen answer is marked incorrect, the correct one is marked too.
    expect(within(choice(2, 'B')).getByText('Your answer, incorrect')).toBeTruthy();
    expect(choice(2, 'B').className).toContain('exam-review__choice--incorrect');
    expect(within(choice(2, 'C')).getByText('Correct answer')).toBeTruthy();
    expect(choice(2, 'C').className).toContain('exam-review__choice--correct');
    expect(within(choice(2, 'A')).queryByText(/answer/i, { selector: '.badge' })).toBeNull();
    // Unanswered: the correct answer, and a note.
    expect(within(choice(4, 'B')).getByText('Correct answer')).toBeTruthy();
    expect(within(question(4)).getByText('Not answered.')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Proceed' }).getAttribute('href')).toBe(`/course/${COURSE_ID}`);
  });

  it('results that are not shown after the exam: the server message', async () => {
    render({ [`GET ${EXAM_PATH}/results`]: { status: 403, body: { code: 'exam.results_not_visible', message: 'The results of this exam are not shown after the exam.' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('The results of this exam are not shown after the exam.');
    expect(screen.getByRole('link', { name: 'Back to the course' }).getAttribute('href')).toBe(`/course/${COURSE_ID}`);
  });
});
