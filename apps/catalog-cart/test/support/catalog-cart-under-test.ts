import { RpcClient } from '@aero/backend-messaging';
import { startService, type RunningService } from '@aero/backend-runtime';
import { createTestEnvironment, inSession, type TestEnvironment } from '@aero/backend-testing';
import { afterAll, beforeAll } from '@jest/globals';
import { catalogCartService } from '../../src/catalog-cart.service-definition.js';

export interface CatalogCartUnderTest {
  env: TestEnvironment;
  service: RunningService;
  rpc: RpcClient;
}

/**
 * Runs catalog-cart in-process for one test file, seeded with the demo data, on its own slice of
 * the real servers; the returned object is filled in before the first test.
 */
export function useCatalogCart(): CatalogCartUnderTest {
  const under = {} as CatalogCartUnderTest;
  beforeAll(async () => {
    under.env = await createTestEnvironment();
    under.service = await startService(catalogCartService, under.env.env({ CATALOG_CART_HTTP_PORT: '0', SEED_DEMO_DATA: 'true' }));
    under.rpc = new RpcClient(under.service.infra.nats, { prefix: under.env.natsPrefix, timeoutMs: 5000 });
  });
  afterAll(async () => {
    await under.service?.close();
    await under.env?.destroy();
  });
  return under;
}

/** A cart's owner: a visitor's session, or a session with its signed-in user. */
export interface CartOwner {
  sessionId: string;
  userId?: string | null;
}

/** Runs `call` as the gateway does on a cart route of the owner's session (the request context carries it). */
export function as<T>(owner: CartOwner, call: () => Promise<T>): Promise<T> {
  return inSession(owner.sessionId, owner.userId ? { userId: owner.userId } : null, call);
}
