import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator, type ExportResult } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { hostname } from 'node:os';

export { SpanKind, SpanStatusCode, type Span };

/**
 * W3C trace context (`traceparent`, `tracestate`) as it travels with work handed to another
 * process: in the NATS headers of an RPC request or an event, in an outbox row, in a job's data.
 */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/** The span attribute holding the request's correlation id, so a trace is found from a log line or an error report. */
export const CORRELATION_ATTRIBUTE = 'aero.correlation_id';

export interface TracingSettings {
  /** `service.name` of the spans: `gateway` or the service's name. */
  service: string;
  release: string;
  environment: string;
  /**
   * The OTLP/HTTP traces URL spans are sent to (JSON). Absent: spans are still made, so log lines
   * and the messages between processes carry trace and span ids, but nothing is recorded or sent.
   */
  tracesUrl?: string;
  /** OTEL_TRACES_SAMPLER (`parentbased_always_on` by default) and its OTEL_TRACES_SAMPLER_ARG. */
  sampler: string;
  samplerArg?: number;
  /** How long finished spans wait to be sent in one batch (OTEL_BSP_SCHEDULE_DELAY, 5 s by default). */
  scheduleDelayMs: number;
}

/**
 * The standard OpenTelemetry variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL) or
 * OTEL_EXPORTER_OTLP_ENDPOINT (the collector's base URL, `/v1/traces` appended), OTEL_SERVICE_NAME,
 * OTEL_TRACES_SAMPLER(_ARG), OTEL_BSP_SCHEDULE_DELAY; OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none send nothing. An empty endpoint counts as none.
 */
export function tracingSettingsFromEnv(env: NodeJS.ProcessEnv, service: string): TracingSettings {
  const specific = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT']?.trim();
  const base = env['OTEL_EXPORTER_OTLP_ENDPOINT']?.trim();
  const off = env['OTEL_SDK_DISABLED'] === 'true' || env['OTEL_TRACES_EXPORTER'] === 'none';
  const tracesUrl = off ? undefined : specific || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  const samplerArg = Number.parseFloat(env['OTEL_TRACES_SAMPLER_ARG'] ?? '');
  const delay = Number.parseInt(env['OTEL_BSP_SCHEDULE_DELAY'] ?? '', 10);
  return {
    service: env['OTEL_SERVICE_NAME']?.trim() || service,
    release: env['RELEASE'] || env['npm_package_version'] || 'dev',
    environment: env['NODE_ENV'] || 'development',
    ...(tracesUrl ? { tracesUrl } : {}),
    sampler: env['OTEL_TRACES_SAMPLER']?.trim() || 'parentbased_always_on',
    ...(Number.isFinite(samplerArg) ? { samplerArg } : {}),
    scheduleDelayMs: Number.isInteger(delay) && delay >= 0 ? delay : 5000,
  };
}

function samplerOf(name: string, ratio = 1): Sampler {
  const root: Record<string, () => Sampler> = {
    always_on: () => new AlwaysOnSampler(),
    always_off: () => new AlwaysOffSampler(),
    traceidratio: () => new TraceIdRatioBasedSampler(ratio),
  };
  const parentBased = /^parentbased_(.+)$/.exec(name);
  const pick = root[parentBased ? parentBased[1] : name] ?? root['always_on'];
  return parentBased || !root[name] ? new ParentBasedSampler({ root: pick() }) : pick();
}

/**
 * The OTLP/HTTP exporter, loaded only by a process that sends spans: its modules (the OTLP
 * serialisers, with the metrics and logs SDKs they import) are over 1 MB of heap that a process
 * tracing for ids only would keep for nothing. Loading starts at once; spans finished before it
 * is done wait in the batch processor, and its first export waits for it.
 */
class OtlpHttpExporter implements SpanExporter {
  private readonly loaded: Promise<SpanExporter>;

