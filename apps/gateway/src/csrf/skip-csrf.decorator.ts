import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiNoCsrf } from '../openapi/document-conventions.js';

/**
 * For routes that other servers call (payment provider webhooks): they cannot hold our CSRF
 * token, so they must authenticate another way (a signature the handler verifies). The API
 * document gives them no CSRF security requirement.
 */
export const SkipCsrf = (): MethodDecorator => applyDecorators(RouteConfig({ skipCsrf: true }), ApiNoCsrf());
