import type { FastifyReply, FastifyRequest } from 'fastify';

/** What every response without a caching decision of its own gets. */
export const DEFAULT_CACHE_CONTROL = 'no-store';

/**
 * onSend, last: who may keep a copy of the response.
 * - A response that says nothing (API answers: profile, orders, wallet, cart, errors...) is
 *   `no-store`: it may be personal, and neither the browser's disk nor a proxy keeps it. Routes
 *   that are safe to cache say so themselves (static files, the avatar, the invoice PDF).
 * - A response that sets a cookie is never stored by a shared cache: `public` becomes `private`,
 *   and `private` is added to what has neither.
 */
export function cacheControlHook(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  const cacheControl = reply.getHeader('cache-control');
  if (cacheControl === undefined) {
    void reply.header('cache-control', DEFAULT_CACHE_CONTROL);
  } else if (reply.hasHeader('set-cookie') && typeof cacheControl === 'string' && !/(^|,)\s*(private|no-store)\b/i.test(cacheControl)) {
    const shared = /(^|,)\s*public\s*(,|$)/i;
    void reply.header('cache-control', shared.test(cacheControl) ? cacheControl.replace(/\bpublic\b/i, 'private') : `private, ${cacheControl}`);
  }
  done(null, payload);
}
