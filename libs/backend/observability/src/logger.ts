import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { setDefaultErrorReportSource } from './error-reports.js';
import { currentContext } from './request-context.js';
import { traceLogFields } from './tracing.js';

/**
 * JSON logs on stdout. Every line carries the service name and, inside a request, the
 * correlation id, so one request can be followed across the gateway and the services; inside a
 * span also `trace_id` and `span_id`, which lead to the request's trace (tracing.ts).
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  // The process's name in its error reports, unless it configures them (reportError).
  setDefaultErrorReportSource(service);
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: logContextFields,
  });
}

/** What every log line adds from where it is written: the correlation id, the trace and span ids. */
export function logContextFields(): Record<string, string> {
  const ctx = currentContext();
  const ids = traceLogFields();
  if (!ids) return ctx ? { correlationId: ctx.correlationId } : {};
  return ctx ? { correlationId: ctx.correlationId, ...ids } : ids;
}

/** Lets Nest's own messages go through the same JSON logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
