import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RequestSession } from './request-session.js';
import { REMEMBER_COOKIE, SESSION_COOKIE, type SessionCookies } from './session-cookies.js';
import { isSessionId, newSessionId } from './session-id.js';
import type { SessionStore } from './session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request, visitors and 404s included; see RequestSession. */
    session: RequestSession;
  }
}

/**
 * onRequest: every client has a session id from its first response on. A request without a
 * (well-formed) session cookie gets a new id and the cookie; no Redis work happens here (a
 * remember-me cookie is only looked at when the session is read).
 */
export function createSessionHook(store: SessionStore, cookies: SessionCookies) {
  return function sessionHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const presented = request.cookies[SESSION_COOKIE];
    const valid = isSessionId(presented);
    const sessionId = valid ? presented : newSessionId();
    request.session = new RequestSession(store, cookies, reply, sessionId, !valid, request.cookies[REMEMBER_COOKIE] || undefined);
    if (!valid) cookies.issueSession(reply, sessionId);
    done();
  };
}
