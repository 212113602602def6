import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RATE_LIMIT_OPTIONS, type RateLimitOptions } from './rate-limit.options.js';

/**
 * Limits a route with a counter in Redis shared by every gateway replica:
 *
 *   @RateLimit({ name: 'login', limit: 5, windowSeconds: 60, by: 'ip' })
 *
 * Over the limit the client gets 429 `{ message, retryAfter }` and a Retry-After header.
 */
export function RateLimit(options: RateLimitOptions): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT_OPTIONS, options), UseGuards(RateLimitGuard));
}
