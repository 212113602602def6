import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';

/**
 * Operator action: publishes a dead-lettered event again. The message id is new so JetStream's
 * duplicate window does not swallow it; the event id inside is unchanged, so the inbox still
 * guards against handling it twice.
 */
export async function replayDeadLetter(
  dataSource: DataSource,
  nc: NatsConnection,
  schema: string,
  id: number,
): Promise<boolean> {
  const rows: { subject: string; payload: string; replayed_at: Date | null }[] = await dataSource.query(
    `SELECT subject, payload, replayed_at FROM "${schema}".dead_letters WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row || row.replayed_at) return false;
  await jetstream(nc).publish(row.subject, row.payload, { msgID: `dead-letter-replay:${schema}:${id}` });
  await dataSource.query(`UPDATE "${schema}".dead_letters SET replayed_at = now() WHERE id = $1`, [id]);
  return true;
}
