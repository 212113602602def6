import { TEST_INFRA } from '@aero/backend-testing';
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { CORRELATION_ATTRIBUTE, TRACES_KEPT, TraceStore, type StoredSpan } from '../src/index.js';

const prefix = `test:${randomBytes(5).toString('hex')}`;
const store = new TraceStore(TEST_INFRA.redis, prefix);

function traceId(n: number): string {
  return n.toString(16).padStart(32, '0');
}

function span(trace: number, spanId: string, parentSpanId: string | undefined, startMs: number, service: string, correlationId?: string): StoredSpan {
  return {
    traceId: traceId(trace),
    spanId,
    ...(parentSpanId ? { parentSpanId } : {}),
    name: `${service} ${spanId}`,
    kind: parentSpanId ? 'server' : 'client',
    service,
    startMs,
    durationMs: 3,
    status: 'unset',
    attributes: correlationId ? { [CORRELATION_ATTRIBUTE]: correlationId } : {},
  };
}

describe('TraceStore (Redis)', () => {
  afterAll(async () => {
    await store.close();
    const redis = new Redis(TEST_INFRA.redis);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it("joins the spans each process sends of one trace, lists traces newest first and finds a request's by its correlation id", async () => {
    // The services' batches may arrive before the gateway's, which holds the root.
    await store.add([span(1, '00000000000000b1', '00000000000000a1', 1010, 'accounts-invitations', 'corr-1')]);
    await store.add([span(2, '00000000000000a2', undefined, 2000, 'gateway', 'corr-2')]);
    await store.add([span(1, '00000000000000a1', undefined, 1000, 'gateway', 'corr-1'), span(1, '00000000000000c1', '00000000000000b1', 1020, 'notifications')]);

    const first = await store.trace(traceId(1));
    expect(first.map((s) => s.service).sort()).toEqual(['accounts-invitations', 'gateway', 'notifications']);
    const recent = await store.recent(10);
    expect(recent.map((t) => t.traceId)).toEqual([traceId(2), traceId(1)]);
    expect(recent[1]).toMatchObject({ root: { name: 'gateway 00000000000000a1', service: 'gateway' }, spans: 3, correlationId: 'corr-1', durationMs: 23 });
    expect((await store.recent(10, 'corr-1')).map((t) => t.traceId)).toEqual([traceId(1)]);
    expect(await store.recent(10, 'corr-unknown')).toEqual([]);
    expect(await store.trace('not-a-trace-id')).toEqual([]);
  });

  it(`keeps the newest ${TRACES_KEPT} traces in its list`, async () => {
    const many = Array.from({ length: TRACES_KEPT + 5 }, (_, i) => span(100 + i, '00000000000000aa', undefined, 10_000 + i, 'gateway'));
    await store.add(many);
    const redis = new Redis(TEST_INFRA.redis);
    try {
      expect(await redis.zcard(`${prefix}:traces`)).toBe(TRACES_KEPT);
      expect(await redis.zscore(`${prefix}:traces`, traceId(1))).toBeNull();
      expect(await redis.ttl(`${prefix}:trace:${traceId(100)}`)).toBeGreaterThan(3600);
    } finally {
      redis.disconnect();
    }
    expect((await store.recent(1))[0].traceId).toBe(traceId(100 + TRACES_KEPT + 4));
  });
});
