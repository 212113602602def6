import { createTestEnvironment, freePort, spawnPlatformApp, type SpawnedProcess, type TestEnvironment } from '@aero/backend-testing';
import type { Type } from '@nestjs/common';
import pg from 'pg';
import { startGateway, type RunningGateway } from '../../src/gateway.bootstrap.js';

/**
 * What a gateway test file runs against: its own slice of Redis/NATS/Postgres, the real
 * catalog-cart as a separate process (seeded), any other services the file asks for (`apps`,
 * seeded too), and the gateway in-process on a free port.
 */
export interface Platform {
  env: TestEnvironment;
  gateway: RunningGateway;
  /** `http://127.0.0.1:<port>` of the gateway. */
  url: string;
  catalogCart: SpawnedProcess;
  /** catalog-cart's own HTTP port (/health, /metrics). */
  catalogCartPort: number;
  /** The services started with the `apps` option, by name (e.g. `apps['accounts-invitations']`). */
  apps: Record<string, SpawnedProcess>;
  /** Starts catalog-cart again after `catalogCart.stop()`, on the same port and database. */
  restartCatalogCart(): Promise<void>;
  stop(): Promise<void>;
}

export interface PlatformOptions {
  gatewayEnv?: Record<string, string>;
  modules?: Type[];
  /**
   * More services to run as real processes next to catalog-cart (e.g. `['accounts-invitations']`),
   * each on a free `<APP>_HTTP_PORT` with its demo data.
   */
  apps?: string[];
  /** More environment for some of those services, by app name (e.g. `{ notifications: { SMTP_URL } }`). */
  appEnv?: Record<string, Record<string, string>>;
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const env = await createTestEnvironment();
  const catalogPort = await freePort();
  const spawnCatalogCart = () => spawnPlatformApp('catalog-cart', env, { port: catalogPort });
  const platform = { env, apps: {}, catalogCartPort: catalogPort } as Platform;
  try {
    const extra = options.apps ?? [];
    const started = await Promise.allSettled([
      spawnCatalogCart(),
      ...extra.map((app) => spawnPlatformApp(app, env, { extraEnv: options.appEnv?.[app] })),
    ]);
    const [catalog, ...others] = started;
    if (catalog.status === 'fulfilled') platform.catalogCart = catalog.value;
    others.forEach((result, i) => {
      if (result.status === 'fulfilled') platform.apps[extra[i]] = result.value;
    });
    const failure = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
    platform.gateway = await startGateway(env.env({ GATEWAY_PORT: '0', ...options.gatewayEnv }), { modules: options.modules });
  } catch (error) {
    await Promise.all([platform.catalogCart?.stop(), ...Object.values(platform.apps).map((app) => app.stop())]);
    await env.destroy();
    throw error;
  }
  platform.url = `http://127.0.0.1:${platform.gateway.port}`;
  platform.restartCatalogCart = async () => {
    platform.catalogCart = await spawnCatalogCart();
  };
  platform.stop = async () => {
    await platform.gateway?.close();
    await Promise.all([platform.catalogCart?.stop(), ...Object.values(platform.apps).map((app) => app.stop())]);
    await env.destroy();
  };
  return platform;
}

/** Reads the test database directly (a service's outbox, rows a route should have written). */
export async function queryDb<T>(platform: Platform, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: platform.env.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
