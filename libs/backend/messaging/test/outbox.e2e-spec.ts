import { OutboxRelay, OutboxWriter, type OutboxRow } from '@aero/backend-messaging';
import { waitFor } from '@aero/backend-testing';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createMessagingKit, widgetEvent, type MessagingKit } from './support/messaging-test-kit.js';

function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

describe('transactional outbox and relay', () => {
  jest.setTimeout(20_000);
  let kit: MessagingKit;
  let writer: OutboxWriter;
  const relays: OutboxRelay[] = [];

  function relay(pollIntervalMs = 60_000): OutboxRelay {
    // A long poll interval: whatever gets published promptly was woken by NOTIFY (or drained by the test).
    const r = new OutboxRelay(
      kit.dataSource,
      kit.nc,
      { schema: kit.schema, databaseUrl: kit.env.databaseUrl, prefix: kit.env.natsPrefix, pollIntervalMs },
      kit.logger,
    );
    relays.push(r);
    return r;
  }

  async function outboxRow(id: string): Promise<(OutboxRow & { published_at: Date | null }) | undefined> {
    const rows = await kit.dataSource.query(`SELECT id, subject, payload, published_at FROM "${kit.schema}".outbox WHERE id = $1`, [id]);
    return rows[0];
  }

  beforeAll(async () => {
    kit = await createMessagingKit('outbox_test');
    writer = new OutboxWriter(kit.schema, 'messaging-test');
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });

  afterAll(async () => {
    await kit?.close();
  });

  it('never publishes an event whose transaction rolled back', async () => {
    const event = widgetEvent('rolled_back');
    let rolledBackId = '';
    await expect(
      kit.dataSource.transaction(async (manager) => {
        rolledBackId = (await writer.add(manager, event, { serial: 1, label: 'discarded' })).id;
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    // A committed event next to it proves the relay really drained.
    const committed = await kit.dataSource.transaction((manager) => writer.add(manager, event, { serial: 2, label: 'kept' }));

    expect(await relay().drainAll()).toBe(1);

    expect(await outboxRow(rolledBackId)).toBeUndefined();
    expect(await kit.countInStream(event)).toBe(1);
    const stored = await kit.jsm.streams.getMessage(kit.stream, { last_by_subj: `${kit.env.natsPrefix}${event.subject}` });
    expect(stored?.json<{ id: string }>().id).toBe(committed.id);
    expect(stored?.header.get('Nats-Msg-Id')).toBe(committed.id);
  });

  it('writes several events of one type in one statement, each its own validated envelope, and wakes the relay once for all', async () => {
    const event = widgetEvent('many');
    await relay(60_000).start();
    const envelopes = await kit.dataSource.transaction((manager) =>
      writer.addMany(manager, event, [
        { serial: 1, label: 'first' },
        { serial: 2, label: 'second' },
        { serial: 3, label: 'third' },
      ]),
    );
    expect(new Set(envelopes.map((e) => e.id)).size).toBe(3);
    await waitFor(async () => (await Promise.all(envelopes.map((e) => outboxRow(e.id)))).every((row) => row?.published_at), {
      timeoutMs: 5000,
      what: 'the relay to publish all three',
    });
    expect(await kit.countInStream(event)).toBe(3);
    expect((await outboxRow(envelopes[1].id))?.payload).toMatchObject({ id: envelopes[1].id, type: event.name, data: { serial: 2, label: 'second' } });
    await expect(kit.dataSource.transaction((manager) => writer.addMany(manager, event, [{ serial: 4, label: 'ok' }, { serial: 'x', label: 5 } as never]))).rejects.toThrow();
    await expect(writer.addMany(kit.dataSource.manager, event, [{ serial: 1, label: 'x' }])).rejects.toThrow(/inside a transaction/);
  });

  it('refuses to write an event outside a transaction', async () => {
    const event = widgetEvent('no_transaction');
    await expect(writer.add(kit.dataSource.manager, event, { serial: 1, label: 'x' })).rejects.toThrow(/inside a transaction/);
  });

  it('publishes a committed event exactly once to JetStream even when the relay publishes it twice', async () => {
    const event = widgetEvent('published_twice');
    const envelope = await kit.dataSource.transaction((manager) => writer.add(manager, event, { serial: 7, label: 'twice' }));
    const r = relay();
    expect(await r.drainAll()).toBe(1);
    const row = (await outboxRow(envelope.id))!;
    expect(row.published_at).not.toBeNull();

    // A relay retry after a lost PubAck: the same row published again...
    await r.publish(row);
    // ...and a crash between PubAck and the UPDATE: the row looks unpublished and is drained again.
    await kit.dataSource.query(`UPDATE "${kit.schema}".outbox SET published_at = NULL WHERE id = $1`, [envelope.id]);
    expect(await r.drainAll()).toBe(1);

    expect((await outboxRow(envelope.id))!.published_at).not.toBeNull();
    expect(await kit.countInStream(event)).toBe(1);
  });

  it('publishes right after the commit, woken by NOTIFY rather than the poll', async () => {
    const event = widgetEvent('notified');
    await relay(60_000).start();
    const envelope = await kit.dataSource.transaction((manager) => writer.add(manager, event, { serial: 3, label: 'now' }));
    await waitFor(async () => (await outboxRow(envelope.id))?.published_at, { timeoutMs: 5000, what: 'the relay to publish' });
    expect(await kit.countInStream(event)).toBe(1);
  });

  it('listens again after its LISTEN connection is lost, even when the first reconnects fail', async () => {
    const event = widgetEvent('relisten');
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
    const r = new OutboxRelay(
      kit.dataSource,
      kit.nc,
      { schema: kit.schema, databaseUrl: kit.env.databaseUrl, prefix: kit.env.natsPrefix, pollIntervalMs: 60_000 },
      logger,
    );
    relays.push(r);
    await r.start();
    const listeners = async (): Promise<number[]> =>
      (
        await kit.dataSource.query(
          `SELECT pid FROM pg_stat_activity WHERE application_name = 'outbox-relay-listen' AND datname = current_database()`,
        )
      ).map((row: { pid: number }) => row.pid);
    const before = await waitFor(
      async () => {
        const pids = await listeners();
        return pids.length === 1 ? pids[0] : undefined;
      },
      { what: 'one LISTEN connection' },
    );

    // The database goes away for the relay: its connection drops and new ones are refused for a while.
    const admin = new pg.Client({ connectionString: adminUrl(kit.env.databaseUrl) });
    await admin.connect();
    const database = new URL(kit.env.databaseUrl).pathname.slice(1);
    try {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend($1)', [before]);
      await waitFor(() => warnings.includes('outbox LISTEN reconnect failed, retrying'), { what: 'a failed reconnect' });
    } finally {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await waitFor(
      async () => {
        const pids = await listeners();
        return pids.length === 1 && pids[0] !== before;
      },
      { timeoutMs: 5000, what: 'a new LISTEN connection' },
    );

    const envelope = await kit.dataSource.transaction((manager) => writer.add(manager, event, { serial: 4, label: 'after reconnect' }));
    await waitFor(async () => (await outboxRow(envelope.id))?.published_at, { timeoutMs: 5000, what: 'the relay to publish' });
    expect(await kit.countInStream(event)).toBe(1);
  });

  it('keeps a row pending when JetStream does not take it, and publishes it once JetStream does', async () => {
    // No stream listens on this prefix, so the publish fails (no responders) like during an outage.
    const event = widgetEvent('outage');
    const offline = new OutboxRelay(
      kit.dataSource,
      kit.nc,
      { schema: kit.schema, databaseUrl: kit.env.databaseUrl, prefix: `${kit.env.natsPrefix}nostream.` },
      kit.logger,
    );
    const envelope = await kit.dataSource.transaction((manager) => writer.add(manager, event, { serial: 5, label: 'outage' }));
    expect(await offline.drainAll()).toBe(0);
    const [failed] = await kit.dataSource.query(`SELECT published_at, attempts, last_error FROM "${kit.schema}".outbox WHERE id = $1`, [
      envelope.id,
    ]);
    expect(failed).toEqual(expect.objectContaining({ published_at: null, attempts: 1, last_error: expect.any(String) }));

    expect(await relay().drainAll()).toBe(1);
    expect(await kit.countInStream(event)).toBe(1);
  });
});
