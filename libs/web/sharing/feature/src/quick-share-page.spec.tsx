import type { ShareItemDto, ShareListResponse } from '@aero/contracts';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { companyAdminFixture, mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { PendingSharesPrompt } from './pending-shares-prompt.js';
import { QuickSharePage } from './quick-share-page.js';

function item(overrides: Partial<ShareItemDto> = {}): ShareItemDto {
  return {
    id: '6d7c4a52-52bb-4f0f-9d8e-7c1f2f0e9a11',
    status: 'shared',
    share: false,
    share_to: 'pilot@example.com',
    share_to_name: null,
    share_type: 'email',
    send_at: '2026-11-20T10:00:00.000Z',
    available_till: '2027-06-30',
    status_description: 'Shared, not accepted yet',
    has_errors: false,
    checked: false,
    program_id: 2001,
    course_name: 'Part-145 Initial Training',
    can_resend: true,
    can_cancel: true,
    can_recall: true,
    ...overrides,
  };
}

function listOf(items: ShareItemDto[], share = 3): ShareListResponse {
  return {
    data: items,
    meta: { pagination: { total: items.length, count: items.length, per_page: 10, current_page: 1, total_pages: 1 }, counts: { share, sharing: items.length } },
  };
}

const ticket = item({ id: '7d7c4a52-52bb-4f0f-9d8e-7c1f2f0e9a12', share_type: 'ticket', share_to: 'K7QF-3MZP-W2XD', can_resend: false });

describe('the quick share page (learning §2)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function render(answers: Record<string, FetchAnswer> = {}) {
    fetchMock = mockFetch({
      '/api/me': { body: { data: companyAdminFixture() } },
      '/api/quick-share/courses': { body: { data: [{ program_id: 2001, name: 'Part-145 Initial Training', available: 3, shared: 2 }] } },
      '/my-courses/available-for-sharing/2001': { body: { count: 3 } },
      '/api/quick-share/items': { body: listOf([item(), ticket]) },
      ...answers,
    });
    return renderWithProviders(null, { routes: [{ path: '/quick-share', element: <QuickSharePage /> }, { path: '/my-courses', element: <h1>My courses</h1> }], route: '/quick-share' });
  }

  it('shows the Share and Sharing tabs with their counts', async () => {
    render();
    // The first render loads the feature's modules: a slow machine may take a moment.
    expect((await screen.findByRole('tab', { name: /Share\s*3/ }, { timeout: 5000 })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('tab', { name: /Sharing\s*2/ })).toBeTruthy();
  });

  it('Add recipient: an address failing the e-mail check is flagged and not sent; a good one is shared', async () => {
    render({ 'POST /quick-share/2001': (call) => ({ body: { shared_to: (call.body as { email: string }).email, data: item() } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add recipient' }));
    fireEvent.change(screen.getByLabelText('Recipient 1'), { target: { value: 'not-mail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share selected' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/quick-share/2001')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Recipient 1'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share selected' }));
    await waitFor(() => expect(fetchMock.callsTo('POST', '/quick-share/2001')).toHaveLength(1));
    expect(fetchMock.callsTo('POST', '/quick-share/2001')[0].body).toEqual({ email: 'new@example.com', share_type: 'email' });
    await waitFor(() => expect(screen.queryByLabelText('Recipient 1')).toBeNull());
  });

  it('sharing to an address that already has a share asks before sharing another instance', async () => {
    render({ 'POST /quick-share/2001': { body: { shared_to: 'pilot@example.com', data: item() } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add recipient' }));
    fireEvent.change(screen.getByLabelText('Recipient 1'), { target: { value: 'pilot@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This e-mail already has a share. Do you want to share another course instance?')).toBeTruthy();
    expect(fetchMock.callsTo('POST', '/quick-share/2001')).toHaveLength(0);
    // The server searches every shared item for the address, not only the page the tab shows.
    expect(fetchMock.callsTo('GET', '/api/quick-share/items').some((c) => new URL(c.url, 'http://x').searchParams.get('search') === 'pilot@example.com')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share another course' }));
    await waitFor(() => expect(fetchMock.callsTo('POST', '/quick-share/2001')).toHaveLength(1));
  });

  it("a refused share shows the server's message on the row", async () => {
    render({ 'POST /quick-share/2001': { status: 409, body: { message: 'Course already received: look for it in your profile' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add recipient' }));
    fireEvent.change(screen.getByLabelText('Recipient 1'), { target: { value: 'holder@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Share selected' }));
    expect(await screen.findByRole('cell', { name: 'Course already received: look for it in your profile' })).toBeTruthy();
  });

  it('Add multiple recipients checks the paste with the spec messages before sending', async () => {
    render({ 'POST /quick-share/2001/multiple': { body: { data: [item(), item()], message: '2 courses were shared.' } } });
    // The paste is checked against the seats available: shared only once their count is in.
    await screen.findByRole('tab', { name: 'Share 3' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add multiple recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add multiple recipients' });
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    const paste = (text: string) => fireEvent.change(within(dialog).getByLabelText(/E-mail addresses/), { target: { value: text } });
    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You need to write something!');
    paste('a@x.com, b@x.com; c@x.com, d@x.com');
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('You have only 3 courses.'));
    paste('a@x.com; A@x.com');
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('You have duplicated emails'));
    paste('a@x.com; nope');
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('You have incorrect emails'));
    expect(fetchMock.callsTo('POST', '/quick-share/2001/multiple')).toHaveLength(0);
    paste(' a@x.com ;b@x.com ');
    submit();
    await waitFor(() => expect(fetchMock.callsTo('POST', '/quick-share/2001/multiple')).toHaveLength(1));
  });

  it('the Sharing tab: sortable columns, select all with Cancel selected, Print Ticket in a new tab', async () => {
    render({ 'POST /api/quick-share/cancel-selected': { body: { done: [], skipped: [], message: '2 done, 0 skipped.' } } });
    fireEvent.click(await screen.findByRole('tab', { name: /Sharing/ }));
    const table = await screen.findByRole('table', { name: 'Shared courses' });
    expect(within(table).getByRole('columnheader', { name: 'Send date' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(table).getByRole('button', { name: 'Recipient' }));
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/quick-share/items').some((c) => c.url.includes('sort=share_to') && c.url.includes('direction=asc'))).toBe(true));
    const print = within(table).getByRole('link', { name: 'Print Ticket' });
    expect([print.getAttribute('href'), print.getAttribute('target')]).toEqual(['/tickets/K7QF-3MZP-W2XD', '_blank']);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel selected' }));
    await waitFor(() => expect(fetchMock.callsTo('POST', '/api/quick-share/cancel-selected')).toHaveLength(1));
    expect((fetchMock.callsTo('POST', '/api/quick-share/cancel-selected')[0].body as { ids: string[] }).ids.sort()).toEqual([item().id, ticket.id].sort());
  });

  it("Add multiple recipients refuses more than 50 at once: 'You cannot share more than 50 courses at once!'", async () => {
    render({ '/my-courses/available-for-sharing/2001': { body: { count: 60 } } });
    await screen.findByRole('tab', { name: 'Share 60' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add multiple recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add multiple recipients' });
    const emails = Array.from({ length: 51 }, (_, i) => `crew${i}@example.com`).join(';');
    fireEvent.change(within(dialog).getByLabelText(/E-mail addresses/), { target: { value: emails } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You cannot share more than 50 courses at once!');
    expect(fetchMock.callsTo('POST', '/quick-share/2001/multiple')).toHaveLength(0);
  });

  it('the Sharing tab: pages of 10 to 50 in steps of 10; the pagination shows 7 places with the first and last page, and hides with one page', async () => {
    const many: ShareListResponse = { ...listOf([item()]), meta: { pagination: { total: 120, count: 10, per_page: 10, current_page: 1, total_pages: 12 }, counts: { share: 3, sharing: 120 } } };
    render({ '/api/quick-share/items': (call) => ({ body: call.url.includes('search=') ? listOf([item()]) : many }) });
    fireEvent.click(await screen.findByRole('tab', { name: /Sharing/ }));
    const pages = await screen.findByRole('navigation', { name: 'Pages of shared courses' });
    expect(within(pages).getAllByRole('button').map((b) => b.textContent)).toEqual(['‹', '1', '2', '3', '4', '5', '12', '›']);
    const perPage = screen.getByRole('combobox', { name: 'Per page' });
    expect(within(perPage).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '30', '40', '50']);
    fireEvent.change(perPage, { target: { value: '50' } });
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/quick-share/items').some((c) => c.url.includes('per_page=50'))).toBe(true));
    fireEvent.change(screen.getByLabelText('Search the shared courses'), { target: { value: 'pilot' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pages of shared courses' })).toBeNull());
  });

  it('the availability list modal shows qty, purchased date and available till, with the total in its title', async () => {
    render({ '/availability-list/2001': { body: { data: [{ qty: 3, created_at: '2026-05-04T09:30:00.000Z', available_till: '2027-06-30' }], meta: { total: 3 } } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Availability' }));
    const dialog = await screen.findByRole('dialog', { name: 'Availability: 3 seats' });
    expect(within(dialog).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '2026-05-04', '2027-06-30']);
  });
});

describe('the pending-shares prompt (learning §4)', () => {
  let fetchMock: FetchMock;
  afterEach(() => {
    fetchMock.restore();
    jest.useRealTimers();
  });

  it('asks two seconds after load, receives the courses, then goes to My courses three seconds later', async () => {
    jest.useFakeTimers();
    fetchMock = mockFetch({
      '/api/me': { body: { data: userFixture() } },
      '/api/quick-share/has-pending': { body: { has_shares: true, shares_count: 1 } },
      '/api/quick-share/receive-pending': { body: { received: [], message: 'You received 1 course.' } },
    });
    renderWithProviders(null, {
      routes: [
        { path: '/', element: <PendingSharesPrompt /> },
        { path: '/my-courses', element: <h1>My courses page</h1> },
      ],
      route: '/',
    });
    await act(() => jest.advanceTimersByTimeAsync(1900));
    expect(fetchMock.callsTo('GET', '/api/quick-share/has-pending')).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(200));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await act(() => jest.advanceTimersByTimeAsync(100));
    expect(fetchMock.callsTo('GET', '/api/quick-share/receive-pending')).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(2800));
    expect(screen.queryByRole('heading', { name: 'My courses page' })).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('heading', { name: 'My courses page' })).toBeTruthy();
  });
});
