import { inSession, startServiceKit, testKit, type ServiceKit } from '@aero/backend-testing';
import { catalogCartService } from '../../src/catalog-cart.service-definition.js';

export type CatalogCartUnderTest = ServiceKit;

/**
 * Runs catalog-cart in-process for one test file, seeded with the demo data, on its own slice of
 * the real servers; the returned kit is started before the first test and closed after the last.
 */
export function useCatalogCart(): CatalogCartUnderTest {
  return testKit(() => startServiceKit(catalogCartService, { env: { SEED_DEMO_DATA: 'true' }, rpcTimeoutMs: 5000 }));
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
