/** What a caller is told when a server the service needs cannot be reached right now. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * PostgreSQL SQLSTATEs of a server that is shutting down, starting up, or whose connection broke:
 * admin_shutdown, crash_shutdown, cannot_connect_now, and the connection exceptions (class 08).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);

/** Socket errors of a server that is down or unreachable. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * The messages the pg and ioredis clients give such failures without a code: a connection that
 * ended mid-query, a pool that could not connect in time, a Redis that stays unreachable.
 */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|max retries per request/i;

/**
 * True when `error` says a server (PostgreSQL, Redis) cannot be reached right now rather than
 * that the request is wrong: such a failure passes once the server is back, so it is answered 503
 * (try again) instead of 500. Wrapped errors are followed (TypeORM's `driverError`, `cause`).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    const next = current as { driverError?: unknown; cause?: unknown };
    current = next.driverError ?? next.cause;
  }
  return false;
}
