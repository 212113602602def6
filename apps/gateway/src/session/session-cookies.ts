import type { FastifyReply } from 'fastify';
import type { CsrfTokens } from '../csrf/csrf-tokens.js';
import { REMEMBER_ME_TTL_SECONDS } from './remember-me-tokens.js';
import { SESSION_TTL_SECONDS } from './session-store.js';

export const SESSION_COOKIE = 'aero_session';
/** The remember-me token: brings the signed-in session back after the 24-hour session expired. */
export const REMEMBER_COOKIE = 'aero_remember';
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

  /** HttpOnly like the session cookie; 3 years (spec: shop §9). */
  issueRemember(reply: FastifyReply, token: string): void {
    reply.setCookie(REMEMBER_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.secure,
      maxAge: REMEMBER_ME_TTL_SECONDS,
    });
  }

  clearRemember(reply: FastifyReply): void {
    reply.clearCookie(REMEMBER_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: this.secure });
  }
}
