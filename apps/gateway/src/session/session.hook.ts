import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RequestSession } from './request-session.js';
import { REMEMBER_COOKIE, SESSION_COOKIE, XSRF_COOKIE, type SessionCookies } from './session-cookies.js';
import { isSessionId, newSessionId } from './session-id.js';
import type { SessionStore } from './session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every request, visitors and 404s included; see RequestSession. */
    session: RequestSession;
  }
}

/**
 * onRequest: every request has a session. A request without a (well-formed) session cookie gets
 * a new id, which its response hands out unless it is publicly cacheable (see
 * firstVisitCookiesHook); no Redis work happens here (a remember-me cookie is only looked at when
 * the session is read).
 */
export function createSessionHook(store: SessionStore, cookies: SessionCookies) {
  return function sessionHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const presented = request.cookies[SESSION_COOKIE];
    const valid = isSessionId(presented);
    const sessionId = valid ? presented : newSessionId();
    request.session = new RequestSession(store, cookies, reply, sessionId, !valid, request.cookies[REMEMBER_COOKIE] || undefined);
    done();
  };
}

/** The names of the cookies a reply sets so far (its Set-Cookie headers). */
function cookiesSetBy(reply: FastifyReply): Set<string> {
  const header = reply.getHeader('set-cookie');
  const lines = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  return new Set(lines.map((line) => String(line).slice(0, String(line).indexOf('='))));
}

/** `Cache-Control: public` (or `s-maxage`): a shared cache may hand this response to anyone. */
export function isPubliclyCacheable(reply: FastifyReply): boolean {
  const cacheControl = reply.getHeader('cache-control');
  return typeof cacheControl === 'string' && /(^|,)\s*(public|s-maxage=)/i.test(cacheControl);
}

/**
 * onSend, after @fastify/cookie's own: a client's first response gives it the session and
 * XSRF-TOKEN cookies (the web app sends the token back on its first POST) - unless the response
 * is publicly cacheable (static files, public GETs), which must never carry a cookie: a shared
 * cache would hand it to everyone. The client gets them with its next page or API response.
 * A handler that already issued them (sign-in, sign-out, a session write) is left as it is.
 */
export function createFirstVisitCookiesHook(cookies: SessionCookies) {
  return function firstVisitCookiesHook(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
    // Null when an earlier onRequest hook answered before the session hook ran (an unsafe URL).
    const session = request.session as RequestSession | null;
    // A new session has no token either; an old one may have lost its XSRF cookie.
    const needsXsrf = session !== null && (session.isNew || request.cookies[XSRF_COOKIE] === undefined);
    if (!needsXsrf || isPubliclyCacheable(reply)) return done(null, payload);
    const issued = cookiesSetBy(reply);
    if (session.isNew && !issued.has(SESSION_COOKIE)) cookies.issueSession(reply, session.id);
    if (!issued.has(XSRF_COOKIE)) cookies.issueXsrf(reply, session.id);
    done(null, payload);
  };
}
