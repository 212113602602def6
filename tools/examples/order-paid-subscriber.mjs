#!/usr/bin/env node
// An example subscriber outside the product: it consumes `order.paid` from the product's JetStream
// stream with a durable consumer and handles each event once, however often it is delivered.
// docs/events.md explains each step. Run it from the repository (it uses the NATS client the
// product installs):
//
//   NATS_URL=nats://127.0.0.1:4222 SUBSCRIBER=erp-order-sync LEDGER_FILE=./erp-orders.jsonl \
//     node tools/examples/order-paid-subscriber.mjs
//
// Environment:
//   NATS_URL     the NATS server (default nats://127.0.0.1:4222)
//   NATS_PREFIX  the deployment's subject prefix (empty in production)
//   SUBSCRIBER   the durable consumer's name: the stream remembers its position under it, so a
//                restart goes on where it stopped (default order-paid-example)
//   LEDGER_FILE  where the handled events are recorded, one JSON line each; it is also the inbox:
//                an event id found in it was handled already (default ./order-paid-ledger.jsonl)
//
// It prints one JSON line per delivery on stdout: {"handled": id, ...} or {"duplicate": id}.
// SIGINT/SIGTERM stop it after the delivery in hand.
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync } from 'node:fs';

const EVENT = { type: 'order.paid', version: 1, subject: 'evt.payments.order.paid.v1' };

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = process.env.NATS_PREFIX ?? '';
const subscriber = process.env.SUBSCRIBER ?? 'order-paid-example';
const ledgerFile = process.env.LEDGER_FILE ?? './order-paid-ledger.jsonl';
const subject = `${prefix}${EVENT.subject}`;

/** The inbox: ids of the events already handled, read back from the ledger at start. */
const inbox = new Set(
  existsSync(ledgerFile)
    ? readFileSync(ledgerFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).eventId)
    : [],
);

/**
 * The subscriber's own effect, here a ledger line per paid order. Effect and inbox mark are one
 * write (the line carries the event id), so a crash cannot leave one without the other. With a
 * database: insert the event id into an inbox table with a unique key in the transaction that
 * makes the effect, and skip the event when the insert finds the id already there.
 */
function handle(envelope) {
  const { orderId, reference, buyer, totals, paidAt } = envelope.data;
  const line = { eventId: envelope.id, orderId, reference, buyerEmail: buyer.email, finalCents: totals.finalCents, paidAt, correlationId: envelope.correlationId };
  const fd = openSync(ledgerFile, 'a');
  try {
    appendFileSync(fd, `${JSON.stringify(line)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  inbox.add(envelope.id);
  return line;
}

function isOrderPaid(envelope) {
  return (
    typeof envelope?.id === 'string' &&
    envelope.type === EVENT.type &&
    envelope.version === EVENT.version &&
    typeof envelope.data?.orderId === 'string' &&
    Number.isInteger(envelope.data?.totals?.finalCents)
  );
}

const print = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

const nc = await connect({ servers: natsUrl, name: `subscriber-${subscriber}` });
const jsm = await jetstreamManager(nc);
// The stream that holds the subject (EVENTS in production).
const stream = await jsm.streams.find(subject);
const durable = subscriber.replace(/[^A-Za-z0-9_-]/g, '_');
const existing = await jsm.consumers.info(stream, durable).catch(() => null);
if (!existing) {
  await jsm.consumers.add(stream, {
    durable_name: durable,
    filter_subject: subject,
    ack_policy: AckPolicy.Explicit,
    // A new subscriber starts with the events the stream still holds (7 days); DeliverPolicy.New for only what comes next.
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(30_000),
    max_deliver: 20,
  });
}
const consumer = await jetstream(nc).consumers.get(stream, durable);
const messages = await consumer.consume({ max_messages: 32 });
print({ ready: durable, stream, subject });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void messages.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

for await (const msg of messages) {
  let envelope;
  try {
    envelope = msg.json();
  } catch {
    envelope = undefined;
  }
  if (!isOrderPaid(envelope)) {
    // Will never succeed: acknowledge (terminate) instead of receiving it forever, and say so.
    print({ rejected: envelope?.id ?? null, seq: msg.seq });
    msg.term();
    continue;
  }
  if (inbox.has(envelope.id)) {
    // Delivered again (a redelivery after a lost ack, or a republish): already handled.
    print({ duplicate: envelope.id });
    msg.ack();
    continue;
  }
  try {
    const line = handle(envelope);
    // Acknowledge only after the effect is written: a crash before this line means a redelivery, which the inbox absorbs.
    await msg.ackAck();
    print({ handled: envelope.id, orderId: line.orderId, finalCents: line.finalCents });
  } catch (error) {
    print({ failed: envelope.id, error: String(error) });
    // Try again later (JetStream redelivers after the delay).
    msg.nak(5_000);
  }
}
await nc.drain();
