import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deferred, mockFetch, renderWithProviders, type FetchAnswer, type FetchMock } from '@aero/web-shared-testing';
import { DataMethodLink, DataMethodLinks } from './data-method.js';

describe('links with data-method (shop §2, §7, §8)', () => {
  let fetchMock: FetchMock;
  afterEach(() => fetchMock.restore());

  function renderLink(answers: Record<string, FetchAnswer>, method: 'delete' | 'patch' | 'post' = 'delete') {
    fetchMock = mockFetch(answers);
    const reload = jest.fn();
    renderWithProviders(
      <DataMethodLink href="/orders/cancel/3f2a" method={method} reload={reload}>
        Cancel order
      </DataMethodLink>,
    );
    return reload;
  }

  it('opens "Are you sure?" first; confirming sends that method with a _method field, then reloads the page', async () => {
    const reload = renderLink({ 'DELETE /orders/cancel/3f2a': { body: { message: 'Order canceled.' } } });
    const link = screen.getByRole('link', { name: 'Cancel order' });
    expect(link.getAttribute('data-method')).toBe('delete');
    fireEvent.click(link);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(fetchMock.calls).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetchMock.calls.map((call) => [call.method, call.url, call.body])).toEqual([['DELETE', '/orders/cancel/3f2a', { _method: 'DELETE' }]]);
    expect(fetchMock.calls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel closes the confirmation without a request', () => {
    const reload = renderLink({});
    fireEvent.click(screen.getByRole('link', { name: 'Cancel order' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.calls).toHaveLength(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it("a failure shows the server's message in the dialog, and no reload", async () => {
    const reload = renderLink({ 'DELETE /orders/cancel/3f2a': { status: 422, body: { message: 'This order is already paid.' } } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('This order is already paid.');
    expect(reload).not.toHaveBeenCalled();
  });

  it("a failure without a message (network, 500 page) shows 'Please try again'", async () => {
    const reload = renderLink({ 'DELETE /orders/cancel/3f2a': () => Promise.reject(new TypeError('Failed to fetch')) });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Please try again');
    expect(reload).not.toHaveBeenCalled();
  });

  it('PATCH travels as PATCH with _method (the gateway overrides PUT, PATCH and DELETE)', async () => {
    const reload = renderLink({ 'PATCH /orders/cancel/3f2a': { body: {} } }, 'patch');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(fetchMock.calls[0]).toMatchObject({ method: 'PATCH', body: { _method: 'PATCH' } });
  });

  it('a POST link posts without a _method field', async () => {
    const reload = renderLink({ 'POST /orders/cancel/3f2a': { body: {} } }, 'post');
    fireEvent.click(screen.getByRole('link', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect([fetchMock.calls[0].method, fetchMock.calls[0].body]).toEqual(['POST', undefined]);
  });

  it('keeps the buttons disabled while the request runs', async () => {
    const answer = deferred<{ body: unknown }>();
    renderLink({ 'DELETE /orders/cancel/3f2a': () => answer.promise });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Yes, continue' }).disabled).toBe(true));
    answer.resolve({ body: {} });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives any <a data-method> of the page (e.g. in article HTML) the same behaviour; unknown methods are left alone', async () => {
    fetchMock = mockFetch({ 'DELETE /invitations/9': { body: {} } });
    const reload = jest.fn();
    renderWithProviders(
      <>
        <DataMethodLinks reload={reload} />
        <div dangerouslySetInnerHTML={{ __html: '<a href="/invitations/9" data-method="delete">Remove invitation</a><a href="#trace" data-method="trace">Trace</a>' }} />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Trace' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Remove invitation' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetchMock.calls.map((call) => [call.method, call.url, call.body])).toEqual([['DELETE', '/invitations/9', { _method: 'DELETE' }]]);
  });
});
