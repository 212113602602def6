import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { execOrThrow } from './redis-exec.js';
import { FIRST_SESSION_VERSION, type SessionUser } from './session-data.js';

/** The remember-me cookie lasts 3 years (spec: shop §9 "a remember-me cookie of 3 years"). */
export const REMEMBER_ME_TTL_SECONDS = 3 * 365 * 24 * 60 * 60;
/**
 * A token that has just been exchanged for a session keeps working this long: a browser that
 * opens the site with several requests at once sends the same old token with each of them, and
 * every one of them must sign in (the last answer's new token is the one the browser keeps).
 */
export const REMEMBER_ME_ROTATION_GRACE_SECONDS = 30;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token's value, and a shorter life for the token when it had more than the grace period left. */
const REDEEM_SCRIPT = `
local user = redis.call('GET', KEYS[1])
if user and redis.call('TTL', KEYS[1]) > tonumber(ARGV[1]) then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
end
return user
`;

interface RedisWithRedeem extends Redis {
  rememberMeRedeem(key: string, graceSeconds: number): Promise<string | null>;
}

/**
 * Remember-me tokens: 256 random bits in the browser's cookie, only their SHA-256 in Redis
 * (`<REDIS_PREFIX>:remember:<hash>` → `<user id>:<session generation>`, 3-year TTL), so a copy of
 * Redis signs nobody in. The generation is the one of the session that issued the token: a
 * session it restores after a password change or reset is signed out like any older session.
 * Each user's token hashes are also listed (`remember:user:<id>`) so that all of them can be
 * revoked at once (password change or reset). A token is single-use: redeeming it starts the
 * grace period, and the caller issues a new one (rotation).
 */
export class RememberMeTokens {
  private readonly redis: RedisWithRedeem;

  constructor(redis: Redis) {
    redis.defineCommand('rememberMeRedeem', { numberOfKeys: 1, lua: REDEEM_SCRIPT });
    this.redis = redis as RedisWithRedeem;
  }

  /** A new token for the user at this session generation (the cookie value). */
  async issue({ userId, sessionVersion }: SessionUser): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const hash = hashOf(token);
    await execOrThrow(
      this.redis
        .multi()
        .set(tokenKey(hash), `${userId}:${sessionVersion}`, 'EX', REMEMBER_ME_TTL_SECONDS)
        .sadd(userKey(userId), hash)
        .expire(userKey(userId), REMEMBER_ME_TTL_SECONDS),
    );
    return token;
  }

  /** Whom the token signs in, or null (unknown, expired, revoked or malformed). The token is then retired. */
  async redeem(token: string): Promise<SessionUser | null> {
    if (!TOKEN.test(token)) return null;
    const hash = hashOf(token);
    const value = await this.redis.rememberMeRedeem(tokenKey(hash), REMEMBER_ME_ROTATION_GRACE_SECONDS);
    if (!value) return null;
    const user = parseTokenValue(value);
    await this.redis.srem(userKey(user.userId), hash);
    return user;
  }

  /** Deletes one token (sign-out). */
  async forget(token: string): Promise<void> {
    if (!TOKEN.test(token)) return;
    const hash = hashOf(token);
    const value = await this.redis.getdel(tokenKey(hash));
    if (value) await this.redis.srem(userKey(parseTokenValue(value).userId), hash);
  }

  /** Deletes every token of the user (password changed or reset). */
  async revokeAll(userId: string): Promise<void> {
    const hashes = await this.redis.smembers(userKey(userId));
    await this.redis.del(userKey(userId), ...hashes.map(tokenKey));
  }
}

/** Tokens issued before session generations existed hold the user id alone: the first generation. */
function parseTokenValue(value: string): SessionUser {
  const [userId, version] = value.split(':');
  return { userId, sessionVersion: version ? Number(version) : FIRST_SESSION_VERSION };
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tokenKey(hash: string): string {
  return `remember:${hash}`;
}

function userKey(userId: string): string {
  return `remember:user:${userId}`;
}
