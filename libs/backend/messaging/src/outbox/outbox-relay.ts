import { carrierOf, type Metrics, type TraceCarrier } from '@aero/backend-observability';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { prefixed } from '../subjects.js';
import { traceHeadersFor } from '../trace-headers.js';
import { outboxChannel } from './messaging-tables.js';
import { OUTBOX_TRACE_FIELD } from './outbox-writer.js';

export interface OutboxRelayOptions {
  schema: string;
  databaseUrl: string;
  prefix: string;
  /** Safety net when a NOTIFY is missed (e.g. while the LISTEN connection reconnects). */
  pollIntervalMs?: number;
  batchSize?: number;
}

/** An outbox row as the relay reads it. */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
}

/**
 * Publishes committed outbox rows to JetStream with `Nats-Msg-Id = event id` and marks them sent
 * only after the PubAck. Rows are claimed with SKIP LOCKED so several replicas can relay at once.
 * A crash between PubAck and the UPDATE republishes the row; JetStream's duplicate window and
 * the consumers' inbox make that harmless.
 */
export class OutboxRelay {
  private readonly js: JetStreamClient;
  private listener?: pg.Client;
  private timer?: NodeJS.Timeout;
  private relistenTimer?: NodeJS.Timeout;
  private running = false;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly dataSource: DataSource,
    nc: NatsConnection,
    private readonly options: OutboxRelayOptions,
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {
    this.js = jetstream(nc);
  }

  async start(): Promise<void> {
    this.running = true;
    await this.listen();
    this.timer = setInterval(() => this.wake(), this.options.pollIntervalMs ?? 1000);
    this.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    await this.draining;
    await this.listener?.end().catch(() => undefined);
  }

  /** Asks for a drain; coalesces wake-ups that arrive while one is running. */
  wake(): void {
    if (!this.running) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drainAll()
      .then(() => undefined)
      .catch((error) => this.logger.error({ err: error }, 'outbox relay failed'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Publishes everything pending now; resolves when the outbox is empty or publishing fails. */
  async drainAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.drainBatch();
      total += published;
      if (published < (this.options.batchSize ?? 100)) return total;
    }
  }

  private async drainBatch(): Promise<number> {
    const schema = this.options.schema;
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, subject, payload FROM "${schema}".outbox
          WHERE published_at IS NULL ORDER BY created_at, id
          LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 100],
      );
      // Published back to back, then every PubAck awaited: one round trip per batch instead of
      // one per row. The messages reach the stream in row order; a row whose publish failed is
      // retried on the next wake-up, after later rows (consumers never rely on the order of
      // events: each one is handled on its own, idempotently through the inbox).
      const outcomes = await Promise.allSettled(rows.map((row) => this.publish(row)));
      const sent = rows.filter((_, i) => outcomes[i].status === 'fulfilled').map((row) => row.id);
      const failed = rows.filter((_, i) => outcomes[i].status === 'rejected').map((row) => row.id);
      if (failed.length) {
        const reason: unknown = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason;
        await manager.query(
          `UPDATE "${schema}".outbox SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::uuid[])`,
          [failed, String(reason)],
        );
        this.logger.warn({ err: reason, eventIds: failed }, 'outbox publish failed, will retry');
      }
      if (sent.length) {
        await manager.query(`UPDATE "${schema}".outbox SET published_at = now() WHERE id = ANY($1::uuid[])`, [sent]);
      }
      return sent.length;
    });
  }

  /** One publish of one row; exposed so tests can prove a second publish is harmless. */
  async publish(row: OutboxRow): Promise<void> {
    const { body, trace } = publishedForm(row.payload);
    await this.js.publish(prefixed(this.options.prefix, row.subject), body, { msgID: row.id, ...(trace ? { headers: traceHeadersFor(trace) } : {}) });
    this.metrics?.eventsPublished.inc({ subject: row.subject });
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'outbox-relay-listen' });
    let lost = false;
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      if (lost) return;
      lost = true;
      this.logger.warn({ err: error }, 'outbox LISTEN connection lost; polling until it is back');
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      this.relisten();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${outboxChannel(this.options.schema)}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (!this.running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Commits notified while nobody was listening are picked up now rather than at the next poll.
    this.wake();
  }

  /** Keeps trying to get the LISTEN connection back (every second) until the relay stops. */
  private relisten(): void {
    this.relistenTimer = setTimeout(() => {
      if (!this.running) return;
      this.listen().catch((error) => {
        this.logger.warn({ err: error }, 'outbox LISTEN reconnect failed, retrying');
        this.relisten();
      });
    }, 1000);
  }
}

/** The event as published (its envelope) and the trace context the row kept for the message's headers. */
function publishedForm(payload: unknown): { body: string; trace?: TraceCarrier } {
  if (typeof payload === 'string') return { body: payload };
  if (typeof payload !== 'object' || payload === null) return { body: JSON.stringify(payload) };
  const { [OUTBOX_TRACE_FIELD]: stored, ...envelope } = payload as Record<string, unknown>;
  const trace = carrierOf(stored);
  return { body: JSON.stringify(envelope), ...(trace ? { trace } : {}) };
}
