import { ensureEventStream, durableName, eventStreamName } from '@aero/backend-messaging';
import { createTestEnvironment, envelopeOf, publishEnvelope, waitFor, type TestEnvironment } from '@aero/backend-testing';
import { eventExample, OrderPaidEvent, type OrderPaid } from '@aero/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const EXAMPLE = resolve(import.meta.dirname, '../../../tools/examples/order-paid-subscriber.mjs');

interface Subscriber {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/** docs/events.md's example subscriber (tools/examples/order-paid-subscriber.mjs), as a process of its own. */
function startSubscriber(env: TestEnvironment, ledgerFile: string): Subscriber {
  const child = spawn(process.execPath, [EXAMPLE], {
    cwd: resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, NATS_URL: env.env()['NATS_URL'], NATS_PREFIX: env.natsPrefix, SUBSCRIBER: 'erp-order-sync', LEDGER_FILE: ledgerFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const subscriber: Subscriber = { child, lines: [], exited: new Promise((r) => child.once('exit', (code) => r(code))) };
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    subscriber.lines.push(...complete.filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>));
  });
  return subscriber;
}

function paid(): OrderPaid {
  return { ...(eventExample(OrderPaidEvent) as OrderPaid), orderId: randomUUID() };
}

describe('tools/examples/order-paid-subscriber.mjs: a durable, idempotent subscriber outside the product', () => {
  let env: TestEnvironment;
  let nc: NatsConnection;
  let dir: string;

  beforeAll(async () => {
    env = await createTestEnvironment();
    nc = await connect({ servers: env.env()['NATS_URL'] });
    await ensureEventStream(nc, env.natsPrefix);
    dir = mkdtempSync(join(tmpdir(), 'order-paid-subscriber-'));
  });

  afterAll(async () => {
    await nc?.close();
    await env?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('handles each order.paid once: a republished event is a duplicate, and after a restart it goes on where it stopped', async () => {
    const ledger = join(dir, 'ledger.jsonl');
    const first = envelopeOf(OrderPaidEvent, paid());
    const second = envelopeOf(OrderPaidEvent, paid());
    const third = envelopeOf(OrderPaidEvent, paid());

    const one = startSubscriber(env, ledger);
    await waitFor(() => one.lines.some((line) => 'ready' in line), { what: 'the subscriber to be ready' });
    await publishEnvelope(nc, env.natsPrefix, OrderPaidEvent, first);
    // The same event published again past JetStream's duplicate window (another Nats-Msg-Id): delivered twice.
    await publishEnvelope(nc, env.natsPrefix, OrderPaidEvent, first, `${first.id}-again`);
    await publishEnvelope(nc, env.natsPrefix, OrderPaidEvent, second);
    await waitFor(() => one.lines.filter((line) => 'handled' in line || 'duplicate' in line).length === 3, { what: 'three deliveries' });
    expect(one.lines.filter((line) => 'handled' in line).map((line) => line['handled'])).toEqual([first.id, second.id]);
    expect(one.lines.filter((line) => 'duplicate' in line)).toEqual([{ duplicate: first.id }]);
    one.child.kill('SIGTERM');
    expect(await one.exited).toBe(0);

    // Published while no subscriber runs: the durable consumer keeps it.
    const seq = await publishEnvelope(nc, env.natsPrefix, OrderPaidEvent, third);
    const two = startSubscriber(env, ledger);
    await waitFor(() => two.lines.some((line) => line['handled'] === third.id), { what: 'the event published while it was stopped' });
    const jsm = await jetstreamManager(nc);
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(eventStreamName(env.natsPrefix), durableName('', 'erp-order-sync'));
        return info.ack_floor.stream_seq >= seq && info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { what: 'the durable consumer to have acknowledged everything' },
    );
    two.child.kill('SIGTERM');
    expect(await two.exited).toBe(0);
    // The restarted subscriber received only the new event, not the ones acknowledged before.
    expect(two.lines.filter((line) => 'handled' in line || 'duplicate' in line)).toEqual([expect.objectContaining({ handled: third.id })]);

    const handled = readFileSync(ledger, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { eventId: string; orderId: string; finalCents: number });
    expect(handled.map((line) => line.eventId)).toEqual([first.id, second.id, third.id]);
    expect(handled[0]).toMatchObject({ orderId: first.data.orderId, finalCents: first.data.totals.finalCents, correlationId: first.correlationId });
  });
});
