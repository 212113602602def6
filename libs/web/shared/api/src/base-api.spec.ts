import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from './base-api.js';
import { fieldErrors, serverMessage } from './error-message.js';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ping: build.query<{ ok: boolean }, void>({ query: () => '/api/ping' }),
    save: build.mutation<{ ok: boolean }, { name: string }>({
      query: (body) => ({ url: '/api/save', method: 'POST', body }),
    }),
  }),
});

function makeTestStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

describe('baseApi', () => {
  const realFetch = globalThis.fetch;
  let requests: Request[];

  beforeEach(() => {
    requests = [];
    globalThis.fetch = (input: RequestInfo | URL) => {
      requests.push(input as Request);
      return Promise.resolve(Response.json({ ok: true }));
    };
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends X-Requested-With, the XSRF token from its cookie and the credentials on a GET', async () => {
    document.cookie = 'XSRF-TOKEN=eyJpdiI6IjEyMyJ9%3D%3D; path=/';
    await makeTestStore().dispatch(api.endpoints.ping.initiate());

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(new URL(request.url).pathname).toBe('/api/ping');
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('eyJpdiI6IjEyMyJ9==');
    expect(request.credentials).toBe('include');
  });

  it('reads the cookie again for each request (a POST after the token changed)', async () => {
    const store = makeTestStore();
    document.cookie = 'XSRF-TOKEN=first; path=/';
    await store.dispatch(api.endpoints.ping.initiate());
    document.cookie = 'XSRF-TOKEN=second; path=/';
    await store.dispatch(api.endpoints.save.initiate({ name: 'x' }));

    expect(requests.map((request) => [request.method, request.headers.get('X-XSRF-TOKEN')])).toEqual([
      ['GET', 'first'],
      ['POST', 'second'],
    ]);
    expect(requests[1].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('sends no XSRF header while the cookie is absent', async () => {
    await makeTestStore().dispatch(api.endpoints.ping.initiate());
    expect(requests[0].headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('error helpers', () => {
  it('reads the server message and the field errors of a failed call', () => {
    const error = {
      status: 422,
      data: { code: 'validation_failed', message: 'The name field is required.', status: 422, errors: { name: ['Required'] } },
    };
    expect(serverMessage(error)).toBe('The name field is required.');
    expect(fieldErrors(error)).toEqual({ name: ['Required'] });
  });

  it('gives nothing when the server sent no message (network failure)', () => {
    expect(serverMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(serverMessage({ status: 500, data: '<html>' })).toBeUndefined();
    expect(fieldErrors(undefined)).toEqual({});
  });
});
