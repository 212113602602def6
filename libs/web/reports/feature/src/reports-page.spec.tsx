import type { CourseProgressRow, ReceivedCourseRow, ReportPage, WalletMovementRow } from '@aero/contracts';
import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderWithProviders, userFixture, type FetchMock } from '@aero/web-shared-testing';
import { ReportsPage } from './reports-page.js';

const COMPANY_ADMIN = userFixture({ roles: ['company'], company_id: 'c1' });

const ROUTES = [
  { path: '/reports', element: <ReportsPage /> },
  { path: '/login', element: <h1>Log in</h1> },
];

function pageOf<Row>(rows: Row[], pagination: Partial<ReportPage<Row>['meta']['pagination']> = {}): ReportPage<Row> {
  return { data: rows, meta: { pagination: { total: rows.length, count: rows.length, per_page: 10, current_page: 1, total_pages: 1, ...pagination } } };
}

function progressRow(name: string, overrides: Partial<CourseProgressRow> = {}): CourseProgressRow {
  return {
    learner_name: name,
    learner_email: `${name.split(' ')[0].toLowerCase()}@example.com`,
    course_name: 'Part-145 Initial Training',
    status: 'in-progress',
    overall: 40,
    started_at: '2026-11-20T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

const received: ReceivedCourseRow[] = [
  { recipient_email: 'anna@example.com', course_name: 'Part-145 Initial Training', shared_at: '2026-11-21T09:00:00.000Z', expires: '2027-06-30', status: 'accepted' },
  { recipient_email: null, course_name: 'Part-145 Initial Training', shared_at: '2026-11-20T09:00:00.000Z', expires: '2027-06-30', status: 'shared' },
];

const movements: WalletMovementRow[] = [
  { date: '2026-11-22T09:00:00.000Z', description: 'Payment of order AM-2026-000002', amount_cents: -178_800, balance_after_cents: 21_200 },
  { date: '2026-11-01T09:00:00.000Z', description: 'Demo wallet credit', amount_cents: 200_000, balance_after_cents: 200_000 },
];

const queryOf = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

describe('the reports page', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  it('opens on Course progress: the chart by course and the learners, newest started first', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: COMPANY_ADMIN } },
      'GET /api/reports/course-progress/by-course': {
        body: { data: [{ course_name: 'Part-145 Initial Training', learners: 2, completed: 1, average_overall: 70 }] },
      },
      'GET /api/reports/course-progress': {
        body: pageOf([progressRow('Anna Zeller'), progressRow('Bruno Adams', { status: 'completed', overall: 100, completed_at: '2026-11-23T10:00:00.000Z' })]),
      },
    });
    renderWithProviders(null, { routes: ROUTES, route: '/reports' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Course progress' }).getAttribute('aria-selected')).toBe('true');
    const chart = await screen.findByRole('img', { name: 'Progress by course' });
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)?.textContent).toBe('Part-145 Initial Training: 70 % (2 learners, 1 completed)');

    const table = await screen.findByRole('table', { name: 'Course progress' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Learner', 'E-mail', 'Course', 'Status', 'Progress', 'Started', 'Completed']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Anna Zeller', 'anna@example.com', 'Part-145 Initial Training', 'In progress', ' 40 %', 'Nov 20, 2026', ''],
      ['Bruno Adams', 'bruno@example.com', 'Part-145 Initial Training', 'Completed', ' 100 %', 'Nov 20, 2026', 'Nov 23, 2026'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Started' }).getAttribute('aria-sort')).toBe('descending');
    expect(queryOf(fetchMock.callsTo('GET', '/api/reports/course-progress')[0].url)).toEqual({ sort: 'started_at', direction: 'desc' });
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/reports/course-progress.csv?sort=started_at&direction=desc');
  });

  it('sorts by a column (text A to Z first, then the other way), pages, and changes the page size; the CSV follows the sort', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: COMPANY_ADMIN } },
      'GET /api/reports/course-progress/by-course': { body: { data: [] } },
      'GET /api/reports/course-progress': { body: pageOf([progressRow('Anna Zeller')], { total: 25, total_pages: 3 }) },
    });
    renderWithProviders(null, { routes: ROUTES, route: '/reports' });
    const table = await screen.findByRole('table', { name: 'Course progress' });
    // No learner in any course yet: no chart.
    expect(screen.queryByRole('img', { name: 'Progress by course' })).toBeNull();
    const last = () => queryOf(fetchMock.callsTo('GET', '/api/reports/course-progress').at(-1)!.url);

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Pages of Course progress' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(last()).toEqual({ sort: 'started_at', direction: 'desc', page: '2' }));

    fireEvent.click(within(table).getByRole('button', { name: 'Learner' }));
    await waitFor(() => expect(last()).toEqual({ sort: 'learner_name', direction: 'asc' }));
    expect(within(table).getByRole('columnheader', { name: 'Learner' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(table).getByRole('button', { name: 'Learner' }));
    await waitFor(() => expect(last()).toEqual({ sort: 'learner_name', direction: 'desc' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Progress' }));
    await waitFor(() => expect(last()).toEqual({ sort: 'overall', direction: 'desc' }));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/reports/course-progress.csv?sort=overall&direction=desc');

    const perPage = screen.getByLabelText<HTMLSelectElement>('Per page');
    expect([...perPage.options].map((o) => o.value)).toEqual(['10', '20', '30', '40', '50']);
    fireEvent.change(perPage, { target: { value: '30' } });
    await waitFor(() => expect(last()).toEqual({ sort: 'overall', direction: 'desc', per_page: '30' }));
    expect(screen.getByText('25 rows')).toBeTruthy();
  });

  it('shows the received courses: recipient, course, shared at, expires, status; a ticket nobody activated says so', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: COMPANY_ADMIN } },
      'GET /api/reports/course-progress/by-course': { body: { data: [] } },
      'GET /api/reports/course-progress': { body: pageOf([]) },
      'GET /api/reports/received-courses': { body: pageOf(received) },
    });
    const { router } = renderWithProviders(null, { routes: ROUTES, route: '/reports' });
    expect(await screen.findByText("None of your company's learners has a course yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Received courses' }));
    const table = await screen.findByRole('table', { name: 'Received courses' });
    expect(router.state.location.search).toBe('?tab=received-courses');
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['anna@example.com', 'Part-145 Initial Training', 'Nov 21, 2026', 'Jun 30, 2027', 'Accepted'],
      ['Ticket not activated yet', 'Part-145 Initial Training', 'Nov 20, 2026', 'Jun 30, 2027', 'Shared, not accepted'],
    ]);
    expect(queryOf(fetchMock.callsTo('GET', '/api/reports/received-courses')[0].url)).toEqual({ sort: 'shared_at', direction: 'desc' });
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/reports/received-courses.csv?sort=shared_at&direction=desc');
  });

  it('shows the wallet movements with amounts in euros (opened from the address)', async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: COMPANY_ADMIN } },
      'GET /api/reports/wallet-movements': { body: pageOf(movements) },
    });
    renderWithProviders(null, { routes: ROUTES, route: '/reports?tab=wallet-movements' });
    const table = await screen.findByRole('table', { name: 'Wallet' });
    expect(screen.getByRole('tab', { name: 'Wallet' }).getAttribute('aria-selected')).toBe('true');
    const cells = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => row.slice(1))).toEqual([
      ['Payment of order AM-2026-000002', '-€1,788.00', '€212.00'],
      ['Demo wallet credit', '€2,000.00', '€2,000.00'],
    ]);
    expect(cells[0][0]).toMatch(/^Nov 22, 2026/);
    fireEvent.click(within(table).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(queryOf(fetchMock.callsTo('GET', '/api/reports/wallet-movements').at(-1)!.url)).toEqual({ sort: 'amount_cents', direction: 'desc' }));
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/reports/wallet-movements.csv?sort=amount_cents&direction=desc');
  });

  it("shows the server's refusal to someone who may not read reports, and sends a visitor to sign in", async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture({ roles: ['student'] }) } },
      'GET /api/reports/course-progress/by-course': { status: 403, body: { message: 'You are not allowed to do this.' } },
      'GET /api/reports/course-progress': { status: 403, body: { message: 'You are not allowed to do this.' } },
    });
    const first = renderWithProviders(null, { routes: ROUTES, route: '/reports' });
    expect((await screen.findByRole('alert')).textContent).toBe('You are not allowed to do this.');
    first.unmount();
    fetchMock.restore();

    fetchMock = mockFetch({
      '/api/me': { body: { data: null } },
      'GET /api/reports/course-progress/by-course': { status: 401, body: { message: 'Please sign in to continue.' } },
      'GET /api/reports/course-progress': { status: 401, body: { message: 'Please sign in to continue.' } },
    });
    const { router } = renderWithProviders(null, { routes: ROUTES, route: '/reports' });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
