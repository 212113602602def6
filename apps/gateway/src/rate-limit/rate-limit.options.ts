/** What @RateLimit() takes; read by RateLimitGuard from the route's metadata. */
export interface RateLimitOptions {
  /** The counter's name, e.g. `login`; routes sharing a name share the count. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /**
   * Whom to count. `ip` is the one that stops abuse (anyone can drop or invent a session
   * cookie); `session` suits limits meant for one visitor's convenience, like voucher retries;
   * `user` counts each signed-in account apart (a visitor by address), for routes that need a
   * sign-in and that many colleagues use at once from one office address.
   */
  by: 'ip' | 'session' | 'user';
  /** The 429 message; `{seconds}` is replaced. Default: "Too Many Requests. Retry in {seconds} seconds." */
  message?: string;
}

/** Metadata key under which @RateLimit() stores its options. */
export const RATE_LIMIT_OPTIONS = 'aero:rate-limit';
