import { TEST_INFRA } from '@aero/backend-testing';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter (real Redis)', () => {
  const prefix = `test:${randomUUID()}:`;
  const redis = new Redis(TEST_INFRA.redis, { keyPrefix: prefix });

  afterAll(async () => {
    const admin = new Redis(TEST_INFRA.redis);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    admin.disconnect();
    redis.disconnect();
  });

  it('allows `limit` hits per window and refuses the next with the seconds left', async () => {
    const limiter = new RateLimiter(redis);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('voucher', 'client-a', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].retryAfterSeconds).toBeGreaterThan(55);
    expect((await limiter.hit('voucher', 'client-b', 3, 60)).allowed).toBe(true);
  });

  it('scales every limit by RATE_LIMIT_MULTIPLIER (load tests only)', async () => {
    const limiter = new RateLimiter(redis, 10);
    const allowed = [];
    for (let i = 0; i < 31; i++) allowed.push((await limiter.hit('payment', 'client-c', 3, 60)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(30);
    expect(allowed[30]).toBe(false);
  });
});
