import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.js';
import { waitFor, type TestEnvironment } from './test-environment.js';

const root = resolve(import.meta.dirname, '../../../..');
/** How long a stopped app may take to exit before it is killed. */
const STOP_GRACE_MS = 15_000;

export interface SpawnedProcess {
  child: ChildProcess;
  /** Output so far, for assertion messages when start-up fails. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

let built: Promise<void> | null = null;

/** Compiles every Node app once per test process (SWC, well under a second). */
async function buildOnce(): Promise<void> {
  built ??= (async () => {
    const buildScript = join(root, 'tools/build/build.mjs');
    const { build } = (await import(buildScript)) as {
      build: (apps?: string[], options?: { quiet?: boolean }) => Promise<void>;
    };
    await build(undefined, { quiet: true });
  })();
  return built;
}

/**
 * Runs a built app (`dist/apps/<app>/src/main.js`) as a real process, the way `npm start` does,
 * and resolves once its `/health` answers 200 (or `readyUrl`, when given). Lets one project's
 * tests run another service without importing its code.
 */
export async function spawnApp(
  app: string,
  env: NodeJS.ProcessEnv,
  options: { healthUrl: string; timeoutMs?: number },
): Promise<SpawnedProcess> {
  await buildOnce();
  const main = join(root, 'dist/apps', app, 'src/main.js');
  if (!existsSync(main)) throw new Error(`${main} was not built`);
  let log = '';
  const child = spawn(process.execPath, ['--enable-source-maps', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode}:\n${log}`);
        const res = await fetch(options.healthUrl).catch(() => null);
        return res?.status === 200;
      },
      // Generous: a cold start (migrations, catalogue load) on a busy 2-core machine takes tens of seconds.
      { timeoutMs: options.timeoutMs ?? 60_000, what: `${app} health`, intervalMs: 100 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- ${app} output ---\n${log}`, { cause: error });
  }
  return {
    child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      // A drain still waiting on a busy machine is not what a test's clean-up is about: a
      // process that has not exited after STOP_GRACE_MS is killed.
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(kill);
    },
  };
}

/** The variable naming an app's HTTP port (`ACCOUNTS_INVITATIONS_HTTP_PORT`, ...). */
export function httpPortVariable(app: string): string {
  return `${app.toUpperCase().replaceAll('-', '_')}_HTTP_PORT`;
}

export interface PlatformAppOptions {
  /** Its HTTP port: a free one unless given (to start it again on the same port). */
  port?: number;
  /** With its demo data (SEED_DEMO_DATA), unless false. */
  seed?: boolean;
  /** More environment for it (the SMTP server to use, …). */
  extraEnv?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Another app of the platform for a test file, as a real process (`spawnApp`) on the file's own
 * slice of Postgres, NATS and Redis: on a free HTTP port of its own and with its demo data, ready
 * once its `/health` answers.
 */
export async function spawnPlatformApp(app: string, env: TestEnvironment, options: PlatformAppOptions = {}): Promise<SpawnedProcess> {
  const port = options.port ?? (await freePort());
  const seed: Record<string, string> = options.seed === false ? {} : { SEED_DEMO_DATA: 'true' };
  return spawnApp(app, env.env({ ...options.extraEnv, [httpPortVariable(app)]: String(port), ...seed }), {
    healthUrl: `http://127.0.0.1:${port}/health`,
    timeoutMs: options.timeoutMs,
  });
}
