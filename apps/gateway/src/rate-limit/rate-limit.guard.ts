import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMIT_OPTIONS, type RateLimitOptions } from './rate-limit.options.js';
import { RateLimiter } from './rate-limiter.js';
import { TooManyRequestsException } from './too-many-requests.exception.js';

/** Applied by @RateLimit(); counts the request, and refuses it once the window is full. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.getAllAndOverride<RateLimitOptions | undefined>(RATE_LIMIT_OPTIONS, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!options) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const key = await this.keyOf(request, options.by);
    const result = await this.limiter.hit(options.name, key, options.limit, options.windowSeconds);
    if (result.allowed) return true;
    http.getResponse<FastifyReply>().header('retry-after', String(result.retryAfterSeconds));
    throw new TooManyRequestsException(result.retryAfterSeconds, options.message);
  }

  private async keyOf(request: FastifyRequest, by: RateLimitOptions['by']): Promise<string> {
    if (by === 'session') return request.session.id;
    if (by === 'user') {
      const { userId } = await request.session.all();
      if (userId) return `user:${userId}`;
    }
    return request.ip;
  }
}
