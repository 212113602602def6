import { createTestEnvironment, freePort, spawnApp, type SpawnedProcess, type TestEnvironment } from '@aero/backend-testing';
import { SERVICE_NAMES } from '@aero/contracts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '../../../..');

/** The whole product, as `npm start` runs it, on free ports and its own database and prefixes. */
export interface RunningProduct {
  url: string;
  /** The SMTP catcher's web UI and REST API (maildev), where every e-mail of the run lands. */
  mailUrl: string;
  env: TestEnvironment;
  /** Each service's and the gateway's environment, for tests that look behind the scenes. */
  processEnv: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The rows `sql` answers on the product's database (a connection of its own), for a journey that looks behind the scenes. */
export async function queryProduct<T>(product: RunningProduct, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: product.env.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Builds the web app (Vite, a second or two) into a directory of this product only. Journey files
 * run in parallel, and other runs may share the checkout: a build shared in dist/apps/web was
 * emptied and rewritten under a product still serving it (lost chunks, failed builds).
 */
function buildWeb(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'aero-web-e2e-'));
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'apps/web/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  }
  return outDir;
}

/** maildev, the SMTP catcher `npm start` runs too (workspace package tools/mailcatcher). */
async function startMailCatcher(): Promise<{ smtpPort: number; webUrl: string; child: ChildProcess }> {
  const pkg = join(root, 'node_modules/maildev/package.json');
  const { bin } = JSON.parse(readFileSync(pkg, 'utf8')) as { bin: string | Record<string, string> };
  const script = join(root, 'node_modules/maildev', typeof bin === 'string' ? bin : bin.maildev);
  const smtpPort = await freePort();
  const webPort = await freePort();
  const child = spawn(process.execPath, [script, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'], {
    stdio: 'ignore',
  });
  const webUrl = `http://127.0.0.1:${webPort}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${webUrl}/api/healthz`).then((r) => r.ok, () => false);
    if (up) return { smtpPort, webUrl, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('maildev did not start');
}

const PORT_VARIABLES: Record<string, string> = {
  'catalog-cart': 'CATALOG_CART_HTTP_PORT',
  payments: 'PAYMENTS_HTTP_PORT',
  'sharing-organize': 'SHARING_ORGANIZE_HTTP_PORT',
  exams: 'EXAMS_HTTP_PORT',
  'accounts-invitations': 'ACCOUNTS_INVITATIONS_HTTP_PORT',
  notifications: 'NOTIFICATIONS_HTTP_PORT',
};

export interface ProductOptions {
  /**
   * The host name customers open the shop at (default 127.0.0.1): another loopback address such
   * as 127.0.0.2 stands for a LAN address or a domain. `url` and PUBLIC_BASE_URL use it, and
   * the gateway listens on that address only (so nothing reaches the shop through 127.0.0.1).
   */
  host?: string;
}

export async function startProduct(extraEnv: Record<string, string> = {}, options: ProductOptions = {}): Promise<RunningProduct> {
  const webDist = buildWeb();
  const env = await createTestEnvironment();
  const mail = await startMailCatcher();
  const gatewayPort = await freePort();
  const url = `http://${options.host ?? '127.0.0.1'}:${gatewayPort}`;
  const processEnv = env.env({
    SEED_DEMO_DATA: 'true',
    PUBLIC_BASE_URL: url,
    ...(options.host ? { HOST: options.host } : {}),
    WEB_DIST_DIR: webDist,
    GATEWAY_PORT: String(gatewayPort),
    SMTP_URL: `smtp://127.0.0.1:${mail.smtpPort}`,
    // The journey is over when the product stops: no need to wait long for work in flight.
    DRAIN_TIMEOUT_MS: '3000',
    ...extraEnv,
  });
  const children: SpawnedProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((c) => c.stop()));
    mail.child.kill('SIGTERM');
    await env.destroy();
    rmSync(webDist, { recursive: true, force: true });
  };
  try {
    // Services migrate one after another anyway (one migration lock); start them together.
    const started = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        const port = await freePort();
        const child = await spawnApp(service, { ...processEnv, [PORT_VARIABLES[service]]: String(port) }, {
          healthUrl: `http://127.0.0.1:${port}/health`,
          timeoutMs: 60_000,
        });
        children.push(child);
        return child;
      }),
    );
    void started;
    children.push(await spawnApp('gateway', processEnv, { healthUrl: `${url}/health`, timeoutMs: 60_000 }));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, mailUrl: mail.webUrl, env, processEnv, stop };
}
