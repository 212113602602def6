import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LEARNING_COURSE_ID, mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { ChapterPage } from './chapter-page.js';
import { chapterContent, coursePage } from './test-fixtures.js';

const ROUTES = [
  { path: '/course/:courseId/chapter/:slug', element: <ChapterPage /> },
  { path: '/course/:courseId', element: <h1>Course page</h1> },
  { path: '/login', element: <h1>Log in</h1> },
];

const chapterPath = (slug: string) => `/api/course/${LEARNING_COURSE_ID}/chapter/${slug}`;

describe('the chapter page', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(slug: string, answers: Record<string, FetchAnswer>) {
    fetchMock = mockFetch({ '/api/me': { body: { data: userFixture() } }, [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route: `/course/${LEARNING_COURSE_ID}/chapter/${slug}` });
  }

  /** The player in the frame says something, from its own origin (or another one). */
  function playerSays(data: unknown, origin = 'https://www.youtube-nocookie.com') {
    const frame = screen.getByTitle<HTMLIFrameElement>('Safety precautions');
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data), origin, source: frame.contentWindow }));
    });
  }

  it('a video that may not be skipped completes when the player says it ended; the syllabus beside it marks the chapter', async () => {
    let completed = false;
    render('m7-safety', {
      [`GET ${chapterPath('m7-safety')}`]: () => ({ body: chapterContent({ is_completed: completed }) }),
      [`GET ${chapterPath('m7-care-of-tools')}`]: { body: chapterContent({ slug: 'm7-care-of-tools', name: 'Care of tools', kind: 'text', video_url: null, text: 'Keep them clean.' }) },
      [`POST ${chapterPath('m7-safety')}/complete`]: () => {
        completed = true;
        return { body: { data: { chapter_completed: true, overall: 34 } } };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Safety precautions' })).toBeTruthy();
    const frame = screen.getByTitle('Safety precautions');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(screen.getByText('This chapter is completed when the video has played to its end.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();
    const aside = await screen.findByRole('complementary', { name: 'Syllabus' });
    expect(within(aside).getByRole('link', { name: 'Safety precautions' }).getAttribute('aria-current')).toBe('page');

    playerSays({ event: 'onStateChange', info: 0 }, 'https://evil.example');
    playerSays({ event: 'onStateChange', info: 1 });
    expect(fetchMock.callsTo('POST', `${chapterPath('m7-safety')}/complete`)).toHaveLength(0);
    playerSays({ event: 'onStateChange', info: 0 });
    expect(await screen.findByText('Video ended')).toBeTruthy();
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(fetchMock.callsTo('POST', `${chapterPath('m7-safety')}/complete`).map((call) => call.body)).toEqual([{ reason: 'video_ended' }]);
    playerSays({ event: 'infoDelivery', info: { playerState: 0 } });
    expect(fetchMock.callsTo('POST', `${chapterPath('m7-safety')}/complete`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Next chapter' }).getAttribute('href')).toBe(`/course/${LEARNING_COURSE_ID}/chapter/m7-care-of-tools`);

    // The next chapter starts afresh: its own completion, no 'Video ended' of the one before.
    fireEvent.click(screen.getByRole('link', { name: 'Next chapter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Care of tools' })).toBeTruthy();
    expect(screen.queryByText('Video ended')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeTruthy();
  });

  it("a skippable video and a text chapter complete with 'Mark as done'", async () => {
    render('m7-safety', {
      [`GET ${chapterPath('m7-safety')}`]: { body: chapterContent({ is_skippable: true }) },
      [`POST ${chapterPath('m7-safety')}/complete`]: { body: { data: { chapter_completed: true, overall: 34 } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(fetchMock.callsTo('POST', `${chapterPath('m7-safety')}/complete`).map((call) => call.body)).toEqual([{ reason: 'marked_done' }]));
  });

  it('a text chapter shows its text; a refused completion says why', async () => {
    render('m7-care-of-tools', {
      [`GET ${chapterPath('m7-care-of-tools')}`]: {
        body: chapterContent({
        slug: 'm7-care-of-tools',
        name: 'Care of tools',
        kind: 'text',
        video_url: null,
        text: '# Care of tools\n\nKeep tools **clean**.\n\n- Calibrate\n- Store dry',
        next_chapter_url: null,
        }),
      },
      [`POST ${chapterPath('m7-care-of-tools')}/complete`]: { status: 403, body: { code: 'course.content_ended', message: 'The content of this course has ended.' } },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Care of tools' })).toBeTruthy();
    expect(screen.getByText('clean').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain('Store dry');
    expect(screen.getByText('You have reached the end of the course.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The content of this course has ended.');
  });

  it("after the course's last day it says 'The content of this course has ended.'", async () => {
    render('m7-safety', { [`GET ${chapterPath('m7-safety')}`]: { status: 403, body: { code: 'course.content_ended', message: 'The content of this course has ended.' } } });
    expect(await screen.findByText('The content of this course has ended.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Part-66 Module 7: Maintenance Practices' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Back to the course|Part-66 Module 7/ })[0].getAttribute('href')).toBe(`/course/${LEARNING_COURSE_ID}`);
  });

  it('a locked chapter shows the server message', async () => {
    render('m7-quiz', {
      [`GET ${chapterPath('m7-quiz')}`]: { status: 403, body: { code: 'course.chapter_locked', message: 'This chapter is locked: complete the chapters before it first.' } },
    });
    expect(await screen.findByText('This chapter is locked: complete the chapters before it first.')).toBeTruthy();
  });
});

describe('the quiz screen', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  const QUESTIONS = [
    { id: 'b0000000-0000-4000-8000-000000000001', question: 'Which torque wrench check comes first?', A: 'Calibration date', B: 'Colour', C: 'Weight' },
    { id: 'b0000000-0000-4000-8000-000000000002', question: 'Safety wire is twisted…', A: 'Anticlockwise', B: 'To tighten the fastener', C: 'Once' },
  ];
  const RIGHT: Record<string, string> = { [QUESTIONS[0].id]: 'A', [QUESTIONS[1].id]: 'B' };

  it('marks each answer right or wrong with its explanation as soon as it is chosen; answering every question, even wrongly, completes the chapter; retake at will', async () => {
    // The server's rule: the quiz is ungraded, every question answered once (right or wrong) completes it.
    const answered = new Set<string>();
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture() } },
      [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() },
      [`GET ${chapterPath('m7-quiz')}`]: () => ({ body: chapterContent({ slug: 'm7-quiz', name: 'Module 7 quiz', kind: 'quiz', video_url: null, quiz: { questions: QUESTIONS }, is_completed: answered.size === 2 }) }),
      [`POST ${chapterPath('m7-quiz')}/quiz/answer`]: (call) => {
        const { question_id, choice } = call.body as { question_id: string; choice: string };
        const correct = RIGHT[question_id] === choice;
        answered.add(question_id);
        return {
          body: {
            data: { correct, correct_choice: RIGHT[question_id], explanation: correct ? 'Always check the calibration label.' : 'It must pull the fastener tight.', answered: answered.size, total: 2, chapter_completed: answered.size === 2 },
          },
        };
      },
    });
    renderWithProviders(null, { routes: ROUTES, route: `/course/${LEARNING_COURSE_ID}/chapter/m7-quiz` });
    const first = await screen.findByRole('group', { name: /Which torque wrench check comes first\?/ });
    const second = screen.getByRole('group', { name: /Safety wire is twisted/ });
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();

    fireEvent.click(within(second).getByRole('radio', { name: /Anticlockwise/ }));
    expect(await within(second).findByText('Wrong.')).toBeTruthy();
    expect(within(second).getByText(/The right answer is B\./)).toBeTruthy();
    expect(within(second).getByText('It must pull the fastener tight.')).toBeTruthy();
    expect(within(second).getByRole('radio', { name: /To tighten/ }).closest('label')!.className).toContain('quiz__choice--right');
    expect(within(second).getByRole('radio', { name: /Anticlockwise/ }).closest('label')!.className).toContain('quiz__choice--wrong');
    expect(screen.getByText('1 of 2 questions answered')).toBeTruthy();
    expect(screen.queryByText('Quiz completed: this chapter is done.')).toBeNull();

    // The last question answered wrong: marked wrong with its explanation, and the chapter is completed.
    fireEvent.click(within(first).getByRole('radio', { name: /Colour/ }));
    expect(await within(first).findByText('Wrong.')).toBeTruthy();
    expect(within(first).getByText(/The right answer is A\./)).toBeTruthy();
    expect(screen.getByText('2 of 2 questions answered')).toBeTruthy();
    expect(await screen.findByText('Quiz completed: this chapter is done.')).toBeTruthy();
    expect(await screen.findByText('Completed')).toBeTruthy();

    // Another choice may be tried at once; right this time.
    fireEvent.click(within(first).getByRole('radio', { name: /Calibration date/ }));
    expect(await within(first).findByText('Right!')).toBeTruthy();
    expect(fetchMock.callsTo('POST', `${chapterPath('m7-quiz')}/quiz/answer`).map((call) => call.body)).toEqual([
      { question_id: QUESTIONS[1].id, choice: 'A' },
      { question_id: QUESTIONS[0].id, choice: 'B' },
      { question_id: QUESTIONS[0].id, choice: 'A' },
    ]);

    // A retake starts afresh and never undoes the completion.
    fireEvent.click(screen.getByRole('button', { name: 'Retake the quiz' }));
    const again = screen.getByRole('group', { name: /Which torque wrench check comes first\?/ });
    expect(within(again).getAllByRole<HTMLInputElement>('radio').some((radio) => radio.checked)).toBe(false);
    expect(within(again).queryByText('Right!')).toBeNull();
    fireEvent.click(within(again).getByRole('radio', { name: /Colour/ }));
    expect(await within(again).findByText('Wrong.')).toBeTruthy();
    expect(screen.getByText('Quiz completed: this chapter is done.')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
  });

  it('an answer that could not be sent says so', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture() } },
      [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() },
      [`GET ${chapterPath('m7-quiz')}`]: { body: chapterContent({ slug: 'm7-quiz', name: 'Module 7 quiz', kind: 'quiz', video_url: null, quiz: { questions: QUESTIONS } }) },
      [`POST ${chapterPath('m7-quiz')}/quiz/answer`]: { status: 500, body: { message: 'Server Error' } },
    });
    renderWithProviders(null, { routes: ROUTES, route: `/course/${LEARNING_COURSE_ID}/chapter/m7-quiz` });
    const first = await screen.findByRole('group', { name: /Which torque wrench/ });
    fireEvent.click(within(first).getByRole('radio', { name: /Weight/ }));
    expect(await within(first).findByText('Could not send your answer. Please try again.')).toBeTruthy();
  });
});
