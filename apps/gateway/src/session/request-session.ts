import type { FastifyReply } from 'fastify';
import type { SessionCookies } from './session-cookies.js';
import { sessionVersionOf, type SessionData, type SessionUser } from './session-data.js';
import { newSessionId } from './session-id.js';
import type { SessionStore } from './session-store.js';

/**
 * The session of the current request. Controllers receive it with Nest's own `@Session()`
 * decorator (it reads `request.session`):
 *
 *   async add(@Session() session: RequestSession) { const cartId = await session.get('cartId'); ... }
 *
 * Nothing touches Redis until a handler reads or writes: a visitor who only browses gets an id
 * in a cookie but no record, and a request that ignores its session costs no round trip.
 * Reading or writing slides the 24-hour expiry of both the record and the cookie.
 *
 * Remember-me: when the record has no user and the browser presents a remember-me cookie, the
 * first read signs the user in again (new session id, new token: see RememberMeTokens).
 */
export class RequestSession {
  private data: Promise<SessionData> | undefined;

  constructor(
    private readonly store: SessionStore,
    private readonly cookies: SessionCookies,
    private readonly reply: FastifyReply,
    private sessionId: string,
    /** The client brought no valid session cookie; this response gives it one. */
    readonly isNew: boolean,
    /** The remember-me token the browser holds (presented, or issued during this request). */
    private rememberToken?: string,
  ) {}

  get id(): string {
    return this.sessionId;
  }

  async get<K extends keyof SessionData>(key: K): Promise<SessionData[K]> {
    return (await this.all())[key];
  }

  /** The whole record, read once per request. */
  all(): Promise<SessionData> {
    if (!this.data) {
      this.data = this.loadOrRestore();
      this.data.catch(() => (this.data = undefined));
      this.slideCookie();
    }
    return this.data;
  }

  /** Writes the given fields (the first write creates the record); `undefined` removes a field. */
  async set(values: Partial<SessionData>): Promise<void> {
    await this.store.write(this.sessionId, values);
    if (this.data) {
      const current = await this.data;
      this.data = Promise.resolve({ ...current, ...values });
    }
    this.slideCookie();
  }

  /**
   * Gives the session a new id and keeps its data: call it when privileges change (sign-in), so
   * an id someone planted in the browser before is worth nothing afterwards. A new CSRF token
   * comes with it.
   */
  async regenerate(): Promise<void> {
    const data = await this.all();
    const previousId = this.sessionId;
    this.sessionId = newSessionId();
    await this.store.move(previousId, this.sessionId, data);
    this.cookies.issueSession(this.reply, this.sessionId);
    this.cookies.issueXsrf(this.reply, this.sessionId);
  }

  /**
   * Remember this browser for the user at this session generation (a 3-year cookie), or (null)
   * forget it. Either way the token the browser held before stops working.
   */
  async remember(user: SessionUser | null): Promise<void> {
    const previous = this.rememberToken;
    this.rememberToken = undefined;
    if (previous) await this.store.rememberMe.forget(previous);
    if (user) {
      this.rememberToken = await this.store.rememberMe.issue(user);
      this.cookies.issueRemember(this.reply, this.rememberToken);
    } else if (previous) {
      this.cookies.clearRemember(this.reply);
    }
  }

  /**
   * Ends every remember-me token of the user (password changed or reset: `user` holds the new
   * generation), so a stolen cookie stops working. This browser stays remembered when it was
   * remembered and this session is the user's at the new generation (the one that changed it).
   */
  async endRememberedLogins(user: SessionUser): Promise<void> {
    const here = await this.all();
    const keepHere =
      this.rememberToken !== undefined && here.userId === user.userId && sessionVersionOf(here) === user.sessionVersion;
    await this.store.rememberMe.revokeAll(user.userId);
    this.rememberToken = undefined;
    if (keepHere) await this.remember(user);
  }

  /** Deletes the record and the remember-me token (sign-out) and continues as a fresh visitor session with a new id. */
  async destroy(): Promise<void> {
    await this.remember(null);
    await this.store.delete(this.sessionId);
    this.sessionId = newSessionId();
    this.data = Promise.resolve({});
    this.cookies.issueSession(this.reply, this.sessionId);
    this.cookies.issueXsrf(this.reply, this.sessionId);
  }

  /** The record; without a user but with a valid remember-me token, the user's session again. */
  private async loadOrRestore(): Promise<SessionData> {
    const data = await this.store.load(this.sessionId);
    const token = this.rememberToken;
    if (data.userId || !token) return data;
    this.rememberToken = undefined;
    const user = await this.store.rememberMe.redeem(token);
    if (!user) {
      this.cookies.clearRemember(this.reply);
      return data;
    }
    // Like a sign-in: a new id, so an id planted in this browser before is worth nothing. The
    // token's generation goes with it: after a password change this session is signed out.
    const restored: SessionData = { ...data, userId: user.userId, sessionVersion: user.sessionVersion };
    const previousId = this.sessionId;
    this.sessionId = newSessionId();
    await this.store.move(previousId, this.sessionId, restored);
    this.rememberToken = await this.store.rememberMe.issue(user);
    this.cookies.issueSession(this.reply, this.sessionId);
    this.cookies.issueXsrf(this.reply, this.sessionId);
    this.cookies.issueRemember(this.reply, this.rememberToken);
    return restored;
  }

  /** The cookie's Max-Age follows the record's sliding TTL. */
  private slideCookie(): void {
    this.cookies.issueSession(this.reply, this.sessionId);
  }
}
