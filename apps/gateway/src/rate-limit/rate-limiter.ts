import type { Redis } from 'ioredis';

/**
 * One fixed-window counter: INCR, and start the window's expiry on the first hit (or when a key
 * somehow has none, so a counter can never live forever). One atomic script, so every replica
 * of the gateway shares the same count.
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { hits, ttl }
`;

interface RedisWithRateLimit extends Redis {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

/** Counts attempts per (limit name, client key) in Redis: `<REDIS_PREFIX>:rl:<name>:<key>`. */
export class RateLimiter {
  private readonly redis: RedisWithRateLimit;

  /** `multiplier` (RATE_LIMIT_MULTIPLIER) scales every limit, for load tests only. */
  constructor(
    redis: Redis,
    private readonly multiplier = 1,
  ) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as RedisWithRateLimit;
  }

  async hit(name: string, key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const [hits, ttlMs] = await this.redis.rateLimitHit(this.key(name, key), windowSeconds * 1000);
    const allowedHits = limit * this.multiplier;
    return {
      allowed: hits <= allowedHits,
      hits,
      remaining: Math.max(0, allowedHits - hits),
      retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    };
  }

  /** Forgets the attempts, e.g. after a successful sign-in. */
  async reset(name: string, key: string): Promise<void> {
    await this.redis.del(this.key(name, key));
  }

  private key(name: string, key: string): string {
    return `rl:${name}:${key}`;
  }
}
