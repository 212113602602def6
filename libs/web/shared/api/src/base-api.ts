import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { readCookie } from '@aero/web-shared-util';

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
export const baseQuery = fetchBaseQuery({
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

/** The one RTK Query api of the web app; features add endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});
