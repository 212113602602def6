import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { reportError } from './error-reports.js';
import { logContextFields } from './logger.js';
import { runWithContext } from './request-context.js';
import {
  carrierOf,
  currentSpan,
  flushTracing,
  inSpan,
  sendingSpanContext,
  SpanKind,
  SpanStatusCode,
  startTracing,
  stopTracing,
  traceCarrier,
  tracingSettingsFromEnv,
  withSpan,
  startSpan,
  type TraceCarrier,
} from './tracing.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-(0[01])$/;
// A new one per test: replacing the tracer provider shuts the previous one's exporter down.
let exporter: InMemorySpanExporter;
const settings = tracingSettingsFromEnv({ NODE_ENV: 'test' }, 'payments');

function parts(carrier: TraceCarrier): { traceId: string; spanId: string; flags: string } {
  const match = TRACEPARENT.exec(carrier.traceparent ?? '');
  if (!match) throw new Error(`not a traceparent: ${carrier.traceparent}`);
  return { traceId: match[1], spanId: match[2], flags: match[3] };
}

function finished(name: string) {
  const span = exporter.getFinishedSpans().find((s) => s.name === name);
  if (!span) throw new Error(`no finished span ${name}: ${exporter.getFinishedSpans().map((s) => s.name).join(', ')}`);
  return span;
}

