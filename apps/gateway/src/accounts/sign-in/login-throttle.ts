import { AccountErrorCode } from '@aero/contracts';
import { RemoteError } from '@aero/backend-errors';
import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { GatewayInfra } from '../../gateway-infra.js';
import { TooManyRequestsException } from '../../rate-limit/too-many-requests.exception.js';

/**
 * Failed sign-ins allowed per window: per account, against guessing one user's password from many
 * addresses; per address, against trying many accounts from one place. The address limit is
 * higher because offices share an address.
 */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowSeconds: 60 },
  address: { limit: 20, windowSeconds: 60 },
} as const;

/** Spec: learning §8 Login (the text of docs/api.md, `{seconds}` replaced). */
export const LOGIN_THROTTLED_MESSAGE = 'Too many attempts, retry in {seconds} seconds';

/**
 * Reserves one attempt on both counters, unless either is full: then answers the milliseconds
 * until the fuller one resets. Reserving before the password is checked (not counting after)
 * means concurrent guesses cannot slip past the limit. KEYS: account, address; ARGV: their
 * limits, then their windows in ms.
 */
const RESERVE_SCRIPT = `
local blocked = 0
for i = 1, 2 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ttl < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[i + 2])
      ttl = tonumber(ARGV[i + 2])
    end
    if ttl > blocked then blocked = ttl end
  end
end
if blocked > 0 then return blocked end
for i = 1, 2 do
  redis.call('INCR', KEYS[i])
  if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[i + 2]) end
end
return 0
`;

/** Gives a reserved attempt back (never below zero, never creating a key without expiry). */
const REFUND_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

interface RedisWithLoginThrottle extends Redis {
  loginReserve(account: string, address: string, accountLimit: number, addressLimit: number, accountMs: number, addressMs: number): Promise<number>;
  loginRefund(key: string): Promise<number>;
}

/**
 * Sign-in throttling in Redis (`<REDIS_PREFIX>:login:account:<sha256 of the e-mail>` and
 * `login:address:<ip>`), shared by every gateway replica. Only wrong credentials count: a
 * success clears the account's counter and gives the address its attempt back, and a failure
 * that checked no password (service unavailable) gives both back.
 */
@Injectable()
export class LoginThrottle {
  private readonly redis: RedisWithLoginThrottle;

  constructor(infra: GatewayInfra) {
    infra.redis.defineCommand('loginReserve', { numberOfKeys: 2, lua: RESERVE_SCRIPT });
    infra.redis.defineCommand('loginRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
    this.redis = infra.redis as RedisWithLoginThrottle;
  }

  /**
   * Runs `authenticate` as one attempt of this e-mail from this address, or answers 429 (with
   * Retry-After) when either limit is reached.
   */
  async attempt<T>(email: string, address: string, reply: FastifyReply, authenticate: () => Promise<T>): Promise<T> {
    const account = `login:account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
    const place = `login:address:${address}`;
    const { account: perAccount, address: perAddress } = LOGIN_LIMITS;
    const blockedMs = await this.redis.loginReserve(
      account,
      place,
      perAccount.limit,
      perAddress.limit,
      perAccount.windowSeconds * 1000,
      perAddress.windowSeconds * 1000,
    );
    if (blockedMs > 0) {
      const seconds = Math.max(1, Math.ceil(blockedMs / 1000));
      reply.header('retry-after', String(seconds));
      throw new TooManyRequestsException(seconds, LOGIN_THROTTLED_MESSAGE);
    }
    let result: T;
    try {
      result = await authenticate();
    } catch (error) {
      const wrongCredentials = error instanceof RemoteError && error.payload.code === AccountErrorCode.InvalidCredentials;
      if (!wrongCredentials) await Promise.all([this.redis.loginRefund(account), this.redis.loginRefund(place)]);
      throw error;
    }
    await Promise.all([this.redis.del(account), this.redis.loginRefund(place)]);
    return result;
  }
}
