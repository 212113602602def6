import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { enrolmentFixture, LEARNING_COURSE_ID, LEARNING_ENROLMENT_ID, mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { CoursePage } from './course-page.js';
import { coursePage, question } from './test-fixtures.js';

const ROUTES = [
  { path: '/course/:courseId', element: <CoursePage /> },
  { path: '/login', element: <h1>Log in</h1> },
];

describe('the course page', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(answers: Record<string, FetchAnswer>, route = `/course/${LEARNING_COURSE_ID}`) {
    fetchMock = mockFetch({ '/api/me': { body: { data: userFixture() } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route });
  }

  it('shows the course, the syllabus tree as a watching view and the way to the active chapter', async () => {
    render({ [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Part-66 Module 7: Maintenance Practices' })).toBeTruthy();
    expect(screen.getByText('Safety, workshop practices, tools')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Syllabus' }).getAttribute('aria-selected')).toBe('true');
    const tree = screen.getByRole('list', { name: 'Syllabus' });
    expect(within(tree).getByRole('link', { name: 'Safety precautions' }).getAttribute('href')).toBe(`/course/${LEARNING_COURSE_ID}/chapter/m7-safety`);
    expect(within(tree).getByRole('img', { name: 'You are here' })).toBeTruthy();
    const section = within(tree).getByRole('button', { name: 'Chapters of Workshop practices' });
    expect(section.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(section);
    expect(section.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Start the course' }).getAttribute('href')).toBe(`/course/${LEARNING_COURSE_ID}/chapter/m7-safety`);
    expect(screen.getByText('0% completed')).toBeTruthy();
  });

  it('a learner on the way continues at the active chapter, whose section starts open', async () => {
    const page = coursePage();
    page.data.enrolment = enrolmentFixture({ status: 'in-progress', overall: 34 });
    page.data.syllabus[0].is_active = false;
    page.data.syllabus[0].is_completed = true;
    page.data.syllabus[1].children[0].is_active = true;
    render({ [`/api/course/${LEARNING_COURSE_ID}`]: { body: page } });
    expect(await screen.findByRole('link', { name: 'Continue: Care of tools' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chapters of Workshop practices' }).getAttribute('aria-expanded')).toBe('true');
  });

  it("a course with an exam links to it ('Take the exam') for its learners; without one, no link", async () => {
    const withExam = render({ [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage({ exam_id: 3 }) } });
    expect((await screen.findByRole('link', { name: 'Take the exam' })).getAttribute('href')).toBe(`/course/${LEARNING_COURSE_ID}/exam/3`);
    withExam.unmount();
    fetchMock.restore();
    render({ [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage({ exam_id: null }) } });
    await screen.findByRole('heading', { level: 1, name: 'Part-66 Module 7: Maintenance Practices' });
    expect(screen.queryByRole('link', { name: 'Take the exam' })).toBeNull();
  });

  it('not enrolled: the non-watching view, everything locked, no progress, and where to buy it', async () => {
    const page = coursePage({ enrolment: null });
    page.data.syllabus = page.data.syllabus.map((chapter) => ({ ...chapter, is_active: false }));
    render({ [`/api/course/${LEARNING_COURSE_ID}`]: { body: page } });
    await screen.findByRole('heading', { level: 1, name: 'Part-66 Module 7: Maintenance Practices' });
    expect(screen.getByText(/You do not have this course yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find it in the e-shop' }).getAttribute('href')).toBe('/e-shop');
    expect(screen.queryByRole('button', { name: 'Course progress' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start the course' })).toBeNull();
    expect(screen.getAllByRole('img', { name: 'Locked' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('tab', { name: 'Questions and answers' }));
    expect(screen.getByText('Questions to the instructor are open to the learners of this course.')).toBeTruthy();
  });

  it('plays the demo video in a modal, in a sandboxed iframe', async () => {
    render({ [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() } });
    fireEvent.click(await screen.findByRole('button', { name: 'Watch the demo video' }));
    const dialog = screen.getByRole('dialog', { name: 'Demo video: Part-66 Module 7: Maintenance Practices' });
    const frame = within(dialog).getByTitle('Demo video: Part-66 Module 7: Maintenance Practices');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/demo7\?enablejsapi=1/);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the progress modal reads the progress each time it opens; a failure says 'Could not get course progress. Please try again.'", async () => {
    let fail = true;
    render({
      [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() },
      [`/api/course-progress/${LEARNING_ENROLMENT_ID}`]: () =>
        fail ? { status: 500, body: { message: 'Server Error' } } : { body: { data: [{ name: 'Safety precautions', completed_at: null, progress: 0 }], meta: { overall: 0 } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Course progress' }));
    const dialog = screen.getByRole('dialog', { name: /^Course progress/ });
    expect(await within(dialog).findByText('Could not get course progress. Please try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Overall: 0%')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Course progress' }));
    expect(screen.getByRole('dialog', { name: /^Course progress/ })).toBeTruthy();
    await waitFor(() => expect(fetchMock.callsTo('GET', `/api/course-progress/${LEARNING_ENROLMENT_ID}`)).toHaveLength(3));
  });

  it('the tabs move with the arrow keys and the Q&A tab keeps its address', async () => {
    const { router } = render({
      [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() },
      [`/api/course/${LEARNING_COURSE_ID}/questions`]: { body: { data: [], meta: { pagination: { total: 0 } } } },
    });
    const syllabusTab = await screen.findByRole('tab', { name: 'Syllabus' });
    syllabusTab.focus();
    fireEvent.keyDown(syllabusTab, { key: 'ArrowRight' });
    const questionsTab = screen.getByRole('tab', { name: 'Questions and answers' });
    expect(questionsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(questionsTab);
    expect(router.state.location.search).toBe('?tab=questions');
    expect(await screen.findByText('You have not asked any questions about this course yet.')).toBeTruthy();
    fireEvent.keyDown(questionsTab, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Syllabus' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('');
  });

  it('says what is wrong when the course cannot be read, and sends a visitor to log in', async () => {
    const missing = render({ [`/api/course/${LEARNING_COURSE_ID}`]: { status: 404, body: { code: 'course.not_found', message: 'Course not found.' } } });
    expect(await screen.findByText('Course not found.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Course' })).toBeTruthy();
    missing.unmount();
    fetchMock.restore();
    const wrongAddress = render({}, '/course/not-a-number');
    expect(await screen.findByText('Course not found.')).toBeTruthy();
    expect(fetchMock.calls.filter((call) => call.url.startsWith('/api/course'))).toEqual([]);
    wrongAddress.unmount();
    fetchMock.restore();
    render({ [`/api/course/${LEARNING_COURSE_ID}`]: { status: 401, body: { message: 'Unauthenticated.' } } });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('the questions and answers tab', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  const questionsPath = `/api/course/${LEARNING_COURSE_ID}/questions`;
  function render(answers: Record<string, FetchAnswer>) {
    fetchMock = mockFetch({ '/api/me': { body: { data: userFixture() } }, [`/api/course/${LEARNING_COURSE_ID}`]: { body: coursePage() }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route: `/course/${LEARNING_COURSE_ID}?tab=questions` });
  }
  const all = Array.from({ length: 12 }, (_, i) => question(12 - i, i === 0 ? { answer: 'Use 8 Nm.', answered_at: '2026-11-22T09:00:00.000Z' } : {}));
  const byLimit: FetchAnswer = (call) => {
    const limit = Number(new URLSearchParams(call.url.split('?')[1]).get('limit'));
    return { body: { data: all.slice(0, limit), meta: { pagination: { total: all.length } } } };
  };

  it("shows the previous questions 5 at a time ('Load more' adds 5) with the instructor's answers", async () => {
    render({ [`GET ${questionsPath}`]: byLimit });
    const list = await screen.findByRole('region', { name: 'Your questions' });
    await within(list).findByRole('heading', { name: 'Topic 12' });
    expect(within(list).getAllByRole('article')).toHaveLength(5);
    expect(within(list).getByText('Use 8 Nm.')).toBeTruthy();
    expect(within(list).getAllByText("Waiting for the instructor's answer.")).toHaveLength(4);
    expect(within(list).getByText('5 of 12 questions')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(10));
    fireEvent.click(within(list).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(12));
    expect(within(list).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock.callsTo('GET', questionsPath).map((call) => call.url.split('?')[1])).toEqual(['limit=5', 'limit=10', 'limit=15']);
  });

  it("sends topic and question with the enrolment, says 'Success! Your question was sent to instructor.' and lists it", async () => {
    let sent = false;
    render({
      [`GET ${questionsPath}`]: () => ({ body: { data: sent ? [question(1, { topic: 'Safety wire' })] : [], meta: { pagination: { total: sent ? 1 : 0 } } } }),
      [`POST ${questionsPath}`]: () => {
        sent = true;
        return { status: 201, body: { success: true, data: question(1, { topic: 'Safety wire' }) } };
      },
    });
    expect(await screen.findByText('The instructor answers within 3 business days.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Topic/), { target: { value: 'Safety wire' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Question/ }), { target: { value: 'Double twist or single?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Success! Your question was sent to instructor.' });
    expect(within(dialog).getByText('The instructor answers within 3 business days.')).toBeTruthy();
    expect(fetchMock.callsTo('POST', questionsPath)[0].body).toEqual({ topic: 'Safety wire', question: 'Double twist or single?', schedule_id: LEARNING_ENROLMENT_ID });
    expect(await screen.findByRole('heading', { name: 'Safety wire' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Topic/).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the fields before sending, and shows the server messages under them', async () => {
    render({
      [`GET ${questionsPath}`]: { body: { data: [], meta: { pagination: { total: 0 } } } },
      [`POST ${questionsPath}`]: { status: 422, body: { message: 'The given data was invalid.', errors: { question: ['The question must have up to 2000 characters.'] } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('The topic is required.')).toBeTruthy();
    expect(screen.getByText('The question is required.')).toBeTruthy();
    expect(fetchMock.callsTo('POST', questionsPath)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/^Topic/), { target: { value: 'Rivets' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Question/ }), { target: { value: 'Why?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    expect(await screen.findByText('The question must have up to 2000 characters.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a failure without field messages opens the 'Error!' dialog", async () => {
    render({
      [`GET ${questionsPath}`]: { body: { data: [], meta: { pagination: { total: 0 } } } },
      [`POST ${questionsPath}`]: { status: 500, body: { message: 'Something went wrong' } },
    });
    fireEvent.change(await screen.findByLabelText(/^Topic/), { target: { value: 'Rivets' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Question/ }), { target: { value: 'Why?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Topic/).value).toBe('Rivets');
  });
});
