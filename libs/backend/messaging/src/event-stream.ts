import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { eventStreamName, prefixed } from './subjects.js';

/** Publisher de-duplication window (`Nats-Msg-Id`): a relay retry within it is dropped by JetStream. */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * Creates the EVENTS stream on `evt.>` (file storage, `replicas` copies) when it is missing; safe
 * to call from every service. An existing stream is left as it is (raise its replicas with
 * `nats stream edit`).
 */
export async function ensureEventStream(nc: NatsConnection, prefix: string, replicas = 1): Promise<string> {
  const jsm = await jetstreamManager(nc);
  const name = eventStreamName(prefix);
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [prefixed(prefix, 'evt.>')],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
        max_age: nanos(7 * 24 * 3600 * 1000),
        num_replicas: replicas,
      });
    } catch (error) {
      // Another service created it at the same moment.
      if (!/already in use|exists/i.test(String(error))) throw error;
    }
  }
  return name;
}
