import { CommonErrorCode } from '@aero/contracts';
import { isDependencyUnavailable, RemoteError, ServiceUnavailableError } from '@aero/backend-errors';
import { reportError } from '@aero/backend-observability';
import { Catch, HttpException, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { fastifyRefusal } from '../http/input-checks.js';
import type { WebAppRoutes } from '../web-app/web-app-routes.js';
import type { WebApp } from '../web-app/web-app.js';

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong';

interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Turns every failure into the JSON the web app reads (ARCHITECTURE §5):
 * - a service's domain error (RemoteError): its status, `{ message, errors?, code }`;
 * - a service that does not answer: 503, so the rest of the site keeps working;
 * - Nest HTTP exceptions (validation 422, 429, 404...): their status, `{ message, ... }`;
 * - anything else: 500 with the correlation id to quote, logged here, never a stack trace.
 * The one HTML answer: a browser navigating to an unknown URL gets the SPA, whose router knows it:
 * 200 when a screen has that address, 404 (the app's not-found page) when none has, or when it is
 * the page of a product the catalogue does not have.
 */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly webApp: WebApp,
    private readonly routes: WebAppRoutes | null = null,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.sent) return;
    if (exception instanceof NotFoundException && isBrowserNavigation(request)) {
      await this.webApp.sendIndex(reply, this.routes ? await this.routes.statusOf(request.url) : 200);
      return;
    }
    const { status, body } = this.toResponse(exception, request);
    if (status >= 500) await reportServerError(exception, request, status);
    await reply.code(status).type('application/json; charset=utf-8').send(body);
  }

  private toResponse(exception: unknown, request: FastifyRequest): ErrorResponse {
    if (exception instanceof RemoteError) {
      const { status, message, errors, code } = exception.payload;
      const body: Record<string, unknown> = { message, ...(errors ? { errors } : {}), code };
      if (status >= 500) body.correlationId = request.correlationId;
      return { status, body };
    }
    if (exception instanceof ServiceUnavailableError) {
      this.logger.warn({ service: exception.service, reason: exception.reason, correlationId: request.correlationId }, 'service unavailable');
      return { status: 503, body: { message: SERVICE_UNAVAILABLE_MESSAGE, code: CommonErrorCode.ServiceUnavailable } };
    }
    if (exception instanceof HttpException) {
      const refusal = fastifyRefusal(exception.cause, request);
      if (refusal) return refusal;
      const status = exception.getStatus();
      if (status >= 500) this.logger.error({ err: exception, correlationId: request.correlationId }, 'server error');
      return { status, body: httpExceptionBody(exception) };
    }
    if (isDependencyUnavailable(exception)) {
      // The gateway's own Redis (sessions, rate limits) is unreachable for now: try again, not a bug.
      this.logger.warn({ err: exception, correlationId: request.correlationId, url: request.url }, 'dependency unavailable');
      return { status: 503, body: { message: SERVICE_UNAVAILABLE_MESSAGE, code: CommonErrorCode.ServiceUnavailable } };
    }
    this.logger.error({ err: exception, correlationId: request.correlationId, method: request.method, url: request.url }, 'unhandled error');
    return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE, correlationId: request.correlationId } };
  }
}

/** `{ message, ...extra fields }`, without Nest's `statusCode` and `error` echoes. */
function httpExceptionBody(exception: HttpException): Record<string, unknown> {
  const response = exception.getResponse();
  if (typeof response === 'string') return { message: response };
  const { message, statusCode: _statusCode, error: _error, ...extra } = response as Record<string, unknown>;
  const text: unknown = Array.isArray(message) ? message[0] : message;
  return { message: typeof text === 'string' ? text : exception.message, ...extra };
}

/** A browser loading a page, not a script calling the API: it wants the SPA's HTML. */
function isBrowserNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) return false;
  if (String(request.headers['x-requested-with']).toLowerCase() === 'xmlhttprequest') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/** How long a 5xx answer waits at most for the session's user, for its report. */
const SESSION_READ_BUDGET_MS = 250;

/**
 * Every 5xx the gateway answers goes to the error reports, with the signed-in user (or 'Not
 * logged in'), the request's correlation id (the one in the answer), the route and the release.
 */
async function reportServerError(exception: unknown, request: FastifyRequest, status: number): Promise<void> {
  // A session store that is slow or unreachable (itself a cause of 503s) holds neither the
  // answer nor the report up: the report then says it could not tell who.
  const unknown = Symbol('unknown');
  const userId = await Promise.race([
    Promise.resolve(request.session?.get('userId')).catch(() => unknown),
    new Promise<typeof unknown>((resolve) => setTimeout(() => resolve(unknown), SESSION_READ_BUDGET_MS).unref()),
  ]);
  reportError(exception, {
    kind: 'http',
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    userId: typeof userId === 'string' ? userId : null,
    correlationId: request.correlationId,
    status,
    details: { url: request.url, ...(userId === unknown ? { sessionUnreadable: true } : {}) },
  });
}
