import { afterAll, beforeAll } from '@jest/globals';

/** What a test kit must offer: a way to stop everything it started. */
export interface Closable {
  close(): Promise<void>;
}

/**
 * A test kit for the surrounding `describe` (or file): `start()` runs before its tests (within
 * `timeoutMs`) and the kit is closed after them. The answer stands for the kit: its properties
 * and methods reach the started kit, so they can be used from the tests (not while the file is
 * being read, before it started).
 */
export function testKit<K extends Closable>(start: () => Promise<K>, timeoutMs = 60_000): K {
  let kit: K | undefined;
  beforeAll(async () => {
    kit = await start();
  }, timeoutMs);
  afterAll(async () => {
    await kit?.close();
  });
  return new Proxy({} as K, {
    get(_target, property) {
      if (!kit) throw new Error(`The test kit is not started yet (reading ${String(property)})`);
      const value: unknown = Reflect.get(kit, property, kit);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(kit) : value;
    },
  });
}
