import { CLIENT_ERROR_BODY_LIMIT, clientErrorReportSchema, type ClientErrorReport } from '@aero/contracts';
import { reportError } from '@aero/backend-observability';
import { Controller, Headers, HttpCode, Ip, Module, Post, Req, Session } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { BodyLimit } from '../http/input-checks.js';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import type { RequestSession } from '../session/request-session.js';
import { ZodBody } from '../validation/zod-params.js';

/** Per browser session: a page in an error loop must not fill the sink. */
export const CLIENT_ERRORS_RATE_LIMIT = {
  name: 'client-errors',
  limit: 20,
  windowSeconds: 60,
  by: 'session',
  message: 'Too many requests. Please try again in {seconds} seconds.',
} as const;

/** An error the browser caught, as the error reports carry it (its own name and stack). */
class BrowserError extends Error {
  constructor(report: ClientErrorReport) {
    super(report.message);
    this.name = report.name ?? 'Error';
    this.stack = report.stack ?? `${this.name}: ${report.message}`;
  }
}

/**
 * Browser errors (the web app's error boundary, unhandled rejections, failed API calls) arrive
 * here and join the server's in the error reports: with the signed-in user's id from the session
 * (or 'Not logged in'), the failed call's correlation id (else this request's), the page and the
 * release.
 */
@ApiTags('errors')
@Controller('api')
export class ClientErrorsController {
  @Post('client-errors')
  @HttpCode(204)
  @BodyLimit(CLIENT_ERROR_BODY_LIMIT)
  @RateLimit(CLIENT_ERRORS_RATE_LIMIT)
  @ApiOperation({ summary: 'Report an error the browser caught (error boundary, unhandled rejection, failed API call)' })
  @ApiNoContentResponse({ description: 'Recorded' })
  @ApiUnprocessableEntityResponse({ description: 'Not a report: errors per field' })
  @ApiPayloadTooLargeResponse({ description: 'Over 16 KB' })
  @ApiTooManyRequestsResponse({ description: 'More than 20 reports from one browser session in a minute' })
  async report(
    @Session() session: RequestSession,
    @Req() request: FastifyRequest,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
    @ZodBody(clientErrorReportSchema) body: ClientErrorReport,
  ): Promise<void> {
    const userId = await session.get('userId');
    reportError(new BrowserError(body), {
      kind: 'browser',
      source: 'browser',
      route: body.route,
      userId: userId ?? null,
      correlationId: body.correlationId ?? request.correlationId,
      ...(body.release ? { release: body.release } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      details: {
        caughtBy: body.kind,
        ...(body.api ? { api: body.api } : {}),
        reportCorrelationId: request.correlationId,
        ...(userAgent ? { userAgent: userAgent.slice(0, 300) } : {}),
        ip,
      },
    });
  }
}

@Module({ controllers: [ClientErrorsController] })
export class ErrorReportsGatewayModule {}
