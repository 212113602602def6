import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** Field-to-messages map of a 422 answer (spec: the first message is shown under the field). */
export type FieldErrors = Record<string, string[]>;

function body(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const data = (error as FetchBaseQueryError & { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/**
 * The server's `message` of a failed call, if it sent one; callers fall back to their own text
 * (usually "Something went wrong").
 */
export function serverMessage(error: FetchBaseQueryError | SerializedError | undefined): string | undefined {
  const message = body(error)?.['message'];
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The per-field messages of a failed form post (422), or an empty map. */
export function fieldErrors(error: FetchBaseQueryError | SerializedError | undefined): FieldErrors {
  const errors = body(error)?.['errors'];
  return typeof errors === 'object' && errors !== null ? (errors as FieldErrors) : {};
}
