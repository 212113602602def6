import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { currentContext } from './request-context.js';
import { currentSpan, markSpanFailed } from './tracing.js';

/** The user of an error report when nobody is signed in (spec shop §6, word for word). */
export const NOT_LOGGED_IN = 'Not logged in';

/** Where an error happened. */
export type ErrorReportKind = 'http' | 'rpc' | 'event' | 'job' | 'browser';

/**
 * One error report: who (the signed-in user's id, or 'Not logged in'), where (the service or
 * `browser`, the route, pattern, event or job), the correlation id that joins it to the logs and to
 * the other services' reports, and the release.
 */
export interface ErrorReport {
  id: string;
  occurredAt: string;
  /** `gateway`, a service's name, or `browser`. */
  source: string;
  kind: ErrorReportKind;
  release: string;
  environment: string;
  /** The signed-in user's id, or 'Not logged in'. */
  userId: string;
  correlationId: string;
  /** The trace the error happened in, when it happened inside a span: `/traces/<traceId>` on the operations port. */
  traceId?: string;
  /** The HTTP route, the RPC pattern, the event consumer or the job queue; a page path for the browser. */
  route: string;
  name: string;
  message: string;
  stack?: string;
  /** The HTTP status answered, when there is one. */
  status?: number;
  details?: Record<string, unknown>;
}

/** Where reports go. */
export interface ErrorReportSink {
  write(report: ErrorReport): Promise<void>;
  close?(): Promise<void>;
}

export interface ErrorReportSettings {
  source: string;
  release: string;
  environment: string;
  /** The local sink: a Redis stream `<prefix>:error-reports`, read on the gateway's operations port (`/errors`). */
  redisUrl: string;
  redisPrefix: string;
  /** ERROR_REPORTS_DSN: a Sentry (or Sentry-compatible: GlitchTip, Bugsink...) project's DSN; reports go there too. */
  dsn?: string;
}

/** Reports kept in the local stream (the oldest are trimmed). */
export const ERROR_REPORTS_KEPT = 10_000;
const MAX_TEXT = 8_000;

export function errorReportsKey(redisPrefix: string): string {
  return `${redisPrefix}:error-reports`;
}

/** The settings a process takes from its environment (services read them from process.env). */
export function errorReportSettingsFromEnv(env: NodeJS.ProcessEnv, source: string): ErrorReportSettings {
  return {
    source,
    release: env['RELEASE'] || env['npm_package_version'] || 'dev',
    environment: env['NODE_ENV'] || 'development',
    redisUrl: env['REDIS_URL'] || 'redis://127.0.0.1:6379',
    redisPrefix: env['REDIS_PREFIX'] || 'aero',
    ...(env['ERROR_REPORTS_DSN'] ? { dsn: env['ERROR_REPORTS_DSN'] } : {}),
  };
}

