import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderWithProviders, userFixture, type FetchMock } from '@aero/web-shared-testing';
import { InstructorQuestionsPage } from './instructor-questions-page.js';
import { instructorQuestion, pageOf } from './test-fixtures.js';

const ROUTES = [
  { path: '/instructor/questions', element: <InstructorQuestionsPage /> },
  { path: '/login', element: <h1>Log in</h1> },
];
const INSTRUCTOR = userFixture({ roles: ['instructor'], name: 'Ian Instructor' });

describe("the instructor's questions", () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  it('lists the open questions, answers one, and finds it among the answered ones', async () => {
    const open = [instructorQuestion(1), instructorQuestion(2)];
    const answered = [instructorQuestion(3, { answer: 'Check the maintenance manual.', answered_at: '2026-11-22T09:00:00.000Z' })];
    fetchMock = mockFetch({
      '/api/me': { body: { data: INSTRUCTOR } },
      'GET /api/instructor/questions': (call) => ({ body: pageOf(new URLSearchParams(call.url.split('?')[1]).get('status') === 'answered' ? answered : open) }),
      [`POST /api/instructor/questions/${open[0].id}/answer`]: (call) => {
        const { answer } = call.body as { answer: string };
        answered.unshift({ ...open[0], answer, answered_at: '2026-11-23T09:00:00.000Z' });
        open.shift();
        return { body: { data: { ...answered[0], schedule_id: 'e1000000-0000-4000-8000-000000000001' } } };
      },
    });
    const { store } = renderWithProviders(null, { routes: ROUTES, route: '/instructor/questions' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions from learners' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Open' }).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Questions' });
    const first = within(list).getByRole('article', { name: 'Torque values 1' });
    expect(within(first).getByText(/Sam Student asked on Nov 21, 2026/)).toBeTruthy();
    expect(within(first).getByText(/Course: Part-66 Module 7/)).toBeTruthy();

    const form = within(first).getByRole('form', { name: 'Answer to: Torque values 1' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(await within(form).findByText('The answer is required.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Your answer/), { target: { value: 'Use 8 Nm on the M6 bolts.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(store.getState().flash.messages.map((m) => m.text)).toEqual(['The answer was sent to the learner.']));
    expect(fetchMock.callsTo('POST', `/api/instructor/questions/${instructorQuestion(1).id}/answer`)[0].body).toEqual({ answer: 'Use 8 Nm on the M6 bolts.' });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Questions' })).getAllByRole('article')).toHaveLength(1));

    fireEvent.click(screen.getByRole('tab', { name: 'Answered' }));
    const answeredItem = await screen.findByRole('article', { name: 'Torque values 1' });
    expect(within(answeredItem).getByText('Use 8 Nm on the M6 bolts.')).toBeTruthy();
    expect(within(answeredItem).queryByRole('form')).toBeNull();
    expect(fetchMock.callsTo('GET', '/api/instructor/questions').at(-1)!.url).toBe('/api/instructor/questions?status=answered');
  });

  it('an answer given meanwhile by someone else shows the server message', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: INSTRUCTOR } },
      'GET /api/instructor/questions': { body: pageOf([instructorQuestion(1)]) },
      [`POST /api/instructor/questions/${instructorQuestion(1).id}/answer`]: { status: 409, body: { code: 'question.already_answered', message: 'This question was already answered.' } },
    });
    renderWithProviders(null, { routes: ROUTES, route: '/instructor/questions' });
    const form = await screen.findByRole('form', { name: 'Answer to: Torque values 1' });
    fireEvent.change(within(form).getByLabelText(/^Your answer/), { target: { value: 'Yes.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(await within(form).findByText('This question was already answered.')).toBeTruthy();
  });

  it('says when there is nothing to answer', async () => {
    fetchMock = mockFetch({ '/api/me': { body: { data: INSTRUCTOR } }, 'GET /api/instructor/questions': { body: pageOf([]) } });
    renderWithProviders(null, { routes: ROUTES, route: '/instructor/questions' });
    expect(await screen.findByText('No open questions: every learner has an answer.')).toBeTruthy();
  });
});
