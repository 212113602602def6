import { RouteConfig } from '@nestjs/platform-fastify';

/**
 * For routes that other servers call (payment provider webhooks): they cannot hold our CSRF
 * token, so they must authenticate another way (a signature the handler verifies).
 */
export const SkipCsrf = (): MethodDecorator => RouteConfig({ skipCsrf: true });