describe('tracing', () => {
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    startTracing(settings, { spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  });
  afterAll(() => stopTracing());

  it('sends the current span as a W3C traceparent, and nothing outside any span', async () => {
    expect(traceCarrier()).toEqual({});
    let sent: TraceCarrier = {};
    await inSpan('catalog.products.list', { kind: SpanKind.CLIENT }, (span) => {
      sent = traceCarrier();
      expect(parts(sent)).toEqual({ traceId: span.spanContext().traceId, spanId: span.spanContext().spanId, flags: '01' });
    });
    expect(finished('catalog.products.list').kind).toBe(SpanKind.CLIENT);
  });

  it("continues the remote caller's trace: the span is the child of the carrier's span, whatever span is current", async () => {
    const caller = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' };
    await inSpan('unrelated', {}, () =>
      inSpan('payments.pay', { kind: SpanKind.SERVER, remote: caller }, (span) => {
        expect(span.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
      }),
    );
    const server = finished('payments.pay');
    expect(server.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.spanContext().traceId).not.toBe(finished('unrelated').spanContext().traceId);
  });

  it('starts a new trace when the remote context is missing or malformed', async () => {
    for (const remote of [null, {}, { traceparent: 'not-a-traceparent' }, { traceparent: '00-00000000000000000000000000000000-b7ad6b7169203331-01' }]) {
      exporter.reset();
      await inSpan('handler', { kind: SpanKind.CONSUMER, remote }, () => undefined);
      const span = finished('handler');
      expect(span.parentSpanContext).toBeUndefined();
      expect(span.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('is a child of the current span when no remote context is given', async () => {
    await inSpan('GET /api/cart', { kind: SpanKind.SERVER }, () => inSpan('catalog.cart.get', { kind: SpanKind.CLIENT }, () => undefined));
    const [outer, inner] = [finished('GET /api/cart'), finished('catalog.cart.get')];
    expect(inner.parentSpanContext?.spanId).toBe(outer.spanContext().spanId);
    expect(inner.spanContext().traceId).toBe(outer.spanContext().traceId);
  });

  it('records an error thrown by the work and rethrows it; an error the caller expects leaves the span unfailed', async () => {
    await expect(inSpan('job', {}, async () => Promise.reject(new Error('smtp down')))).rejects.toThrow('smtp down');
    const failed = finished('job');
    expect(failed.status).toEqual({ code: SpanStatusCode.ERROR, message: 'smtp down' });
    expect(failed.events.map((event) => event.name)).toEqual(['exception']);

    exporter.reset();
    class Later extends Error {}
    await expect(inSpan('job', { failed: (error) => !(error instanceof Later) }, async () => Promise.reject(new Later('later')))).rejects.toThrow('later');
    expect(finished('job').status.code).toBe(SpanStatusCode.UNSET);
  });

  it('gives a message sent for later an ended PRODUCER span, child of the current one, whose context makes the handler its child', async () => {
    let stored: TraceCarrier = {};
    await inSpan('accounts.register', { kind: SpanKind.SERVER }, () => {
      stored = sendingSpanContext('publish user.registered', { 'messaging.system': 'nats' });
    });
    const producer = finished('publish user.registered');
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(producer.ended).toBe(true);
    expect(producer.parentSpanContext?.spanId).toBe(finished('accounts.register').spanContext().spanId);
    expect(parts(stored).spanId).toBe(producer.spanContext().spanId);

    // Stored as JSON (an outbox row, a job's data) and read back in another process.
    await inSpan('process user.registered', { kind: SpanKind.CONSUMER, remote: carrierOf(JSON.parse(JSON.stringify(stored))) }, () => undefined);
    const consumer = finished('process user.registered');
    expect(consumer.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(consumer.spanContext().traceId).toBe(producer.spanContext().traceId);
  });

  it('reads a carrier from untrusted JSON: text fields only', () => {
    expect(carrierOf({ traceparent: '00-a-b-01', tracestate: 'k=v', extra: 1 })).toEqual({ traceparent: '00-a-b-01', tracestate: 'k=v' });
    expect(carrierOf({ traceparent: 42 })).toBeNull();
    expect(carrierOf('00-a-b-01')).toBeNull();
    expect(carrierOf(undefined)).toBeNull();
  });

  it('puts trace_id and span_id next to the correlation id in log lines written inside a span', async () => {
    expect(runWithContext({ correlationId: 'corr-1' }, () => logContextFields())).toEqual({ correlationId: 'corr-1' });
    await inSpan('payments.pay', { kind: SpanKind.SERVER }, (span) => {
      const fields = runWithContext({ correlationId: 'corr-1' }, () => logContextFields());
      expect(fields).toEqual({ correlationId: 'corr-1', trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
    });
    expect(logContextFields()).toEqual({});
  });

  it('marks the current span failed when an error is reported, and the report names the trace', async () => {
    // Jest's NODE_ENV=test without a REDIS_PREFIX: the report goes to no sink.
    await inSpan('payments.pay', { kind: SpanKind.SERVER }, (span) => {
      expect(reportError(new Error('card network down'), { kind: 'rpc', route: 'payments.pay' }).traceId).toBe(span.spanContext().traceId);
    });
    expect(finished('payments.pay').status).toEqual({ code: SpanStatusCode.ERROR, message: 'card network down' });
  });

  it('without a place to send spans, still gives ids to logs and messages but records nothing', async () => {
    startTracing(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, 'gateway'));
    await inSpan('GET /api/me', { kind: SpanKind.SERVER }, (span) => {
      expect(span.isRecording()).toBe(false);
      expect(parts(traceCarrier())).toEqual({ traceId: span.spanContext().traceId, spanId: span.spanContext().spanId, flags: '00' });
      expect(logContextFields()).toEqual({ trace_id: span.spanContext().traceId, span_id: span.spanContext().spanId });
    });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('withSpan makes a span started elsewhere current (the gateway opens its span in one hook and enters it in another)', () => {
    const span = startSpan('GET /api/me', { kind: SpanKind.SERVER, remote: null });
    expect(withSpan(span, () => currentSpan())).toBe(span);
    expect(currentSpan()).toBeUndefined();
    span.end();
  });
});

describe('tracing settings', () => {
  it('send to the standard OTLP endpoint variables, and nowhere when they are unset or empty', () => {
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:3100/' }, 'gateway').tracesUrl).toBe('http://127.0.0.1:3100/v1/traces');
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/x' }, 'gateway').tracesUrl).toBe('http://b:4318/x');
    expect(tracingSettingsFromEnv({}, 'gateway').tracesUrl).toBeUndefined();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, 'gateway').tracesUrl).toBeUndefined();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_SDK_DISABLED: 'true' }, 'gateway').tracesUrl).toBeUndefined();
    expect(tracingSettingsFromEnv({ OTEL_SERVICE_NAME: 'gateway-eu' }, 'gateway').service).toBe('gateway-eu');
    expect(tracingSettingsFromEnv({}, 'gateway')).toMatchObject({ service: 'gateway', sampler: 'parentbased_always_on', scheduleDelayMs: 5000 });
  });
});

describe('sending spans', () => {
  afterAll(() => stopTracing());

  it('posts the finished spans as OTLP/HTTP JSON to the traces URL (the exporter is loaded on demand)', async () => {
    const bodies: string[] = [];
    const collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        bodies.push(`${request.method} ${request.url} ${body}`);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = collector.address() as AddressInfo;
      startTracing({ ...settings, tracesUrl: `http://127.0.0.1:${port}/v1/traces`, scheduleDelayMs: 60_000 });
      await inSpan('payments.pay', { kind: SpanKind.SERVER }, () => undefined);
      await flushTracing();
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatch(/^POST \/v1\/traces /);
      expect(bodies[0]).toContain('"name":"payments.pay"');
    } finally {
      await stopTracing();
      await new Promise((resolve) => collector.close(resolve));
    }
  });
});
