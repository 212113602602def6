import { Redis } from 'ioredis';
import { CORRELATION_ATTRIBUTE } from './tracing.js';

/** One finished span as the local trace viewer keeps it. */
export interface StoredSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 'internal' | 'server' | 'client' | 'producer' | 'consumer';
  /** `service.name` of the process that made it. */
  service: string;
  /** Epoch milliseconds (fractional). */
  startMs: number;
  durationMs: number;
  status: 'unset' | 'ok' | 'error';
  /** The status message, or the message of the exception the span recorded. */
  error?: string;
  attributes: Record<string, string | number | boolean>;
}

/** One trace in the list of recent traces. */
export interface TraceSummary {
  traceId: string;
  /** The span that started the trace (none yet when only its children have arrived). */
  root?: { name: string; service: string };
  startedAt: string;
  durationMs: number;
  spans: number;
  services: string[];
  errors: number;
  correlationId?: string;
}

/** Traces kept in the recent list (older ones are dropped from it, their spans expire). */
export const TRACES_KEPT = 1000;
/** How long a trace's spans are kept. */
export const TRACE_TTL_SECONDS = 24 * 3600;
const SPANS_PER_TRACE = 5000;
const MAX_TEXT = 2000;
const MAX_ATTRIBUTES = 64;

const KINDS: StoredSpan['kind'][] = ['internal', 'internal', 'server', 'client', 'producer', 'consumer'];
const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;

type OtlpValue = {
  stringValue?: unknown;
  boolValue?: unknown;
  intValue?: unknown;
  doubleValue?: unknown;
  arrayValue?: { values?: OtlpValue[] };
};
type OtlpAttribute = { key?: unknown; value?: OtlpValue };

function valueOf(value: OtlpValue | undefined): string | number | boolean | undefined {
  if (!value) return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue.slice(0, MAX_TEXT);
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.arrayValue) return JSON.stringify((value.arrayValue.values ?? []).map(valueOf)).slice(0, MAX_TEXT);
  return undefined;
}

function attributesOf(list: unknown): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  if (!Array.isArray(list)) return attributes;
  for (const item of (list as OtlpAttribute[]).slice(0, MAX_ATTRIBUTES)) {
    const value = valueOf(item?.value);
    if (typeof item?.key === 'string' && value !== undefined) attributes[item.key.slice(0, 200)] = value;
  }
  return attributes;
}

/** Nanoseconds since the epoch (a decimal string in OTLP JSON) as fractional milliseconds. */
function nanosToMs(value: unknown): number {
  if (typeof value === 'number') return value / 1e6;
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return Number.NaN;
  const nanos = BigInt(value);
  return Number(nanos / 1000n) / 1000;
}

function kindOf(value: unknown): StoredSpan['kind'] {
  if (typeof value === 'number') return KINDS[value] ?? 'internal';
  if (typeof value === 'string') {
    const name = value.replace(/^SPAN_KIND_/, '').toLowerCase();
    return (KINDS as string[]).includes(name) ? (name as StoredSpan['kind']) : 'internal';
  }
  return 'internal';
}

/**
 * The spans of an OTLP/HTTP JSON export request (`ExportTraceServiceRequest`: resourceSpans →
 * scopeSpans → spans), each with its process's `service.name`. Whatever is not a well-formed span
 * (ids that are not hex, no times) is left out.
 */
export function spansFromOtlpJson(body: unknown): StoredSpan[] {
  const spans: StoredSpan[] = [];
  const resourceSpans = (body as { resourceSpans?: unknown } | null)?.resourceSpans;
  if (!Array.isArray(resourceSpans)) return spans;
  for (const resourceSpan of resourceSpans as { resource?: { attributes?: unknown }; scopeSpans?: unknown }[]) {
    const service = String(attributesOf(resourceSpan?.resource?.attributes)['service.name'] ?? 'unknown');
    const scopeSpans = resourceSpan?.scopeSpans;
    if (!Array.isArray(scopeSpans)) continue;
    for (const scopeSpan of scopeSpans as { spans?: unknown }[]) {
      if (!Array.isArray(scopeSpan?.spans)) continue;
      for (const raw of scopeSpan.spans as Record<string, unknown>[]) {
        const span = spanOf(raw, service);
        if (span) spans.push(span);
      }
    }
  }
  return spans;
}

function spanOf(raw: Record<string, unknown>, service: string): StoredSpan | null {
  const { traceId, spanId, parentSpanId, name } = raw;
  if (typeof traceId !== 'string' || !HEX32.test(traceId) || typeof spanId !== 'string' || !HEX16.test(spanId)) return null;
  const startMs = nanosToMs(raw['startTimeUnixNano']);
  const endMs = nanosToMs(raw['endTimeUnixNano']);
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return null;
  const status = raw['status'] as { code?: unknown; message?: unknown } | undefined;
  const code = status?.code === 2 || status?.code === 'STATUS_CODE_ERROR' ? 'error' : status?.code === 1 || status?.code === 'STATUS_CODE_OK' ? 'ok' : 'unset';
  const exception = Array.isArray(raw['events'])
    ? (raw['events'] as { name?: unknown; attributes?: unknown }[]).find((event) => event?.name === 'exception')
    : undefined;
  const error = (typeof status?.message === 'string' && status.message) || attributesOf(exception?.attributes)['exception.message'];
  return {
    traceId,
    spanId,
    ...(typeof parentSpanId === 'string' && HEX16.test(parentSpanId) ? { parentSpanId } : {}),
    name: typeof name === 'string' ? name.slice(0, 200) : '',
    kind: kindOf(raw['kind']),
    service: service.slice(0, 100),
    startMs,
    durationMs: Math.max(0, endMs - startMs),
    status: code,
    ...(error !== undefined && error !== '' ? { error: String(error).slice(0, MAX_TEXT) } : {}),
    attributes: attributesOf(raw['attributes']),
  };
}

