import { afterAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spansFromOtlpJson, summarizeTrace, waterfallOrder, type StoredSpan } from './trace-store.js';
import { CORRELATION_ATTRIBUTE, flushTracing, inSpan, sendingSpanContext, SpanKind, startTracing, stopTracing, tracingSettingsFromEnv } from './tracing.js';

function span(spanId: string, parentSpanId: string | undefined, startMs: number, durationMs: number, extra: Partial<StoredSpan> = {}): StoredSpan {
  return {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId,
    ...(parentSpanId ? { parentSpanId } : {}),
    name: spanId,
    kind: 'internal',
    service: 'gateway',
    startMs,
    durationMs,
    status: 'unset',
    attributes: {},
    ...extra,
  };
}

describe('the local trace viewer', () => {
  afterAll(() => stopTracing());

  it('reads what the OTLP/HTTP exporter sends: each span with its process, parent, kind, times, status and attributes', async () => {
    const bodies: { type?: string; url?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push({ type: req.headers['content-type'], url: req.url, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      startTracing(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, RELEASE: '1.2.3' }, 'accounts-invitations'));
      const before = Date.now();
      await inSpan('accounts.register', { kind: SpanKind.SERVER, remote: null, attributes: { [CORRELATION_ATTRIBUTE]: 'corr-7', 'rpc.system': 'nats' } }, async () => {
        sendingSpanContext('publish user.registered');
        await expect(inSpan('hash password', {}, async () => Promise.reject(new Error('argon2 refused')))).rejects.toThrow();
      });
      await flushTracing();

      expect(bodies.map(({ type, url }) => ({ type, url }))).toEqual([{ type: 'application/json', url: '/v1/traces' }]);
      const spans = spansFromOtlpJson(JSON.parse(bodies[0].body));
      const byName = Object.fromEntries(spans.map((s) => [s.name, s]));
      expect(Object.keys(byName).sort()).toEqual(['accounts.register', 'hash password', 'publish user.registered']);
      const root = byName['accounts.register'];
      expect(root).toMatchObject({ kind: 'server', service: 'accounts-invitations', status: 'unset', attributes: { [CORRELATION_ATTRIBUTE]: 'corr-7', 'rpc.system': 'nats' } });
      expect(root.parentSpanId).toBeUndefined();
      expect(root.startMs).toBeGreaterThanOrEqual(before - 1);
      expect(root.startMs).toBeLessThanOrEqual(Date.now());
      expect(byName['publish user.registered']).toMatchObject({ kind: 'producer', parentSpanId: root.spanId, traceId: root.traceId });
      expect(byName['hash password']).toMatchObject({ kind: 'internal', status: 'error', error: 'argon2 refused', parentSpanId: root.spanId });
      // Each span's times are read from the clock on their own: on a loaded machine a child that
      // ended just before its parent may show up to some tens of microseconds after it.
      expect(byName['hash password'].startMs + byName['hash password'].durationMs).toBeLessThanOrEqual(root.startMs + root.durationMs + 1);
    } finally {
      server.close();
    }
  });

  it('leaves out what is not a well-formed span', () => {
    expect(spansFromOtlpJson(null)).toEqual([]);
    expect(spansFromOtlpJson({ resourceSpans: 'x' })).toEqual([]);
    const good = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'x', kind: 2, startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000000001500000' };
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'payments' } }] },
          scopeSpans: [{ spans: [good, { ...good, traceId: 'not-hex' }, { ...good, spanId: '<script>' }, { ...good, startTimeUnixNano: 'soon' }] }],
        },
      ],
    };
    expect(spansFromOtlpJson(body)).toEqual([
      { traceId: good.traceId, spanId: good.spanId, name: 'x', kind: 'server', service: 'payments', startMs: 1_700_000_000_000, durationMs: 1.5, status: 'unset', attributes: {} },
    ]);
  });

  it('orders a waterfall with each span under its parent, siblings by start; spans whose parent has not arrived come first', () => {
    const rows = waterfallOrder([
      span('c2', 'b', 30, 5),
      span('b', 'a', 10, 40),
      span('a', undefined, 0, 100),
      span('c1', 'b', 20, 5),
      span('orphan', 'missing', 5, 1),
    ]);
    expect(rows.map(({ span: s, depth }) => `${s.spanId}:${depth}`)).toEqual(['a:0', 'b:1', 'c1:2', 'c2:2', 'orphan:0']);
  });

  it('sums a trace up: its root, time, processes, errors and correlation id', () => {
    const summary = summarizeTrace('0af7651916cd43dd8448eb211c80319c', [
      span('b', 'a', 1_700_000_000_010, 40, { service: 'payments', status: 'error' }),
      span('a', undefined, 1_700_000_000_000, 20, { name: 'POST /api/orders', attributes: { [CORRELATION_ATTRIBUTE]: 'corr-1' } }),
    ]);
    expect(summary).toEqual({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      root: { name: 'POST /api/orders', service: 'gateway' },
      startedAt: new Date(1_700_000_000_000).toISOString(),
      durationMs: 50,
      spans: 2,
      services: ['gateway', 'payments'],
      errors: 1,
      correlationId: 'corr-1',
    });
  });
});
