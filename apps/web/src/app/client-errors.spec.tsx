import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { baseApi } from '@aero/web-shared-api';
import { mockFetch, type FetchMock } from '@aero/web-shared-testing';
import { ErrorBoundary } from '@aero/web-shared-ui';
import { installClientErrorReporting, resetClientErrorReports } from '@aero/web-shared-util';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'lines')");
}

describe('browser errors are reported to POST /api/client-errors', () => {
  let fetchMock: FetchMock;
  let consoleError: ReturnType<typeof jest.spyOn>;

  beforeEach(() => {
    resetClientErrorReports();
    document.cookie = 'XSRF-TOKEN=token-123; path=/';
    window.history.pushState({}, '', '/checkout?step=2');
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock = mockFetch({
      'POST /api/client-errors': { status: 204, body: {} },
      '/api/cart': () => new Response(JSON.stringify({ message: 'Something went wrong', correlationId: 'body-corr' }), { status: 500, headers: { 'Content-Type': 'application/json', 'x-correlation-id': 'corr-500' } }),
    });
  });

  afterEach(() => {
    fetchMock.restore();
    consoleError.mockRestore();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  const reports = () => fetchMock.callsTo('POST', '/api/client-errors');

  it('a render error caught by the error boundary: its message, stack and page, with the session cookie and the XSRF header', async () => {
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    await waitFor(() => expect(reports()).toHaveLength(1));
    const [call] = reports();
    expect(call.body).toEqual(
      expect.objectContaining({ kind: 'error_boundary', name: 'TypeError', message: "Cannot read properties of undefined (reading 'lines')", route: '/checkout?step=2', stack: expect.stringContaining('TypeError') }),
    );
    expect(call.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    expect(call.credentials).toBe('include');
  });

  it('a failed API call (5xx): the call, its status and the correlation id of its answer', async () => {
    const store = configureStore({ reducer: { [baseApi.reducerPath]: baseApi.reducer }, middleware: (getDefault) => getDefault().concat(baseApi.middleware) });
    const api = baseApi.injectEndpoints({ endpoints: (build) => ({ cartForReport: build.query<unknown, void>({ query: () => '/api/cart' }) }), overrideExisting: true });
    await store.dispatch(api.endpoints.cartForReport.initiate());
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0].body).toEqual(
      expect.objectContaining({ kind: 'api_call', api: 'GET /api/cart', status: 500, correlationId: 'corr-500', route: '/checkout?step=2', message: 'GET /api/cart answered 500' }),
    );
  });

  it('sends the report again with the XSRF token the refusal brings, when the page had none yet (419)', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock.restore();
    fetchMock = mockFetch({
      'POST /api/client-errors': (call) => {
        if (call.headers.get('X-XSRF-TOKEN') === 'fresh-token') return { status: 204, body: {} };
        document.cookie = 'XSRF-TOKEN=fresh-token; path=/';
        return { status: 419, body: { message: 'CSRF token mismatch.' } };
      },
    });
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    await waitFor(() => expect(reports()).toHaveLength(2));
    expect(reports().map((call) => call.headers.get('X-XSRF-TOKEN'))).toEqual([null, 'fresh-token']);
  });

  it('an unhandled promise rejection', async () => {
    const uninstall = installClientErrorReporting(window);
    try {
      const event = new Event('unhandledrejection') as Event & { reason?: unknown };
      event.reason = new Error('payment widget failed to load');
      window.dispatchEvent(event);
      await waitFor(() => expect(reports()).toHaveLength(1));
      expect(reports()[0].body).toEqual(expect.objectContaining({ kind: 'unhandled_rejection', name: 'Error', message: 'payment widget failed to load' }));
    } finally {
      uninstall();
    }
  });
});
