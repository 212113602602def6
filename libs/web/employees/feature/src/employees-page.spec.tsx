import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyAdminFixture, mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { EmployeePage } from './employee-page.js';
import { EmployeesPage } from './employees-page.js';
import { EmployeeEditPage } from './employee-edit-page.js';
import { employee, pageOf } from './test-fixtures.js';

const ROUTES = [
  { path: '/employees', element: <EmployeesPage /> },
  { path: '/employees/:id', element: <EmployeePage /> },
  { path: '/employees/:id/edit', element: <EmployeeEditPage /> },
  { path: '/login', element: <h1>Log in</h1> },
];

describe('the employee screens', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(answers: Record<string, FetchAnswer>, route = '/employees', me = companyAdminFixture()) {
    fetchMock = mockFetch({ '/api/me': { body: { data: me } }, '/countries/all': { body: { data: [{ id: 'LT', name: 'Lithuania' }] } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route });
  }

  it('lists the employees with a link to each page, and searches with the Search button', async () => {
    render({ 'GET /api/employees': (call) => ({ body: call.url.includes('search=Lina') ? pageOf([employee()]) : pageOf([employee(), employee({ id: 'e2', name: 'Jonas', email: null })]) }) });
    const table = await screen.findByRole('table', { name: 'Employees of your company' });
    expect(within(table).getByRole('link', { name: 'Lina Vaitkė' }).getAttribute('href')).toBe('/employees/e0000000-0000-4000-8000-000000000001');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Search employees'), { target: { value: 'Lina' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Employees of your company' })).getAllByRole('row')).toHaveLength(2));
    expect(fetchMock.callsTo('GET', '/api/employees').at(-1)!.url).toBe('/api/employees?search=Lina');
  });

  it('adds an employee with name and e-mail and shows the success notice for 2 s', async () => {
    render({
      'GET /api/employees': { body: pageOf([]) },
      'POST /employees': (call) => ({ status: 201, body: { message: 'The employee has been added.', data: employee({ name: (call.body as { name: string }).name }) } }),
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ona Petraitė' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ona@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('status')).textContent).toBe('Ona Petraitė has been added.');
    expect(fetchMock.callsTo('POST', '/employees')[0].body).toEqual({ name: 'Ona Petraitė', email: 'ona@example.com' });
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('');
    await act(() => new Promise((resolve) => setTimeout(resolve, 2100)));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the server errors per field: the duplicate e-mail says to use Share instead', async () => {
    render({
      'GET /api/employees': { body: pageOf([]) },
      'POST /employees': { status: 422, body: { message: 'The form contains errors.', errors: { email: ['The email already exists, use Share instead.'] } } },
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ona' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ona@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The email already exists, use Share instead.')).toBeTruthy();
  });

  it('checks name and e-mail before sending', async () => {
    render({ 'GET /api/employees': { body: pageOf([]) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The name is required.')).toBeTruthy();
    expect(screen.getByText('The email is required.')).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/employees')).toHaveLength(0);
  });

  it('a failure without field errors flashes employee.create-error', async () => {
    const view = render({ 'GET /api/employees': { body: pageOf([]) }, 'POST /employees': { status: 500, body: { message: 'Something went wrong' } } });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Ona' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ona@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(view.store.getState().flash.messages.map((m) => m.text)).toEqual(['Could not add the employee. Please try again.']));
  });

  it('removing the only employee of the last page goes back to the page before', async () => {
    const first = Array.from({ length: 10 }, (_, i) => employee({ id: `e${i}`, name: `Person ${i}` }));
    const last = employee({ id: 'e10', name: 'Last Person' });
    let removed = false;
    render({
      'GET /api/employees': (call) => ({ body: call.url.includes('page=2') ? (removed ? pageOf([], 10, 2) : pageOf([last], 11, 2)) : pageOf(first, removed ? 10 : 11) }),
      'DELETE /employees/e10': () => {
        removed = true;
        return { body: { message: 'The employee has been removed.' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Last Person' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/employees').at(-1)!.url).toBe('/api/employees'));
    const table = await screen.findByRole('table', { name: 'Employees of your company' });
    await waitFor(() => expect(within(table).getAllByRole('link', { name: /^Person / })).toHaveLength(10));
    expect(screen.queryByText('No employees yet.')).toBeNull();
  });

  it('a reports viewer sees the list without the add form or edit buttons', async () => {
    render({ 'GET /api/employees': { body: pageOf([employee()]) } }, '/employees', userFixture({ roles: ['reports_viewer'], company_id: 'c1' }));
    await screen.findByRole('table', { name: 'Employees of your company' });
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Lina Vaitkė' })).toBeNull();
  });

  it('the employee page shows every field and removes after confirmation', async () => {
    const view = render({ [`GET /api/employees/${employee().id}`]: { body: { data: employee() } }, [`DELETE /employees/${employee().id}`]: { body: { message: 'The employee has been removed.' } }, 'GET /api/employees': { body: pageOf([]) } }, `/employees/${employee().id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Lina Vaitkė' })).toBeTruthy();
    for (const [label, value] of [['Surname', 'Vaitkė'], ['Birth date', '1990-05-01'], ['Country', 'LT'], ['Division', 'Vilnius'], ['Position', 'B1 mechanic']]) {
      expect(screen.getByText(label).nextSibling!.textContent).toBe(value);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/employees'));
    expect(fetchMock.callsTo('DELETE', `/employees/${employee().id}`)).toHaveLength(1);
  });

  it('the edit page sends every field and goes back to the employee', async () => {
    const view = render(
      {
        [`GET /api/employees/${employee().id}`]: { body: { data: employee() } },
        [`PATCH /employees/${employee().id}`]: (call) => ({ body: { message: 'The employee has been updated.', data: { ...employee(), ...(call.body as object) } } }),
      },
      `/employees/${employee().id}/edit`,
    );
    fireEvent.change(await screen.findByLabelText(/^Position/), { target: { value: 'Planner' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/employees/${employee().id}`));
    expect(fetchMock.callsTo('PATCH', `/employees/${employee().id}`)[0].body).toEqual({
      name: 'Lina Vaitkė',
      first_name: 'Lina',
      last_name: 'Vaitkė',
      surname: 'Vaitkė',
      email: '',
      birth_date: '1990-05-01',
      country: 'LT',
      department: 'Line maintenance',
      division: 'Vilnius',
      position: 'Planner',
    });
  });

  it('the edit page shows the server errors under their fields', async () => {
    render(
      {
        [`GET /api/employees/${employee().id}`]: { body: { data: employee() } },
        [`PATCH /employees/${employee().id}`]: { status: 422, body: { message: 'The form contains errors.', errors: { email: ['The email already exists, use Share instead.'] } } },
      },
      `/employees/${employee().id}/edit`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The email already exists, use Share instead.')).toBeTruthy();
  });

  it('sends a visitor to sign in', async () => {
    const view = render({ 'GET /api/employees': { status: 401, body: { message: 'Please sign in to continue.' } } }, '/employees', null as never);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  });
});
