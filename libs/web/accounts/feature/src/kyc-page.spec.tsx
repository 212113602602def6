import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { KycSubjectDto } from '@aero/contracts';
import { selectFlashMessages } from '@aero/web-shared-store';
import { mockFetch, renderWithProviders, userFixture, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { AccountNotices } from './account-notices.js';
import { KycPage } from './kyc-page.js';

const SUBJECT: KycSubjectDto = {
  subject_type: 'company',
  subject_id: 'c0a10000-0000-4000-8000-000000000009',
  name: 'Baltic Aero Technics',
  email: 'owner@baltic-aero.example',
  country: 'LT',
  company_code: 'BAT-44',
  vat_number: 'LT100000000',
  status: 'not_confirmed',
  reason: null,
  decided_at: null,
  created_at: '2026-02-20T08:00:00.000Z',
};
const PAGE = { data: [SUBJECT], meta: { pagination: { total: 1, count: 1, per_page: 10, current_page: 1, total_pages: 1 } } };

describe('KycPage (learning §4 KYC status, §6 "KYC users approve or decline")', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function renderKyc(roles: string[], answers: Record<string, FetchAnswer> = {}) {
    fetchMock = mockFetch({ '/api/me': { body: { data: userFixture({ roles: roles as never }) } }, '/api/kyc/pending': { body: PAGE }, ...answers });
    return renderWithProviders(<KycPage />, { route: '/kyc', path: '/kyc' });
  }

  const row = () => screen.findByRole('row', { name: /Baltic Aero Technics/ });

  it('refuses users without the KYC role', async () => {
    renderKyc(['student']);
    expect((await screen.findByRole('alert')).textContent).toBe('Only KYC users can review KYC checks.');
    expect(fetchMock.callsTo('GET', '/api/kyc/pending')).toHaveLength(0);
  });

  it('lists the pending checks with their status badge', async () => {
    renderKyc(['kyc']);
    const cells = within(await row()).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(['Company', 'owner@baltic-aero.example', 'LT', 'BAT-44', 'LT100000000', 'Not confirmed']);
    expect(fetchMock.callsTo('GET', '/api/kyc/pending')[0].url).toBe('/api/kyc/pending?page=1&search=');
  });

  it('approves only once confirmed: Cancel leaves the check pending, Approve in the dialog posts /kyc/{type}/{id}/approve and reloads the list', async () => {
    const { store } = renderKyc(['kyc'], { 'POST /kyc/company/c0a10000-0000-4000-8000-000000000009/approve': { body: { message: 'The KYC check has been approved.' } } });
    fireEvent.click(within(await row()).getByRole('button', { name: 'Approve Baltic Aero Technics' }));
    let dialog = screen.getByRole('dialog', { name: 'Approve the KYC check of Baltic Aero Technics?' });
    expect(dialog.textContent).toContain('Baltic Aero Technics (owner@baltic-aero.example) is told by e-mail that the check is approved.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.callsTo('POST', '/kyc/company/c0a10000-0000-4000-8000-000000000009/approve')).toHaveLength(0);

    fireEvent.click(within(await row()).getByRole('button', { name: 'Approve Baltic Aero Technics' }));
    dialog = screen.getByRole('dialog', { name: 'Approve the KYC check of Baltic Aero Technics?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/kyc/pending')).toHaveLength(2));
    expect(selectFlashMessages(store.getState()).map((flash) => flash.text)).toEqual(['The KYC check has been approved.']);
  });

  it('declines only with a reason', async () => {
    renderKyc(['kyc'], { 'POST /kyc/company/c0a10000-0000-4000-8000-000000000009/decline': { body: { message: 'The KYC check has been declined.' } } });
    fireEvent.click(within(await row()).getByRole('button', { name: 'Decline Baltic Aero Technics' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the KYC check of Baltic Aero Technics' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('A reason is required to decline a KYC check.')).toBeTruthy();
    expect(fetchMock.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'The VAT number belongs to another company.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.callsTo('POST', '/kyc/company/c0a10000-0000-4000-8000-000000000009/decline')[0].body).toEqual({ reason: 'The VAT number belongs to another company.' });
  });

  it('searches from page 1', async () => {
    renderKyc(['kyc']);
    await row();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'baltic' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(fetchMock.callsTo('GET', '/api/kyc/pending').map((call) => call.url)).toContain('/api/kyc/pending?page=1&search=baltic'));
  });
});

describe('AccountNotices (the shell)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  it('asks a user whose accepted terms are outdated to accept the new ones, returning to the current page', async () => {
    fetchMock = mockFetch({ '/api/me': { body: { data: userFixture({ terms_up_to_date: false }) } } });
    renderWithProviders(<AccountNotices />, { route: '/my-courses?tab=2' });
    const link = await screen.findByRole('link', { name: 'Read and accept them' });
    expect(link.getAttribute('href')).toBe('/terms/accept?redirect=%2Fmy-courses%3Ftab%3D2');
  });

  it('shows the restriction notice on every screen but the profile (which shows its own)', async () => {
    const restricted = userFixture({ status: 'banned', restriction: { status: 'banned', scope: 'company', review_until: null, message: 'Your company account has been suspended. Please contact support.' } });
    fetchMock = mockFetch({ '/api/me': { body: { data: restricted } } });
    const first = renderWithProviders(<AccountNotices />, { route: '/e-shop' });
    expect((await screen.findByRole('alert', { name: 'Account restriction' })).textContent).toContain('Your company account has been suspended.');
    first.unmount();
    const { store } = renderWithProviders(<AccountNotices />, { route: '/profile' });
    await waitFor(() => expect(store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
