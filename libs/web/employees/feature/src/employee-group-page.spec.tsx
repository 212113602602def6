import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EmployeeDto, EmployeeGroupDto } from '@aero/contracts';
import { companyAdminFixture, mockFetch, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { EmployeeGroupPage } from './employee-group-page.js';
import { EmployeeGroupsPage } from './employee-groups-page.js';
import { employee, pageOf } from './test-fixtures.js';

const ADA = employee({ id: 'a0000000-0000-4000-8000-00000000000a', name: 'Ada Lovelace', surname: 'Lovelace', email: 'ada@example.com' });
const BEA = employee({ id: 'b0000000-0000-4000-8000-00000000000b', name: 'Bea Kalnė', surname: 'Kalnė', email: 'bea@example.com', department: 'Stores' });
const GROUP_ID = 'g0000000-0000-4000-8000-000000000001';

function group(members: EmployeeDto[], name = 'Night shift'): EmployeeGroupDto {
  return { id: GROUP_ID, name, employees_count: members.length, employees: { data: members } };
}

const ROUTES = [
  { path: '/employee-groups', element: <EmployeeGroupsPage /> },
  { path: '/employee-groups/:id', element: <EmployeeGroupPage /> },
];

describe('the employee group edit page', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  /** A server holding one group: PATCH sets its members or renames it, as the gateway does. */
  function render(answers: Record<string, FetchAnswer> = {}) {
    let current = group([ADA]);
    fetchMock = mockFetch({
      '/api/me': { body: { data: companyAdminFixture() } },
      [`GET /employee-group/${GROUP_ID}`]: () => ({ body: { data: current } }),
      [`PATCH /employee-group/${GROUP_ID}`]: (call) => {
        const body = call.body as { name?: string; employee_ids?: string[] };
        if (body.name !== undefined) current = { ...current, name: body.name };
        if (body.employee_ids) {
          const members = [ADA, BEA, ...extra].filter((e) => body.employee_ids!.includes(e.id));
          current = group(members, current.name);
        }
        return { body: { message: 'Saved', group: { data: current } } };
      },
      ...answers,
    });
    return renderWithProviders(null, { routes: ROUTES, route: `/employee-groups/${GROUP_ID}` });
  }
  const extra: EmployeeDto[] = [];

  it('shows the title and the members table: name link, surname, email, department, division, position, edit and remove', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Group: Night shift' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Members of Night shift' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Surname', 'Email', 'Department', 'Division', 'Position', 'Actions']);
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(`/employees/${ADA.id}`);
    expect(within(row).getByRole('link', { name: 'Edit Ada Lovelace' }).getAttribute('href')).toBe(`/employees/${ADA.id}/edit`);
    fireEvent.click(within(row).getByRole('button', { name: 'Remove Ada Lovelace from the group' }));
    await waitFor(() => expect(fetchMock.callsTo('PATCH', `/employee-group/${GROUP_ID}`)[0]?.body).toEqual({ employee_ids: [] }));
    expect(await screen.findByText('No members yet.')).toBeTruthy();
  });

  it('the add-from-employee-list modal searches 500 ms after typing, without the members, and adds the one picked', async () => {
    render({ 'GET /employees-search': (call) => ({ body: call.url.includes('query=Be') ? pageOf([BEA]) : pageOf([BEA]) }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add from employee list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from employee list' });
    // Empty: everyone (show_all=1), without the members already in the group.
    await within(dialog).findByRole('button', { name: 'Add Bea Kalnė' });
    expect(fetchMock.callsTo('GET', '/employees-search')[0].url).toBe(`/employees-search?limit=100&query=&not=${ADA.id}&show_all=1&page=1`);
    fireEvent.change(within(dialog).getByLabelText('Search employees to add'), { target: { value: 'B' } });
    fireEvent.change(within(dialog).getByLabelText('Search employees to add'), { target: { value: 'Be' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(fetchMock.callsTo('GET', '/employees-search')).toHaveLength(1);
    await waitFor(() => expect(fetchMock.callsTo('GET', '/employees-search')).toHaveLength(2), { timeout: 2000 });
    expect(fetchMock.callsTo('GET', '/employees-search')[1].url).toBe(`/employees-search?limit=100&query=Be&not=${ADA.id}&page=1`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bea Kalnė' }));
    await waitFor(() => expect(fetchMock.callsTo('PATCH', `/employee-group/${GROUP_ID}`)[0]?.body).toEqual({ employee_ids: [ADA.id, BEA.id] }));
    expect(await screen.findByRole('link', { name: 'Bea Kalnė' })).toBeTruthy();
  });

  it('a failed search is ignored: what was found stays', async () => {
    render({ 'GET /employees-search': (call) => (call.url.includes('query=Zz') ? { status: 500, body: { message: 'Boom' } } : { body: pageOf([BEA]) }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add from employee list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from employee list' });
    await within(dialog).findByRole('button', { name: 'Add Bea Kalnė' });
    fireEvent.change(within(dialog).getByLabelText('Search employees to add'), { target: { value: 'Zz' } });
    await waitFor(() => expect(fetchMock.callsTo('GET', '/employees-search')).toHaveLength(2), { timeout: 2000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(dialog).getByRole('button', { name: 'Add Bea Kalnė' })).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('the create-and-add modal adds a new employee and puts them in the group', async () => {
    const newcomer = employee({ id: 'c0000000-0000-4000-8000-00000000000c', name: 'Cyril Ozols', email: 'cyril@example.com' });
    extra.push(newcomer);
    render({ 'POST /employees': { status: 201, body: { message: 'The employee has been added.', data: newcomer } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Create and add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create and add' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cyril Ozols' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'cyril@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.callsTo('POST', '/employees')[0].body).toEqual({ name: 'Cyril Ozols', email: 'cyril@example.com' });
    expect(fetchMock.callsTo('PATCH', `/employee-group/${GROUP_ID}`)[0].body).toEqual({ employee_ids: [ADA.id, newcomer.id] });
    expect(await screen.findByRole('link', { name: 'Cyril Ozols' })).toBeTruthy();
  });

  it('the change-group-name modal requires a name and shows the server errors', async () => {
    render({
      [`PATCH /employee-group/${GROUP_ID}`]: (call) =>
        (call.body as { name: string }).name === 'Taken'
          ? { status: 422, body: { message: 'The form contains errors.', errors: { name: ['The name has already been taken.'] } } }
          : { body: { message: 'The group has been renamed.', group: { data: group([ADA], (call.body as { name: string }).name) } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change group name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change group name' });
    const name = within(dialog).getByLabelText(/^Group name/);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name is required.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Day shift' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failed member change shows the server message', async () => {
    const view = render({ [`PATCH /employee-group/${GROUP_ID}`]: { status: 422, body: { message: 'The selected employees are invalid.' } } });
    const table = await screen.findByRole('table', { name: 'Members of Night shift' });
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Ada Lovelace from the group' }));
    await waitFor(() => expect(view.store.getState().flash.messages.map((m) => m.text)).toEqual(['The selected employees are invalid.']));
  });
});