/** A trace's spans in reading order: each span after its parent, siblings by start time; spans whose parent has not arrived come first. */
export function waterfallOrder(spans: StoredSpan[]): { span: StoredSpan; depth: number }[] {
  const ids = new Set(spans.map((span) => span.spanId));
  const children = new Map<string, StoredSpan[]>();
  const tops: StoredSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.startMs - b.startMs)) {
    if (span.parentSpanId && ids.has(span.parentSpanId)) children.set(span.parentSpanId, [...(children.get(span.parentSpanId) ?? []), span]);
    else tops.push(span);
  }
  const rows: { span: StoredSpan; depth: number }[] = [];
  const visit = (span: StoredSpan, depth: number) => {
    rows.push({ span, depth });
    for (const child of children.get(span.spanId) ?? []) visit(child, depth + 1);
  };
  for (const top of tops) visit(top, 0);
  return rows;
}

/** What the list of recent traces says about one trace. */
export function summarizeTrace(traceId: string, spans: StoredSpan[]): TraceSummary {
  const start = Math.min(...spans.map((span) => span.startMs));
  const end = Math.max(...spans.map((span) => span.startMs + span.durationMs));
  const root = spans.find((span) => !span.parentSpanId);
  const correlationId = (root ?? spans.find((span) => span.attributes[CORRELATION_ATTRIBUTE]))?.attributes[CORRELATION_ATTRIBUTE];
  return {
    traceId,
    ...(root ? { root: { name: root.name, service: root.service } } : {}),
    startedAt: new Date(start).toISOString(),
    durationMs: Math.round((end - start) * 1000) / 1000,
    spans: spans.length,
    services: [...new Set(spans.map((span) => span.service))].sort(),
    errors: spans.filter((span) => span.status === 'error').length,
    ...(typeof correlationId === 'string' ? { correlationId } : {}),
  };
}

/**
 * The local trace viewer's store, in the Redis the product already uses (as the error reports'
 * stream): the spans of each trace in a list `<prefix>:trace:<traceId>` kept a day, the newest
 * TRACES_KEPT traces in a sorted set `<prefix>:traces` by start time, and the traces of each
 * correlation id in a set `<prefix>:traces:correlation:<id>`. The gateway's operations port
 * writes it (it receives every process's spans over OTLP/HTTP) and reads it (`/traces`).
 */
export class TraceStore {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
  }

  private traceKey(traceId: string): string {
    return `${this.prefix}:trace:${traceId}`;
  }

  private correlationKey(correlationId: string): string {
    return `${this.prefix}:traces:correlation:${correlationId}`;
  }

  private get recentKey(): string {
    return `${this.prefix}:traces`;
  }

  async add(spans: StoredSpan[]): Promise<void> {
    if (!spans.length) return;
    const byTrace = new Map<string, StoredSpan[]>();
    for (const span of spans) byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
    const batch = this.redis.multi();
    for (const [traceId, traceSpans] of byTrace) {
      const key = this.traceKey(traceId);
      batch.rpush(key, ...traceSpans.map((span) => JSON.stringify(span)));
      batch.ltrim(key, 0, SPANS_PER_TRACE - 1);
      batch.expire(key, TRACE_TTL_SECONDS);
      // LT: a trace's place in the list is its earliest span, whichever process reported first.
      batch.zadd(this.recentKey, 'LT', Math.min(...traceSpans.map((span) => span.startMs)), traceId);
      for (const correlationId of new Set(traceSpans.map((span) => span.attributes[CORRELATION_ATTRIBUTE]).filter((id): id is string => typeof id === 'string'))) {
        const key = this.correlationKey(correlationId);
        batch.sadd(key, traceId);
        batch.expire(key, TRACE_TTL_SECONDS);
      }
    }
    batch.zremrangebyrank(this.recentKey, 0, -(TRACES_KEPT + 1));
    await batch.exec();
  }

  /** A trace's spans, in the order they arrived; empty when unknown or expired. */
  async trace(traceId: string): Promise<StoredSpan[]> {
    if (!HEX32.test(traceId)) return [];
    const entries = await this.redis.lrange(this.traceKey(traceId), 0, -1);
    return entries.flatMap((entry) => {
      try {
        return [JSON.parse(entry) as StoredSpan];
      } catch {
        return [];
      }
    });
  }

  /** The newest traces first, or those of one correlation id. */
  async recent(limit = 50, correlationId?: string): Promise<TraceSummary[]> {
    const ids = correlationId
      ? await this.redis.smembers(this.correlationKey(correlationId))
      : await this.redis.zrevrange(this.recentKey, 0, Math.max(0, limit - 1));
    const summaries = await Promise.all(ids.map(async (id) => ({ id, spans: await this.trace(id) })));
    return summaries
      .filter(({ spans }) => spans.length > 0)
      .map(({ id, spans }) => summarizeTrace(id, spans))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
      .slice(0, limit);
  }

  async close(): Promise<void> {
    // Never connected (lazyConnect): nothing to say goodbye to.
    if (this.redis.status === 'wait') return this.redis.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
