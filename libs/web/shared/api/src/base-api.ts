import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { readCookie, reportClientError } from '@aero/web-shared-util';

/** Cookie the gateway sets for CSRF protection, and the header it expects back. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Cache tags shared by every feature's endpoints. */
export const API_TAG_TYPES = [
  'Product',
  'Cart',
  'Profile',
  'Course',
  'Exam',
  'Share',
  'Employee',
  'EmployeeGroup',
  'Invitation',
  'Order',
  'Content',
] as const;
export type ApiTagType = (typeof API_TAG_TYPES)[number];

/**
 * Every call carries the session cookie, `X-Requested-With: XMLHttpRequest` (the gateway then
 * answers JSON) and the XSRF token read from its cookie at request time (spec: "All requests
 * carry a CSRF token header and an XMLHttpRequest header").
 */
const fetchQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders(headers) {
    headers.set('X-Requested-With', 'XMLHttpRequest');
    headers.set('Accept', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
    return headers;
  },
});

/**
 * The calls of the web app, as `fetchQuery` makes them; a call that fails on the server's side
 * (5xx) or gets no answer at all is reported (POST /api/client-errors) with the correlation id of
 * its answer, so the browser's report and the server's logs meet.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (args, api, extraOptions) => {
  const result = await fetchQuery(args, api, extraOptions);
  if (result.error) reportFailedCall(args, result.error, result.meta);
  return result;
};

function reportFailedCall(args: string | FetchArgs, error: FetchBaseQueryError, meta: FetchBaseQueryMeta | undefined): void {
  const status = typeof error.status === 'number' ? error.status : 0;
  if (status !== 0 && status < 500) return;
  const url = typeof args === 'string' ? args : args.url;
  const method = (typeof args === 'string' ? undefined : args.method)?.toUpperCase() ?? 'GET';
  const body = 'data' in error ? (error.data as { correlationId?: unknown } | undefined) : undefined;
  const correlationId = meta?.response?.headers.get('x-correlation-id') ?? (typeof body?.correlationId === 'string' ? body.correlationId : undefined);
  void reportClientError({
    kind: 'api_call',
    name: 'ApiError',
    message: status ? `${method} ${url} answered ${status}` : `${method} ${url} got no answer (${String(error.status)})`,
    api: `${method} ${url}`.slice(0, 500),
    status,
    ...(correlationId ? { correlationId: correlationId.slice(0, 100) } : {}),
  });
}

/** The one RTK Query api of the web app; features add endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});
