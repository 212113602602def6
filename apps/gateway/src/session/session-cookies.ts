import type { FastifyReply } from 'fastify';
import type { CsrfTokens } from '../csrf/csrf-tokens.js';
import { SESSION_TTL_SECONDS } from './session-store.js';

export const SESSION_COOKIE = 'aero_session';
/** The name axios and Laravel-style clients read; they send it back as X-XSRF-TOKEN. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Writes the two cookies that tie a browser to its session, with the same flags everywhere. */
export class SessionCookies {
  constructor(
    private readonly csrf: CsrfTokens,
    private readonly secure: boolean,
  ) {}

  /** HttpOnly: page scripts never need the session id, so an XSS cannot steal it. */
  issueSession(reply: FastifyReply, sessionId: string): void {
    reply.setCookie(SESSION_COOKIE, sessionId, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.secure,
      maxAge: SESSION_TTL_SECONDS,
    });
  }

  /** Readable by our scripts (not HttpOnly): they copy it into the X-XSRF-TOKEN header. */
  issueXsrf(reply: FastifyReply, sessionId: string): void {
    reply.setCookie(XSRF_COOKIE, this.csrf.tokenFor(sessionId), {
      httpOnly: false,
      sameSite: 'lax',
      path: '/',
      secure: this.secure,
    });
  }
}
