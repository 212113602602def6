import type { Redis } from 'ioredis';
import { execOrThrow } from './redis-exec.js';
import { RememberMeTokens } from './remember-me-tokens.js';
import type { SessionData } from './session-data.js';

/** Sessions last 24 hours after their last use (spec: the session cookie lasts 24 hours). */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
const SESSION_TTL_MS = SESSION_TTL_SECONDS * 1000;

/**
 * Session records in Redis, one hash per session (`<REDIS_PREFIX>:sess:<id>`, the prefix is the
 * client's keyPrefix). A hash rather than one JSON string so that two concurrent requests writing
 * different fields (one sets the cart, the other signs in) do not overwrite each other.
 * Every read and write pushes the expiry 24 h further: the TTL slides with use.
 */
export class SessionStore {
  /** The remember-me tokens that bring a signed-in session back after it expired. */
  readonly rememberMe: RememberMeTokens;

  constructor(private readonly redis: Redis) {
    this.rememberMe = new RememberMeTokens(redis);
  }

  private key(id: string): string {
    return `sess:${id}`;
  }

  /** The record (empty when none was ever written), and one more day of life for it. */
  async load(id: string): Promise<SessionData> {
    const key = this.key(id);
    const results = await this.redis.multi().hgetall(key).pexpire(key, SESSION_TTL_MS).exec();
    const [error, fields] = results![0];
    if (error) throw error;
    return decode(fields as Record<string, string>);
  }

  /** Writes the given fields; `undefined` removes one. */
  async write(id: string, values: Partial<SessionData>): Promise<void> {
    const key = this.key(id);
    const { set, removed } = encode(values);
    const tx = this.redis.multi();
    if (Object.keys(set).length) tx.hset(key, set);
    if (removed.length) tx.hdel(key, ...removed);
    tx.pexpire(key, SESSION_TTL_MS);
    await execOrThrow(tx);
  }

  /** Moves a record to a new id (login: the old id may have been planted by someone else). */
  async move(fromId: string, toId: string, data: SessionData): Promise<void> {
    const { set } = encode(data);
    const tx = this.redis.multi().del(this.key(fromId));
    if (Object.keys(set).length) tx.hset(this.key(toId), set).pexpire(this.key(toId), SESSION_TTL_MS);
    await execOrThrow(tx);
  }

  async delete(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }
}

function encode(values: Partial<SessionData>): { set: Record<string, string>; removed: string[] } {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) removed.push(field);
    else set[field] = JSON.stringify(value);
  }
  return { set, removed };
}

function decode(fields: Record<string, string>): SessionData {
  const data: Record<string, unknown> = {};
  for (const [field, json] of Object.entries(fields)) data[field] = JSON.parse(json);
  return data;
}