  constructor(url: string) {
    this.loaded = import('@opentelemetry/exporter-trace-otlp-http').then(({ OTLPTraceExporter }) => new OTLPTraceExporter({ url }));
    // A failed load is reported by each export (as a failed batch), not as an unhandled rejection.
    this.loaded.catch(() => undefined);
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.loaded.then(
      (exporter) => exporter.export(spans, resultCallback),
      (error: unknown) => resultCallback({ code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }

  async shutdown(): Promise<void> {
    await (await this.loaded.catch(() => undefined))?.shutdown();
  }

  async forceFlush(): Promise<void> {
    await (await this.loaded.catch(() => undefined))?.forceFlush?.();
  }
}

const propagator = new W3CTraceContextPropagator();
let provider: TracerProvider | undefined;
let tracer: Tracer = trace.getTracer('aeromaint');
let contextManagerSet = false;

/**
 * Starts tracing in this process (the gateway and every service call it as they start). Spans are
 * always made, so every log line and every message to another process carries trace and span
 * ids; they are recorded and sent (OTLP/HTTP JSON, in batches) only when `tracesUrl` is set. A
 * second call replaces the first (a test starting a gateway again). `spanProcessors` replace the
 * exporter (tests read the spans in memory).
 */
export function startTracing(settings: TracingSettings, options: { spanProcessors?: SpanProcessor[] } = {}): void {
  if (!contextManagerSet) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(propagator);
    contextManagerSet = true;
  }
  const processors =
    options.spanProcessors ??
    (settings.tracesUrl
      ? [new BatchSpanProcessor({ exporter: new OtlpHttpExporter(settings.tracesUrl), scheduledDelayMillis: settings.scheduleDelayMs })]
      : []);
  const previous = provider;
  provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.service,
      'service.version': settings.release,
      'service.instance.id': `${hostname()}/${process.pid}`,
      'deployment.environment.name': settings.environment,
    }),
    // Nothing to send spans to: ids only (non-recording spans cost next to nothing).
    sampler: processors.length ? samplerOf(settings.sampler, settings.samplerArg) : new AlwaysOffSampler(),
    spanProcessors: processors,
  });
  trace.disable();
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('aeromaint', settings.release);
  if (previous) void previous.shutdown().catch(() => undefined);
}

/** Sends the finished spans still waiting (at shutdown, and in tests). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush().catch(() => undefined);
}

/** Sends what is waiting and stops tracing in this process. */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = undefined;
  trace.disable();
  tracer = trace.getTracer('aeromaint');
  await stopping?.shutdown().catch(() => undefined);
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /**
   * Work that another process asked for (an RPC request, an event, a job): the span continues the
   * trace of this carrier, whatever the current context; with no valid carrier it starts a new
   * trace. Absent: the span is a child of the current span.
   */
  remote?: TraceCarrier | null;
  /** Whether an error thrown by the work marks the span failed (every error unless told). */
  failed?: (error: unknown) => boolean;
}

/** Starts a span (see SpanOptions); the caller ends it. `inSpan` does both around a piece of work. */
export function startSpan(name: string, options: SpanOptions = {}): Span {
  const parent = 'remote' in options ? contextOfCarrier(options.remote) : context.active();
  return tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, ...(options.attributes ? { attributes: options.attributes } : {}) }, parent);
}

/** Runs `fn` with `span` as the current span: its log lines and the messages it sends carry the span's ids. */
export function withSpan<T>(span: Span, fn: () => T): T {
  return context.with(trace.setSpan(context.active(), span), fn);
}

/**
 * The one way to trace a piece of work (an RPC call or its handling, an event or job handled):
 * the work runs inside a new span, which records an error thrown (and rethrows it) and ends
 * when the work does.
 */
export async function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T> | T): Promise<T> {
  const span = startSpan(name, options);
  try {
    return await withSpan(span, () => fn(span));
  } catch (error) {
    if (options.failed?.(error) ?? true) markSpanFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/**
 * A message sent now and handled later by another process (an event written to the outbox, a
 * job added to a queue): a PRODUCER span, child of the current span, ended at once. Its context,
 * stored with the message, makes the handler's span its child, in the same trace.
 */
export function sendingSpanContext(name: string, attributes?: Attributes): TraceCarrier {
  const span = startSpan(name, { kind: SpanKind.PRODUCER, ...(attributes ? { attributes } : {}) });
  const carrier = traceCarrier(trace.setSpan(context.active(), span));
  span.end();
  return carrier;
}

/** The current span's context to send along (`traceparent`, `tracestate`); empty outside any span. */
export function traceCarrier(from: Context = context.active()): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagator.inject(from, carrier, defaultTextMapSetter);
  return carrier;
}

/** A carrier read from untrusted JSON (a job's data): only its text fields are kept. */
export function carrierOf(value: unknown): TraceCarrier | null {
  if (typeof value !== 'object' || value === null) return null;
  const { traceparent, tracestate } = value as Record<string, unknown>;
  if (typeof traceparent !== 'string') return null;
  return typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent };
}

function contextOfCarrier(carrier: TraceCarrier | null | undefined): Context {
  return carrier?.traceparent ? propagator.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter) : ROOT_CONTEXT;
}

/** Records an error on a span and marks it failed. */
export function markSpanFailed(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  const failure = error instanceof Error ? error : new Error(String(error));
  span.recordException(failure);
  span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
}

/** The current span, when there is one with valid ids. */
export function currentSpan(): Span | undefined {
  const span = trace.getActiveSpan();
  return span && isSpanContextValid(span.spanContext()) ? span : undefined;
}

/** The ids a log line carries inside a span (`trace_id`, `span_id`), as OpenTelemetry names them in logs. */
export function traceLogFields(): { trace_id: string; span_id: string } | undefined {
  const span = currentSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
