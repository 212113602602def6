/*
 * What a failed call answered, read from the rejection of an RTK Query `unwrap()` (or the
 * `error` of a query): `{ status, data }`, where a form post refused by the gateway carries
 * `data: { message, errors: { field: [messages] } }` (422). Network failures have no body.
 */

/** Field-to-messages map of a 422 answer (spec: the first message is shown under the field). */
export type FieldErrors = Record<string, string[]>;

function answerBody(failure: unknown): Record<string, unknown> | undefined {
  if (typeof failure !== 'object' || failure === null || !('status' in failure)) return undefined;
  const data = (failure as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** The HTTP status of a failed call, if it got an answer. */
export function failureStatus(failure: unknown): number | undefined {
  const status = typeof failure === 'object' && failure !== null && 'status' in failure ? failure.status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's `message` of a failed call, if it sent one; callers fall back to their own text
 * (usually "Something went wrong").
 */
export function failureMessage(failure: unknown): string | undefined {
  const message = answerBody(failure)?.['message'];
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The per-field messages of a failed form post (422), or an empty map. */
export function failureFieldErrors(failure: unknown): FieldErrors {
  const errors = answerBody(failure)?.['errors'];
  return typeof errors === 'object' && errors !== null ? (errors as FieldErrors) : {};
}
