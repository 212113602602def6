import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { enrolmentFixture, LEARNING_ENROLMENT_ID, mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { CourseHistoryPage } from './course-history-page.js';
import { ENROLMENT_POLL_MS, MyCoursesPage } from './my-courses-page.js';
import { myCourses, pageOf } from './test-fixtures.js';

const ROUTES = [
  { path: '/my-courses', element: <MyCoursesPage /> },
  { path: '/my-courses/history', element: <CourseHistoryPage /> },
  { path: '/login', element: <h1>Log in</h1> },
];

describe('My courses', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    fetchMock.restore();
    jest.useRealTimers();
  });

  function render(answers: Record<string, FetchAnswer>, route = '/my-courses') {
    fetchMock = mockFetch({ '/api/me': { body: { data: userFixture() } }, '/api/my-courses/received': { body: { data: [] } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route });
  }

  const section = (name: RegExp) => screen.getByRole('region', { name });

  it('groups the courses in the sections watchlist, shared, in progress and completed, with their progress and until when they are open', async () => {
    render({
      '/api/my-courses': {
        body: myCourses([
          enrolmentFixture(),
          enrolmentFixture({ id: 'e2', course_id: 2001, name: 'Part-145 Initial Training', status: 'shared', source: 'share', course_url: '/course/2001' }),
          enrolmentFixture({ id: 'e3', course_id: 3001, name: 'Human Factors', status: 'in-progress', overall: 40, course_url: '/course/3001' }),
          enrolmentFixture({ id: 'e4', course_id: 4001, name: 'EWIS', status: 'completed', overall: 100, course_url: '/course/4001' }),
        ]),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'My courses' });
    const watchlist = await screen.findByRole('region', { name: /Watchlist/ });
    expect(within(watchlist).getByRole('link', { name: 'Part-66 Module 7: Maintenance Practices' }).getAttribute('href')).toBe('/course/1007');
    expect(within(watchlist).getByText('Bought · Open until Jun 30, 2027')).toBeTruthy();
    expect(within(section(/Shared with you/)).getByRole('heading', { name: 'Part-145 Initial Training' })).toBeTruthy();
    expect(within(section(/In progress/)).getByText('40% completed')).toBeTruthy();
    expect(within(section(/Completed/)).getByRole('heading', { name: 'EWIS' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Course history' }).getAttribute('href')).toBe('/my-courses/history');
  });

  it("marks a course whose content has ended, and says when a section is empty", async () => {
    render({ '/api/my-courses': { body: myCourses([enrolmentFixture({ content_ended: true, available_till: '2026-06-30' })]) } });
    const watchlist = await screen.findByRole('region', { name: /Watchlist/ });
    expect(within(watchlist).getByText('The content of this course has ended.')).toBeTruthy();
    expect(within(watchlist).getByText('Bought · Ended on Jun 30, 2026')).toBeTruthy();
    expect(within(section(/In progress/)).getByText('No courses here.')).toBeTruthy();
  });

  it('offers the certificate of a passed course for download, and no link for a course without one', async () => {
    render({
      '/api/my-courses': {
        body: myCourses([
          enrolmentFixture({ status: 'completed', overall: 100, certificate_number: 'AMA-2026-7KQ3-M9TX' }),
          enrolmentFixture({ id: 'e2', course_id: 2001, name: 'Part-145 Initial Training', status: 'in-progress', course_url: '/course/2001' }),
        ]),
      },
    });
    const link = await screen.findByRole('link', { name: 'Download certificate: Part-66 Module 7: Maintenance Practices' });
    expect(link.getAttribute('href')).toBe('/api/certificates/AMA-2026-7KQ3-M9TX/pdf');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getAllByRole('link', { name: /^Download certificate/ })).toHaveLength(1);
  });

  it('opens the course progress modal of a course', async () => {
    render({
      '/api/my-courses': { body: myCourses([enrolmentFixture({ status: 'in-progress', overall: 50 })]) },
      [`/api/course-progress/${LEARNING_ENROLMENT_ID}`]: {
        body: { data: [{ name: 'Safety precautions', completed_at: '2026-11-21T12:00:00.000Z', progress: 100 }, { name: 'Care of tools', completed_at: null, progress: 0 }], meta: { overall: 50 } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Progress: Part-66 Module 7: Maintenance Practices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Course progress: Part-66 Module 7: Maintenance Practices' });
    expect(await within(dialog).findByText('Overall: 50%')).toBeTruthy();
    const rows = within(within(dialog).getByRole('table', { name: 'Chapters and their progress' })).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [],
      ['Safety precautions', expect.stringContaining('Nov 21, 2026'), '100%'],
      ['Care of tools', '—', '0%'],
    ]);
  });

  it('shows a course just received from the seat side until the learning side lists it, asking again every 2 s', async () => {
    jest.useFakeTimers();
    let listed = false;
    render({
      '/api/my-courses': () => ({ body: myCourses(listed ? [enrolmentFixture({ course_id: 2001, name: 'Part-145 Initial Training', status: 'shared', source: 'share' })] : []) }),
      '/api/my-courses/received': {
        body: { data: [{ program_id: 2001, course_name: 'Part-145 Initial Training', source: 'share', enrolled_at: '2026-11-20T10:00:00.000Z', available_till: '2099-06-30', status: 'enrolled' }] },
      },
    });
    const shared = await screen.findByRole('region', { name: /Shared with you/ });
    expect(await within(shared).findByRole('heading', { name: 'Part-145 Initial Training' })).toBeTruthy();
    expect(within(shared).getByText('Just received: the course opens in a moment.')).toBeTruthy();
    const calls = fetchMock.callsTo('GET', '/api/my-courses').length;
    listed = true;
    await act(() => jest.advanceTimersByTimeAsync(ENROLMENT_POLL_MS + 50));
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Shared with you/ })).queryByText('Just received: the course opens in a moment.')).toBeNull());
    expect(fetchMock.callsTo('GET', '/api/my-courses').length).toBe(calls + 1);
    expect(within(screen.getByRole('region', { name: /Shared with you/ })).getByRole('button', { name: 'Progress: Part-145 Initial Training' })).toBeTruthy();
    await act(() => jest.advanceTimersByTimeAsync(ENROLMENT_POLL_MS * 3));
    expect(fetchMock.callsTo('GET', '/api/my-courses').length).toBe(calls + 1);
  });

  it('a course that left My courses (failed, or its content ended) is not shown again from the seat side, nor waited for', async () => {
    jest.useFakeTimers();
    render({
      '/api/my-courses': { body: myCourses([enrolmentFixture()], [2001, 2301]) },
      '/api/my-courses/received': {
        body: {
          data: [
            { program_id: 1007, course_name: 'Part-66 Module 7: Maintenance Practices', source: 'purchase', enrolled_at: '2026-11-20T10:00:00.000Z', available_till: '2027-06-30', status: 'enrolled' },
            { program_id: 2001, course_name: 'Part-145 Initial Training', source: 'share', enrolled_at: '2026-11-19T10:00:00.000Z', available_till: '2099-06-30', status: 'started' },
            { program_id: 2301, course_name: 'EWIS', source: 'purchase', enrolled_at: '2025-01-10T10:00:00.000Z', available_till: '2025-06-30', status: 'enrolled' },
            // Not held by the learning side: shown from the seat side, its content ended (so not waited for either).
            { program_id: 2101, course_name: 'Part-M Continuing Airworthiness', source: 'share', enrolled_at: '2025-01-05T10:00:00.000Z', available_till: '2025-06-30', status: 'enrolled' },
          ],
        },
      },
    });
    const shared = await screen.findByRole('region', { name: /Shared with you/ });
    expect(await within(shared).findByRole('heading', { name: 'Part-M Continuing Airworthiness' })).toBeTruthy();
    expect(within(section(/Watchlist/)).getByRole('heading', { name: 'Part-66 Module 7: Maintenance Practices' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Part-145 Initial Training' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'EWIS' })).toBeNull();
    expect(within(section(/In progress/)).getByText('No courses here.')).toBeTruthy();
    const calls = fetchMock.callsTo('GET', '/api/my-courses').length;
    await act(() => jest.advanceTimersByTimeAsync(ENROLMENT_POLL_MS * 2));
    expect(fetchMock.callsTo('GET', '/api/my-courses').length).toBe(calls);
  });

  it('says so when there is no course at all, and sends a visitor to log in', async () => {
    render({ '/api/my-courses': { body: myCourses([]) } });
    expect(await screen.findByText('You have no courses yet.')).toBeTruthy();
    fetchMock.restore();
    render({ '/api/my-courses': { status: 401, body: { message: 'Unauthenticated.' } } });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('Course history', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  it('lists every course held, newest first, with pages and page sizes', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture() } },
      '/api/my-courses/history': (call) => {
        const page = Number(new URLSearchParams(call.url.split('?')[1]).get('page') ?? 1);
        return {
          body: pageOf(
            page === 1
              ? [
                  enrolmentFixture({ status: 'failed' }),
                  enrolmentFixture({ id: 'e2', name: 'EWIS', status: 'completed', content_ended: true, completed_at: '2026-03-02T12:00:00.000Z', certificate_number: 'AMA-2026-7KQ3-M9TX' }),
                ]
              : [enrolmentFixture({ id: 'e3', name: 'Human Factors' })],
            12,
            page,
          ),
        };
      },
    });
    renderWithProviders(null, { routes: ROUTES, route: '/my-courses/history' });
    const table = await screen.findByRole('table', { name: 'Every course you have held' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getByRole('link', { name: 'Part-66 Module 7: Maintenance Practices' }).getAttribute('href')).toBe('/course/1007');
    expect(within(rows[1]).getByText('Failed')).toBeTruthy();
    expect(rows[2].textContent).toContain('Completed · Content ended');
    expect(rows[2].textContent).toContain('Mar 2, 2026');
    // The certificate of a course whose content ended stays downloadable here.
    expect(within(rows[2]).getByRole('link', { name: 'Download certificate: EWIS' }).getAttribute('href')).toBe('/api/certificates/AMA-2026-7KQ3-M9TX/pdf');
    expect(within(rows[1]).queryByRole('link', { name: /^Download certificate/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'Human Factors' })).toBeTruthy();
    expect(fetchMock.callsTo('GET', '/api/my-courses/history').at(-1)!.url).toBe('/api/my-courses/history?page=2');
    fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '20' } });
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/my-courses/history').at(-1)!.url).toBe('/api/my-courses/history?per_page=20'));
  });
});
