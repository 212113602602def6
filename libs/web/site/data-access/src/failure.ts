import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fieldErrors, serverMessage, type FieldErrors } from '@aero/web-shared-api';

/** The HTTP status of a failed call (`unwrap()` rejection), if it got an answer. */
export function failureStatus(failure: unknown): number | undefined {
  const status = typeof failure === 'object' && failure !== null && 'status' in failure ? failure.status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The server's `message` of a failed call (`unwrap()` rejection), if any. */
export function failureMessage(failure: unknown): string | undefined {
  return serverMessage(failure as FetchBaseQueryError | undefined);
}

/** The per-field messages of a failed form post (422), or an empty map. */
export function failureFieldErrors(failure: unknown): FieldErrors {
  return fieldErrors(failure as FetchBaseQueryError | undefined);
}