/** The local sink: one entry per report in a capped Redis stream shared by every process. */
export class RedisStreamSink implements ErrorReportSink {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly key: string,
  ) {
    this.redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
  }

  async write(report: ErrorReport): Promise<void> {
    await this.redis.xadd(this.key, 'MAXLEN', '~', String(ERROR_REPORTS_KEPT), '*', 'report', JSON.stringify(report));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The newest reports first, from the local sink. */
export async function readErrorReports(redis: Redis, redisPrefix: string, limit = 100): Promise<ErrorReport[]> {
  const entries = await redis.xrevrange(errorReportsKey(redisPrefix), '+', '-', 'COUNT', limit);
  return entries.flatMap(([, fields]) => {
    const at = fields.indexOf('report');
    try {
      return at >= 0 ? [JSON.parse(fields[at + 1]) as ErrorReport] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Sends reports to a Sentry-compatible service: the envelope endpoint of the DSN's project
 * (`https://<key>@<host>/<project>` → `POST https://<host>/api/<project>/envelope/`).
 */
export class SentryEnvelopeSink implements ErrorReportSink {
  private readonly endpoint: string;
  private readonly auth: string;

  constructor(private readonly dsn: string) {
    const url = new URL(dsn);
    const project = url.pathname.replace(/^\/+|\/+$/g, '').split('/').pop();
    if (!url.username || !project) throw new Error('ERROR_REPORTS_DSN must look like https://<key>@<host>/<project>');
    const path = url.pathname.replace(/\/?[^/]*\/?$/, '');
    this.endpoint = `${url.protocol}//${url.host}${path}/api/${project}/envelope/`;
    this.auth = `Sentry sentry_version=7, sentry_client=aeromaint/1, sentry_key=${url.username}`;
  }

  async write(report: ErrorReport): Promise<void> {
    const eventId = report.id.replace(/-/g, '');
    const event = {
      event_id: eventId,
      timestamp: Date.parse(report.occurredAt) / 1000,
      platform: report.kind === 'browser' ? 'javascript' : 'node',
      level: 'error',
      logger: report.source,
      server_name: report.source,
      release: report.release,
      environment: report.environment,
      transaction: report.route,
      user: { id: report.userId },
      tags: { correlation_id: report.correlationId, ...(report.traceId ? { trace_id: report.traceId } : {}), kind: report.kind, source: report.source, ...(report.status ? { status: String(report.status) } : {}) },
      exception: { values: [{ type: report.name, value: report.message }] },
      extra: { ...report.details, ...(report.stack ? { stack: report.stack } : {}) },
    };
    const body = [JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: this.dsn }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': this.auth },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`error report service answered ${res.status}`);
  }
}

interface Reporter {
  settings: ErrorReportSettings;
  sinks: ErrorReportSink[];
}

let reporter: Reporter | undefined;
/** The name given by createLogger, used when the process configures nothing else. */
let defaultSource: string | undefined;
const pending = new Set<Promise<void>>();

export function setDefaultErrorReportSource(source: string): void {
  defaultSource ??= source;
}

/**
 * Where this process sends its reports. Services need not call it (they report with the
 * settings of their environment, `errorReportSettingsFromEnv`); the gateway does, with its
 * configuration.
 */
export function configureErrorReports(settings: ErrorReportSettings, sinks?: ErrorReportSink[]): void {
  const previous = reporter;
  reporter = {
    settings,
    sinks: sinks ?? [new RedisStreamSink(settings.redisUrl, errorReportsKey(settings.redisPrefix)), ...(settings.dsn ? [new SentryEnvelopeSink(settings.dsn)] : [])],
  };
  if (previous) void Promise.all(previous.sinks.map((sink) => sink.close?.() ?? Promise.resolve()));
}

function activeReporter(): Reporter {
  if (!reporter) {
    const settings = errorReportSettingsFromEnv(process.env, defaultSource ?? 'unknown');
    // A test that runs code in-process without a Redis prefix of its own (and so without a sink
    // set up) must not write into the development sink of the machine.
    const inProcessTest = process.env['NODE_ENV'] === 'test' && !process.env['REDIS_PREFIX'];
    configureErrorReports(settings, inProcessTest ? [] : undefined);
  }
  return reporter!;
}

export interface ErrorWhere {
  kind: ErrorReportKind;
  route: string;
  /** Who; defaults to the actor or the session user of the current context, else 'Not logged in'. */
  userId?: string | null;
  /** Defaults to the current context's. */
  correlationId?: string;
  status?: number;
  details?: Record<string, unknown>;
  /** Overrides the process's own source (the gateway writing a browser's report). */
  source?: string;
  release?: string;
}

/** A report built from an error and where it happened, with who and the correlation id from the current context. */
export function buildErrorReport(error: unknown, where: ErrorWhere, settings: ErrorReportSettings): ErrorReport {
  const context = currentContext();
  const userId = where.userId ?? context?.actor?.userId ?? context?.session?.userId ?? null;
  const failure = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error) ?? 'unknown error');
  const traceId = currentSpan()?.spanContext().traceId;
  return {
    id: randomUUID(),
    occurredAt: new Date().toISOString(),
    source: where.source ?? settings.source,
    kind: where.kind,
    release: where.release ?? settings.release,
    environment: settings.environment,
    userId: userId || NOT_LOGGED_IN,
    correlationId: where.correlationId ?? context?.correlationId ?? randomUUID(),
    ...(traceId ? { traceId } : {}),
    route: where.route,
    name: failure.name,
    message: failure.message.slice(0, MAX_TEXT),
    ...(failure.stack ? { stack: failure.stack.slice(0, MAX_TEXT) } : {}),
    ...(where.status !== undefined ? { status: where.status } : {}),
    ...(where.details ? { details: where.details } : {}),
  };
}

/**
 * Reports an error to the sinks, in the background: never throws, never holds the caller up. A
 * sink that fails is written to stderr (the report is in the process's error log line anyway).
 * The current span, if any, records the error and is marked failed.
 */
export function reportError(error: unknown, where: ErrorWhere): ErrorReport {
  const { settings, sinks } = activeReporter();
  const report = buildErrorReport(error, where, settings);
  const span = currentSpan();
  if (span) markSpanFailed(span, error);
  for (const sink of sinks) {
    const write: Promise<void> = sink
      .write(report)
      .catch((failure: unknown) => {
        process.stderr.write(`${JSON.stringify({ level: 'warn', msg: 'error report not delivered', sink: sink.constructor.name, err: String(failure), reportId: report.id })}\n`);
      })
      .finally(() => pending.delete(write));
    pending.add(write);
  }
  return report;
}

/** Waits for the reports on their way (at shutdown, and in tests). */
export async function flushErrorReports(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/** Delivers the reports on their way and closes the sinks' connections (at shutdown; the next report opens them again). */
export async function closeErrorReports(): Promise<void> {
  await flushErrorReports();
  const closing = reporter;
  reporter = undefined;
  await Promise.all(closing?.sinks.map((sink) => sink.close?.() ?? Promise.resolve()) ?? []);
}

/** The newest reports of the local sink this process writes to (the gateway's operations port: `/errors`). */
export async function readLocalErrorReports(limit = 100): Promise<ErrorReport[]> {
  const { settings } = activeReporter();
  const redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    return await readErrorReports(redis, settings.redisPrefix, limit);
  } finally {
    redis.disconnect();
  }
}
