import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { SessionCookies } from '../session/session-cookies.js';
import type { CsrfTokens } from './csrf-tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by @SkipCsrf(): the route is called by other servers (payment webhooks), not browsers. */
    skipCsrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 419 is Laravel's "page expired", which the spec's client code treats as a CSRF failure. */
export const CSRF_FAILURE_STATUS = 419;
export const CSRF_FAILURE_MESSAGE = 'CSRF token mismatch.';

/**
 * onRequest, after the session hook: rejects a state-changing request whose X-XSRF-TOKEN /
 * X-CSRF-TOKEN header does not carry its session's token. It runs before routing decides
 * anything else, so an unknown POST is rejected the same way. The XSRF-TOKEN cookie itself comes
 * with a client's first response that is not publicly cacheable (firstVisitCookiesHook).
 */
export function createCsrfHook(csrf: CsrfTokens, cookies: SessionCookies) {
  return function csrfHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const session = request.session;
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.skipCsrf) return done();

    const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
    if (csrf.matches(session.id, typeof header === 'string' ? header : undefined)) return done();
    // The current token goes with the refusal, so a client holding a stale cookie can retry.
    cookies.issueXsrf(reply, session.id);
    void reply.code(CSRF_FAILURE_STATUS).send({ message: CSRF_FAILURE_MESSAGE });
  };
}
