import { CommonErrorCode, type ErrorCode, type ErrorPayload } from '@aero/contracts';
import { isDependencyUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from './dependency-unavailable.js';

/**
 * An expected failure of a domain rule. It carries everything the gateway needs to answer
 * the user: a stable code (one of contracts' `ErrorCode`s), the message the spec gives, the HTTP
 * status and field errors.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number = 422,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toPayload(): ErrorPayload {
    return { code: this.code, message: this.message, status: this.status, ...(this.errors ? { errors: this.errors } : {}) };
  }

  /** A 422 with one message under one field, the shape the spec's forms read. */
  static field(field: string, message: string, code: ErrorCode = CommonErrorCode.Validation): DomainError {
    return new DomainError(code, message, 422, { [field]: [message] });
  }

  static notFound(message: string, code: ErrorCode = CommonErrorCode.NotFound): DomainError {
    return new DomainError(code, message, 404);
  }
}

/** An error answered by another service over RPC, re-thrown on the caller's side. */
export class RemoteError extends Error {
  constructor(readonly payload: ErrorPayload) {
    super(payload.message);
    this.name = 'RemoteError';
  }
}

/**
 * The service could not be reached or did not answer in time: nobody serves it (`no_responders`),
 * the instance running the request died (`responder_lost`), a live instance was too slow
 * (`timeout`), or the connection to NATS is down (`disconnected`).
 */
export class ServiceUnavailableError extends Error {
  constructor(
    readonly service: string,
    readonly reason: 'timeout' | 'no_responders' | 'responder_lost' | 'disconnected',
  ) {
    super(`${service} is unavailable (${reason})`);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * Turns anything thrown into the payload sent back over RPC; unknown errors reveal nothing. A
 * server the service needs being unreachable (its database restarting) is a 503, not a 500.
 */
export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof DomainError) return error.toPayload();
  if (error instanceof RemoteError) return error.payload;
  if (isDependencyUnavailable(error)) return { code: CommonErrorCode.ServiceUnavailable, message: SERVICE_UNAVAILABLE_MESSAGE, status: 503 };
  return { code: CommonErrorCode.Internal, message: 'Something went wrong', status: 500 };
}
