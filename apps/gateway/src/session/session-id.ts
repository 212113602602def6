import { randomBytes } from 'node:crypto';

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, base64url: unguessable, and safe in a cookie and a Redis key. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a presented cookie value has the shape of our ids (anything else gets a new session). */
export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID.test(value);
}
