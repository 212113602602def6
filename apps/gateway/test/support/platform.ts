import { createTestEnvironment, spawnApp, type SpawnedProcess, type TestEnvironment } from '@aero/backend-testing';
import type { Type } from '@nestjs/common';
import { startGateway, type RunningGateway } from '../../src/gateway.bootstrap.js';
import { freePort } from './free-port.js';

/**
 * What a gateway test file runs against: its own slice of Redis/NATS/Postgres, the real
 * catalog-cart as a separate process (seeded), and the gateway in-process on a free port.
 */
export interface Platform {
  env: TestEnvironment;
  gateway: RunningGateway;
  /** `http://127.0.0.1:<port>` of the gateway. */
  url: string;
  catalogCart: SpawnedProcess;
  /** Starts catalog-cart again after `catalogCart.stop()`, on the same port and database. */
  restartCatalogCart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPlatform(options: { gatewayEnv?: Record<string, string>; modules?: Type[] } = {}): Promise<Platform> {
  const env = await createTestEnvironment();
  const catalogPort = await freePort();
  const spawnCatalogCart = () =>
    spawnApp('catalog-cart', env.env({ CATALOG_CART_HTTP_PORT: String(catalogPort), SEED_DEMO_DATA: 'true' }), {
      healthUrl: `http://127.0.0.1:${catalogPort}/health`,
    });
  const platform = { env } as Platform;
  try {
    platform.catalogCart = await spawnCatalogCart();
    platform.gateway = await startGateway(env.env({ GATEWAY_PORT: '0', ...options.gatewayEnv }), { modules: options.modules });
  } catch (error) {
    await platform.catalogCart?.stop();
    await env.destroy();
    throw error;
  }
  platform.url = `http://127.0.0.1:${platform.gateway.port}`;
  platform.restartCatalogCart = async () => {
    platform.catalogCart = await spawnCatalogCart();
  };
  platform.stop = async () => {
    await platform.gateway?.close();
    await platform.catalogCart?.stop();
    await env.destroy();
  };
  return platform;
}
