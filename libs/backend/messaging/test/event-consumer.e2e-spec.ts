import { replayDeadLetter } from '@aero/backend-messaging';
import { Metrics } from '@aero/backend-observability';
import { waitFor } from '@aero/backend-testing';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  createMessagingKit,
  envelopeOf,
  recordEffect,
  widgetEvent,
  type MessagingKit,
} from './support/messaging-test-kit.js';

interface DeadLetterRow {
  id: string;
  consumer: string;
  event_id: string | null;
  subject: string;
  payload: string;
  error: string;
  deliveries: number;
  replayed_at: Date | null;
}

/** A handler that blocks inside its transaction until released (then it returns normally). */
function hangingHandler() {
  let entered!: () => void;
  let release!: () => void;
  const enteredPromise = new Promise<void>((resolve) => (entered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    entered: enteredPromise,
    release,
    handle: async () => {
      entered();
      await released;
    },
  };
}

describe('durable event consumers: inbox, redelivery, dead letters', () => {
  jest.setTimeout(20_000);
  let kit: MessagingKit;

  const deadLetters = (consumer: string): Promise<DeadLetterRow[]> =>
    kit.dataSource.query(`SELECT * FROM "${kit.schema}".dead_letters WHERE consumer = $1 ORDER BY id`, [consumer]);

  beforeAll(async () => {
    kit = await createMessagingKit('consumer_test');
  });

  afterAll(async () => {
    await kit?.close();
  });

  it('handles an envelope that reaches the stream twice only once, and acknowledges both deliveries', async () => {
    const event = widgetEvent('delivered_twice');
    const name = 'messaging-test.delivered-twice';
    const metrics = new Metrics('messaging-test');
    const consumer = kit.consumer({ consumer: name, event, handle: recordEffect(kit, name) }, { metrics });
    await consumer.start();

    const envelope = envelopeOf(event, { serial: 1, label: 'once' });
    await kit.publish(event, envelope, envelope.id);
    // A republish after the duplicate window: JetStream cannot tell, it stores a second message.
    const lastSeq = await kit.publish(event, envelope, `${envelope.id}:republished`);
    expect(await kit.countInStream(event)).toBe(2);

    await kit.settled(name, lastSeq);
    expect(await kit.effects(name)).toEqual([{ event_id: envelope.id, serial: 1 }]);
    expect(consumer.deliveries.map((d) => d.outcome)).toEqual(['handled', 'duplicate']);
    const consumed = (await metrics.eventsConsumed.get()).values.map((v) => [v.labels.outcome, v.value]);
    expect(Object.fromEntries(consumed)).toEqual({ handled: 1, duplicate: 1 });
    expect(await deadLetters(name)).toEqual([]);
  });

  it('redelivers an event whose consumer died before acknowledging it, to another instance of the durable', async () => {
    const event = widgetEvent('consumer_died');
    const name = 'messaging-test.consumer-died';
    const hang = hangingHandler();

    // Instance A takes the event and never answers: its handler hangs inside its transaction.
    const doomedProcess = await kit.doomedProcess();
    const doomed = kit.consumer(
      { consumer: name, event, ackWaitMs: 1000, handle: hang.handle },
      { nc: doomedProcess.nc, dataSource: doomedProcess.dataSource },
    );
    await doomed.start();
    const envelope = envelopeOf(event, { serial: 2, label: 'survives' });
    const seq = await kit.publish(event, envelope, envelope.id);
    await hang.entered;
    // The process dies: NATS connection gone, open transaction (with its inbox row) rolled back.
    await doomedProcess.kill();
    hang.release();

    // Instance B on the same durable gets the event once ack_wait has passed.
    const survivor = kit.consumer({ consumer: name, event, ackWaitMs: 1000, handle: recordEffect(kit, name) });
    await survivor.start();
    await kit.settled(name, seq);

    expect(await kit.effects(name)).toEqual([{ event_id: envelope.id, serial: 2 }]);
    expect(survivor.deliveries).toEqual([expect.objectContaining({ eventId: envelope.id, outcome: 'handled' })]);
    expect(survivor.deliveries[0].deliveryCount).toBeGreaterThanOrEqual(2);
    expect(await deadLetters(name)).toEqual([]);
  });

  it('dead-letters an event whose last allowed delivery was never answered, instead of dropping it', async () => {
    const event = widgetEvent('last_attempt_died');
    const name = 'messaging-test.last-attempt-died';
    const hang = hangingHandler();
    const doomedProcess = await kit.doomedProcess();
    const doomed = kit.consumer(
      { consumer: name, event, maxDeliver: 1, ackWaitMs: 500, handle: hang.handle },
      { nc: doomedProcess.nc, dataSource: doomedProcess.dataSource },
    );
    await doomed.start();
    const envelope = envelopeOf(event, { serial: 3, label: 'parked' });
    const seq = await kit.publish(event, envelope, envelope.id);
    await hang.entered;
    await doomedProcess.kill();
    hang.release();

    let handled = 0;
    const survivor = kit.consumer({
      consumer: name,
      event,
      maxDeliver: 1,
      ackWaitMs: 500,
      handle: () => {
        handled++;
        return Promise.resolve();
      },
    });
    await survivor.start();
    await kit.settled(name, seq);

    expect(handled).toBe(0);
    const [parked] = await deadLetters(name);
    expect(parked).toEqual(
      expect.objectContaining({ event_id: envelope.id, error: expect.stringMatching(/max deliveries \(1\) reached; the last one was never answered/) }),
    );
    expect(parked.deliveries).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(parked.payload)).toEqual(envelope);
  });

  it('dead-letters an event after maxDeliver failed attempts, stops redelivering it, and replays it on request', async () => {
    const event = widgetEvent('always_fails');
    const name = 'messaging-test.always-fails';
    let broken = true;
    let attempts = 0;
    const consumer = kit.consumer({
      consumer: name,
      event,
      maxDeliver: 3,
      backoffMs: [50, 100],
      handle: async (received, manager) => {
        attempts++;
        if (broken) throw new Error('widget registry is offline');
        await recordEffect(kit, name)(received, manager);
      },
    });
    await consumer.start();
    const envelope = envelopeOf(event, { serial: 4, label: 'stubborn' });
    const seq = await kit.publish(event, envelope, envelope.id);

    const parked = await waitFor(async () => (await deadLetters(name))[0], { what: 'the dead letter' });
    expect(parked).toEqual(
      expect.objectContaining({
        event_id: envelope.id,
        subject: `${kit.env.natsPrefix}${event.subject}`,
        deliveries: 3,
        error: 'Error: widget registry is offline',
        replayed_at: null,
      }),
    );
    // Terminated, not left pending: nothing more comes from JetStream.
    await kit.settled(name, seq);
    expect(attempts).toBe(3);
    expect(consumer.deliveries.map((d) => [d.deliveryCount, d.outcome])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'dead_lettered'],
    ]);
    expect(await kit.effects(name)).toEqual([]);

    // The operator fixes the cause and replays.
    broken = false;
    expect(await replayDeadLetter(kit.dataSource, kit.nc, kit.schema, Number(parked.id))).toBe(true);
    await waitFor(async () => (await kit.effects(name)).length === 1, { what: 'the replayed event to be handled' });
    expect(await kit.effects(name)).toEqual([{ event_id: envelope.id, serial: 4 }]);
    expect((await deadLetters(name))[0].replayed_at).not.toBeNull();
    // A second replay of the same dead letter is refused.
    expect(await replayDeadLetter(kit.dataSource, kit.nc, kit.schema, Number(parked.id))).toBe(false);
    await kit.settled(name, seq + 1);
    expect(attempts).toBe(4);
    expect(await kit.effects(name)).toHaveLength(1);
  });

  it('sends a malformed event straight to the dead letters without calling the handler', async () => {
    const event = widgetEvent('malformed');
    const name = 'messaging-test.malformed';
    let handled = 0;
    const consumer = kit.consumer({
      consumer: name,
      event,
      handle: () => {
        handled++;
        return Promise.resolve();
      },
    });
    await consumer.start();
    const badData = { ...envelopeOf(event, { serial: 5, label: 'x' }), data: { serial: 'five' } };
    await kit.publish(event, badData, badData.id);
    const seq = await kit.publish(event, 'this is not JSON', 'garbage-1');

    await kit.settled(name, seq);
    expect(handled).toBe(0);
    const rows = await deadLetters(name);
    expect(rows).toEqual([
      expect.objectContaining({ event_id: badData.id, deliveries: 1, error: expect.stringMatching(/^invalid event: /) }),
      expect.objectContaining({ event_id: null, deliveries: 1, payload: 'this is not JSON' }),
    ]);
    expect(rows[0].error).toMatch(/serial/);
    expect(consumer.deliveries.map((d) => d.outcome)).toEqual(['dead_lettered', 'dead_lettered']);
  });

  it('keeps consuming after a failure outside the handler (the dead-letter write failed)', async () => {
    const event = widgetEvent('infrastructure_hiccup');
    const name = 'messaging-test.infrastructure-hiccup';
    const consumer = kit.consumer({ consumer: name, event, ackWaitMs: 500, handle: recordEffect(kit, name) });
    await consumer.start();

    await kit.dataSource.query(`ALTER TABLE "${kit.schema}".dead_letters RENAME TO dead_letters_away`);
    try {
      const bad = { ...envelopeOf(event, { serial: 6, label: 'x' }), data: {} };
      await kit.publish(event, bad, bad.id);
      await waitFor(() => consumer.crashes.length > 0, { what: 'the dead-letter write to fail' });
    } finally {
      await kit.dataSource.query(`ALTER TABLE "${kit.schema}".dead_letters_away RENAME TO dead_letters`);
    }
    const good = envelopeOf(event, { serial: 7, label: 'still flowing' });
    const seq = await kit.publish(event, good, good.id);

    await kit.settled(name, seq);
    expect(await kit.effects(name)).toEqual([{ event_id: good.id, serial: 7 }]);
    // The malformed one came back after ack_wait and was parked then.
    expect(await deadLetters(name)).toEqual([expect.objectContaining({ deliveries: 2 })]);
  });

  it('picks up where it stopped: a restarted durable does not see handled events again', async () => {
    const event = widgetEvent('restart');
    const name = 'messaging-test.restart';
    const first = kit.consumer({ consumer: name, event, handle: recordEffect(kit, name) });
    await first.start();
    const one = envelopeOf(event, { serial: 8, label: 'before restart' });
    await kit.settled(name, await kit.publish(event, one, one.id));
    await first.stop();

    const two = envelopeOf(event, { serial: 9, label: 'while stopped' });
    const seq = await kit.publish(event, two, two.id);
    const second = kit.consumer({ consumer: name, event, handle: recordEffect(kit, name) });
    await second.start();
    await kit.settled(name, seq);

    expect((await kit.effects(name)).map((e) => e.serial)).toEqual([8, 9]);
    expect(second.deliveries.map((d) => d.eventId)).toEqual([two.id]);
  });
  /** Publishes `count` events to a consumer whose handler counts how many run at the same time. */
  async function mostAtOnce(label: string, concurrency: number | undefined, count: number): Promise<number> {
    const event = widgetEvent(label);
    const name = `messaging-test.${label}`;
    const record = recordEffect(kit, name);
    let running = 0;
    let most = 0;
    const consumer = kit.consumer({
      consumer: name,
      event,
      ...(concurrency ? { concurrency } : {}),
      handle: async (envelope, manager) => {
        running++;
        most = Math.max(most, running);
        // Long enough for every delivery of the burst to arrive while the first ones still run.
        await new Promise((resolve) => setTimeout(resolve, 150));
        await record(envelope, manager);
        running--;
      },
    });
    let lastSeq = 0;
    for (let serial = 0; serial < count; serial++) {
      const envelope = envelopeOf(event, { serial, label });
      lastSeq = await kit.publish(event, envelope, envelope.id);
    }
    await consumer.start();
    await kit.settled(name, lastSeq);
    await consumer.stop();
    expect((await kit.effects(name)).map((e) => e.serial).sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
    return most;
  }

  it('handles one delivery at a time by default', async () => {
    expect(await mostAtOnce('one-at-a-time', undefined, 4)).toBe(1);
  });

  it('handles up to `concurrency` deliveries at once, each still exactly once', async () => {
    expect(await mostAtOnce('three-at-a-time', 3, 7)).toBe(3);
  });
});
