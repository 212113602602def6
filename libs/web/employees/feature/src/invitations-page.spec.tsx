import { afterEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvitationDto } from '@aero/contracts';
import { companyAdminFixture, mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { InvitationCreatePage } from './invitation-form-page.js';
import { InvitationsPage } from './invitations-page.js';
import { PendingInvitationPopup } from './pending-invitation-popup.js';

function invitation(n: number, overrides: Partial<InvitationDto> = {}): InvitationDto {
  return {
    id: `i0000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    email: `person${n}@example.com`,
    company_id: 'c1',
    company_name: 'Nordic Line Maintenance',
    division: `Division ${n}`,
    department: `Department ${n}`,
    position: `Position ${n}`,
    status: 'pending',
    created_at: '2026-01-10T09:00:00.000Z',
    last_sent_at: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

function listOf(items: InvitationDto[], page = 1, total = items.length) {
  return { success: true, data: items, meta: { pagination: { total, count: items.length, per_page: 10, current_page: page, total_pages: Math.ceil(total / 10) } } };
}

const ROUTES = [
  { path: '/invitations', element: <InvitationsPage /> },
  { path: '/invitations/create', element: <InvitationCreatePage /> },
  { path: '/invitations/:id/edit', element: <h1>Edit invitation</h1> },
];

describe("'My pending invitations'", () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(answers: Record<string, FetchAnswer>, route = '/invitations') {
    fetchMock = mockFetch({ '/api/me': { body: { data: companyAdminFixture() } }, ...answers });
    return renderWithProviders(null, { routes: ROUTES, route });
  }

  it('shows #, Email, Division, Department, Position, # running on across pages, and the pagination under the table', async () => {
    const first = Array.from({ length: 10 }, (_, i) => invitation(i + 1));
    render({ 'GET /api/invitations': (call) => ({ body: call.url.includes('page=2') ? listOf([invitation(11)], 2, 11) : listOf(first, 1, 11) }) });
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Email', 'Division', 'Department', 'Position', 'Actions']);
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual([
      '1',
      'person1@example.com',
      'Division 1',
      'Department 1',
      'Position 1',
    ]);
    expect(screen.getByRole('link', { name: 'Invite employee' }).getAttribute('href')).toBe('/invitations/create');
    expect(within(table).getByRole('link', { name: 'Edit the invitation to person1@example.com' }).getAttribute('href')).toBe(`/invitations/${invitation(1).id}/edit`);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Pending invitations' })).getAllByRole('row')).toHaveLength(2));
    expect(within(within(screen.getByRole('table')).getAllByRole('row')[1]).getAllByRole('cell')[0].textContent).toBe('11');
  });

  it('is not shown without invitations: the page offers to invite', async () => {
    render({ 'GET /api/invitations': { body: listOf([]) } });
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Invite employee' })).toBeTruthy();
  });

  it('searches with the Search button (search_query)', async () => {
    render({ 'GET /api/invitations': { body: listOf([invitation(1)]) } });
    fireEvent.change(await screen.findByLabelText('Search invitations'), { target: { value: 'person1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/invitations').at(-1)!.url).toBe('/api/invitations?search_query=person1'));
  });

  it("resend: 'Success' / 'Invitation resent successfully!', or 'Too Many Requests' with the server's message", async () => {
    let calls = 0;
    render({
      'GET /api/invitations': { body: listOf([invitation(1)]) },
      [`POST /invitations/${invitation(1).id}/resend`]: () =>
        ++calls === 1
          ? { body: { success: true, message: 'Invitation resent successfully!' } }
          : { status: 429, body: { message: 'This invitation was sent recently. You may resend it in 5 minutes.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the invitation to person1@example.com' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Invitation resent successfully!')).toBeTruthy();
    fireEvent.click(within(success).getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to person1@example.com' }));
    const warning = await screen.findByRole('dialog', { name: 'Too Many Requests' });
    expect(within(warning).getByText('This invitation was sent recently. You may resend it in 5 minutes.')).toBeTruthy();
  });

  it("remove asks 'Are you sure?' / 'You wound not be able to revert this!', then says 'Deleted!' and reads the list again", async () => {
    let removed = false;
    render({
      'GET /api/invitations': () => ({ body: listOf(removed ? [] : [invitation(1)]) }),
      [`DELETE /invitations/${invitation(1).id}`]: () => {
        removed = true;
        return { body: { success: true, message: 'The invitation has been removed.' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the invitation to person1@example.com' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('You wound not be able to revert this!')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, continue' }));
    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(within(done).getByText('The invitation has been removed.')).toBeTruthy();
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
  });

  it('removing the only invitation of the last page goes back to the page before, not to "No pending invitations."', async () => {
    const first = Array.from({ length: 10 }, (_, i) => invitation(i + 1));
    let removed = false;
    render({
      'GET /api/invitations': (call) => ({
        body: call.url.includes('page=2') ? (removed ? listOf([], 2, 10) : listOf([invitation(11)], 2, 11)) : listOf(first, 1, removed ? 10 : 11),
      }),
      [`DELETE /invitations/${invitation(11).id}`]: () => {
        removed = true;
        return { body: { success: true, message: 'The invitation has been removed.' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the invitation to person11@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, continue' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Deleted!' })).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/invitations').at(-1)!.url).toBe('/api/invitations'));
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[0].textContent).toBe('1');
    expect(screen.queryByText('No pending invitations.')).toBeNull();
  });

  it("a failed remove says 'Error' with the server's message, or 'Failed to delete the invitation.'", async () => {
    render({
      'GET /api/invitations': { body: listOf([invitation(1), invitation(2)]) },
      [`DELETE /invitations/${invitation(1).id}`]: { status: 404, body: { message: 'This invitation does not exist.' } },
      [`DELETE /invitations/${invitation(2).id}`]: { status: 500, body: {} },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the invitation to person1@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, continue' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(error).getByText('This invitation does not exist.')).toBeTruthy();
    fireEvent.click(within(error).getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the invitation to person2@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, continue' }));
    expect(within(await screen.findByRole('dialog', { name: 'Error' })).getByText('Failed to delete the invitation.')).toBeTruthy();
  });

  it('the invite form sends the e-mail, division, department and position and goes back to the list', async () => {
    const view = render(
      { 'POST /invitations': (call) => ({ status: 201, body: { success: true, message: 'The invitation has been created.', data: invitation(5, call.body as object) } }), 'GET /api/invitations': { body: listOf([]) } },
      '/invitations/create',
    );
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Department/), { target: { value: 'Hangar 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/invitations'));
    expect(fetchMock.callsTo('POST', '/invitations')[0].body).toEqual({ email: 'new@example.com', division: '', department: 'Hangar 2', position: '' });
  });
});

describe('the pending-invitation popup', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  it("checks two seconds after load and shows 'Hooray !!!' with Join and no way to cancel; Join accepts", async () => {
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture() } },
      'GET /api/invitations/pending': { body: { inviting_company: { id: 'c1', company_name: 'Nordic Line Maintenance' } } },
      'POST /invitations/accept': { body: { success: true, message: 'You joined the Student List of Nordic Line Maintenance.' } },
    });
    const view = renderWithProviders(<PendingInvitationPopup />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(fetchMock.callsTo('GET', '/api/invitations/pending')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Hooray !!!' }, { timeout: 3000 });
    expect(within(dialog).getByText('Nordic Line Maintenance is about to share its online courses with you. Join its Student List.')).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Join']);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Hooray !!!' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.callsTo('POST', '/invitations/accept')).toHaveLength(1);
    expect(view.store.getState().flash.messages.map((m) => m.text)).toEqual(['You joined the Student List of Nordic Line Maintenance.']);
  });

  it('shows nothing when no company invited the user', async () => {
    fetchMock = mockFetch({ '/api/me': { body: { data: userFixture() } }, 'GET /api/invitations/pending': { body: { inviting_company: null } } });
    renderWithProviders(<PendingInvitationPopup />);
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/invitations/pending')).toHaveLength(1), { timeout: 3000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
