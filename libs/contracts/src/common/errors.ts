/**
 * How a domain error travels over RPC. The gateway maps it 1:1 onto the HTTP answer:
 * `status` becomes the HTTP status, `message` and `errors` the JSON body.
 */
export interface ErrorPayload {
  code: string;
  message: string;
  status: number;
  /** Field-to-messages map, as the spec's forms read it (422). */
  errors?: Record<string, string[]>;
}

export function isErrorPayload(value: unknown): value is ErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorPayload).code === 'string' &&
    typeof (value as ErrorPayload).message === 'string' &&
    typeof (value as ErrorPayload).status === 'number'
  );
}

/** Codes shared by every service; domain-specific codes live next to their domain. */
export const CommonErrorCode = {
  Validation: 'validation_failed',
  NotFound: 'not_found',
  Internal: 'internal_error',
  ServiceUnavailable: 'service_unavailable',
  /** A NUL or another control character where text is expected (400). */
  InvalidCharacters: 'invalid_characters',
} as const;
