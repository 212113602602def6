import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed double-submit CSRF tokens: the token is HMAC-SHA256(SESSION_SECRET, session id), sent
 * to the browser in the readable XSRF-TOKEN cookie and expected back in a header. Nothing is
 * stored: a token is checked by recomputing it, and only someone who can read our cookies (that
 * is, our own pages) can send it back.
 */
export class CsrfTokens {
  constructor(private readonly secret: string) {}

  tokenFor(sessionId: string): string {
    return createHmac('sha256', this.secret).update(sessionId).digest('base64url');
  }

  matches(sessionId: string, candidate: string | undefined): boolean {
    if (!candidate) return false;
    const expected = Buffer.from(this.tokenFor(sessionId));
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
