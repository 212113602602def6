import { defineRpc } from '@aero/contracts';
import { NatsRpcServer, OUTBOX_TRACE_FIELD, OutboxRelay, OutboxWriter, prefixed, RpcClient, RpcErrorFilter } from '@aero/backend-messaging';
import { currentSpan, inSpan, SpanKind, SpanStatusCode, startTracing, stopTracing, tracingSettingsFromEnv } from '@aero/backend-observability';
import { TEST_INFRA, waitFor } from '@aero/backend-testing';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { pino } from 'pino';
import { createMessagingKit, widgetEvent, type MessagingKit } from './support/messaging-test-kit.js';

const TracedRpc = {
  Where: defineRpc<Record<string, never>, { traceId: string | null }>('rpc-trace.where'),
  Crash: defineRpc<Record<string, never>, never>('rpc-trace.crash'),
};

@Controller()
class TracedController {
  @MessagePattern(TracedRpc.Where.pattern)
  where() {
    return { traceId: currentSpan()?.spanContext().traceId ?? null };
  }

  @MessagePattern(TracedRpc.Crash.pattern)
  crash(): never {
    throw new Error('disk full');
  }
}

@Module({ controllers: [TracedController] })
class TracedModule {}

describe('trace context across NATS (RPC headers; outbox, relay, JetStream, consumer)', () => {
  jest.setTimeout(20_000);
  let kit: MessagingKit;
  let server: INestMicroservice;
  let rpc: RpcClient;
  const exporter = new InMemorySpanExporter();

  beforeAll(async () => {
    startTracing(tracingSettingsFromEnv({}, 'messaging-test'), { spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    kit = await createMessagingKit('tracing_test');
    const prefix = kit.env.natsPrefix;
    server = await NestFactory.createMicroservice(TracedModule, {
      strategy: new NatsRpcServer({ servers: TEST_INFRA.nats, queue: 'rpc-trace', prefix, name: 'rpc-trace-server' }),
      logger: false,
    });
    server.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
    await server.listen();
    rpc = new RpcClient(kit.nc, { prefix, timeoutMs: 2000 });
  });

  afterAll(async () => {
    await server?.close();
    await kit?.close();
    await stopTracing();
  });

  it("makes the service's span a child of the caller's (traceparent in the NATS headers), and an unexpected error marks it failed", async () => {
    const answer = await inSpan('GET /api/where', { kind: SpanKind.SERVER, remote: null }, () => rpc.call(TracedRpc.Where, {}));
    const spans = exporter.getFinishedSpans().filter((s) => s.name === TracedRpc.Where.pattern);
    const client = spans.find((s) => s.kind === SpanKind.CLIENT)!;
    const handler = spans.find((s) => s.kind === SpanKind.SERVER)!;
    expect(client.parentSpanContext?.spanId).toBe(finished('GET /api/where').spanContext().spanId);
    expect(handler.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(answer.traceId).toBe(client.spanContext().traceId);

    await expect(rpc.call(TracedRpc.Crash, {})).rejects.toThrow('Something went wrong');
    const crashed = exporter.getFinishedSpans().find((s) => s.name === TracedRpc.Crash.pattern && s.kind === SpanKind.SERVER)!;
    expect(crashed.status).toEqual({ code: SpanStatusCode.ERROR, message: 'disk full' });
  });

  function finished(name: string) {
    const span = exporter.getFinishedSpans().find((s) => s.name === name);
    if (!span) throw new Error(`no finished span ${name}`);
    return span;
  }

  it("makes the consumer's span a child of the span that wrote the event, while subscribers get the envelope alone", async () => {
    const event = widgetEvent('traced');
    const writer = new OutboxWriter(kit.schema, 'messaging-test');
    const handled: { traceId?: string }[] = [];
    const consumer = kit.consumer({
      consumer: 'messaging-test.traced',
      event,
      handle: () => {
        handled.push({ traceId: currentSpan()?.spanContext().traceId });
        return Promise.resolve();
      },
    });
    await consumer.start();

    const envelope = await inSpan('POST /api/widgets', { kind: SpanKind.SERVER, remote: null }, () =>
      kit.dataSource.transaction((manager) => writer.add(manager, event, { serial: 1, label: 'traced' })),
    );
    const request = finished('POST /api/widgets');
    const producer = finished('publish widget.traced');
    expect(producer.kind).toBe(SpanKind.PRODUCER);
    expect(producer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);

    // The row keeps the context; the relay moves it into the message's headers.
    const [row] = await kit.dataSource.query(`SELECT payload FROM "${kit.schema}".outbox WHERE id = $1`, [envelope.id]);
    expect(row.payload[OUTBOX_TRACE_FIELD]).toEqual({ traceparent: `00-${request.spanContext().traceId}-${producer.spanContext().spanId}-01` });
    const relay = new OutboxRelay(kit.dataSource, kit.nc, { schema: kit.schema, databaseUrl: kit.env.databaseUrl, prefix: kit.env.natsPrefix, pollIntervalMs: 60_000 }, kit.logger);
    expect(await relay.drainAll()).toBe(1);

    // The consumer's span ends after the handler, once the inbox transaction commits and the
    // message is acknowledged: wait for the span, not only for the handler.
    await waitFor(() => handled.length === 1 && exporter.getFinishedSpans().some((s) => s.name === 'process widget.traced'), {
      what: 'the event handled and its span ended',
    });
    const handling = finished('process widget.traced');
    expect(handling.kind).toBe(SpanKind.CONSUMER);
    expect(handling.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(handling.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(handling.attributes).toMatchObject({ 'messaging.message.id': envelope.id, 'aero.correlation_id': envelope.correlationId });
    expect(handled[0].traceId).toBe(request.spanContext().traceId);

    const stored = await (await jetstream(kit.nc).streams.get(kit.stream)).getMessage({ last_by_subj: prefixed(kit.env.natsPrefix, event.subject) });
    expect(stored?.header?.get('traceparent')).toBe(row.payload[OUTBOX_TRACE_FIELD].traceparent);
    expect(stored?.json()).toEqual(envelope);
  });
});
