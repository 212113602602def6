// The whole product (every service and the gateway) run from a build, against the suite's own
// servers (servers.mjs), each process supervised as under `npm start`: a process that dies is
// started again by itself with the same back-off (tools/dev/supervisor.mjs).
import { cpSync, createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Supervised } from '../dev/supervisor.mjs';
import { APP_ENV, buildNodeApps, dist, ensureDatabase, loadServiceDefinitions, migrateServices, NODE_FLAGS, root, serviceNames } from '../dev/workspace.mjs';
import { freePort } from './servers.mjs';

/** `CATALOG_CART_HTTP_PORT` for `catalog-cart`. */
const portVariable = (app) => `${app.toUpperCase().replaceAll('-', '_')}_HTTP_PORT`;

/**
 * A copy of the build in `tmp/` (inside the repository, so packages still resolve from
 * node_modules): another build of the shared dist/ during the run must not change the code a
 * restarted process loads.
 */
function snapshotBuild(into) {
  mkdirSync(into, { recursive: true });
  cpSync(join(dist, 'package.json'), join(into, 'package.json'));
  cpSync(join(dist, 'libs'), join(into, 'libs'), { recursive: true });
  cpSync(join(dist, 'apps'), join(into, 'apps'), { recursive: true, filter: (source) => !source.startsWith(join(dist, 'apps/web')) });
}

/** Resident memory of a process in MB (Linux /proc), or null when it is gone. */
export function residentMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, seconds) a process has used so far (Linux /proc/<pid>/stat, in clock
 * ticks of 1/100 s), or null when it is gone.
 */
export function cpuSeconds(pid) {
  try {
    // The command name (2nd field) may hold spaces; the fields after its closing parenthesis don't.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function healthy(url, timeoutMs = 2000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * Builds, migrates a fresh `aeromaint` database on the suite's Postgres (demo data seeded by the
 * services) and starts every app. `log(line)` receives the suite's own notes; each app's output
 * goes to `<dir>/logs/<app>.log`.
 */
export async function startProduct({ servers, smtpPort, dir, log, env: extraEnv = {} }) {
  const failed = await buildNodeApps();
  if (failed.length) throw new Error(`the build failed for ${failed.join(', ')}`);
  const build = join(root, 'tmp', `chaos-${process.pid}`, 'dist');
  snapshotBuild(build);
  const databaseUrl = `${servers.urls.postgres}/aeromaint`;
  await ensureDatabase(databaseUrl);
  const definitions = await loadServiceDefinitions(await serviceNames());
  await migrateServices(definitions, databaseUrl);
  mkdirSync(join(dir, 'logs'), { recursive: true });

  const gatewayPort = await freePort();
  const common = {
    ...process.env,
    ...APP_ENV,
    NATS_URL: servers.urls.nats,
    REDIS_URL: servers.urls.redis,
    NATS_PREFIX: '',
    REDIS_PREFIX: 'aero',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SEED_DEMO_DATA: 'true',
    // Simulated buyers place many orders a minute, each from its own loopback address.
    RATE_LIMIT_MULTIPLIER: '1000',
    LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    // Gateways added by scale() share the port with the first (SO_REUSEPORT).
    GATEWAY_REUSE_PORT: 'true',
    ...extraEnv,
  };
  /**
   * Every process by its label: the app's name for its first replica, `<app>#<k>` for the
   * replicas scale() adds. `readyUrl`: the process's own readiness (a gateway's operations port,
   * since the gateways share their public port).
   * @type {Map<string, { app: string, replica: number, supervised: Supervised, port: number, healthUrl: string, readyUrl: string }>}
   */
  const apps = new Map();
  const names = [...definitions.map((d) => d.name), 'gateway'];
  const createReplica = async (name, replica) => {
    const label = replica === 1 ? name : `${name}#${replica}`;
    const port = await freePort();
    const env = {
      ...common,
      // The application name tells each service's connections apart in pg_stat_activity.
      DATABASE_URL: `${databaseUrl}?application_name=${name}`,
      ...(name === 'gateway' ? { GATEWAY_PORT: String(gatewayPort), GATEWAY_OPS_PORT: String(port) } : { [portVariable(name)]: String(port) }),
    };
    const output = createWriteStream(join(dir, 'logs', `${label.replace('#', '-')}.log`), { flags: 'a' });
    const supervised = new Supervised({
      label,
      args: [...NODE_FLAGS, join(build, 'apps', name, 'src/main.js')],
      cwd: root,
      env,
      onSpawn: (child, run) => {
        output.write(`--- process ${run} (pid ${child.pid}) ---\n`);
        child.stdout.pipe(output, { end: false });
        child.stderr.pipe(output, { end: false });
      },
      onCrash: ({ code, signal, upMs, delayMs, crashesInARow }) =>
        log(`${label} exited (${signal ?? `code ${code}`}) after ${(upMs / 1000).toFixed(1)} s; restarted in ${delayMs / 1000} s (crash ${crashesInARow} in a row)`),
      onRestart: (run) => log(`${label} restarted (process ${run})`),
    });
    const readyUrl = name === 'gateway' ? `http://127.0.0.1:${port}/metrics` : `http://127.0.0.1:${port}/health`;
    apps.set(label, {
      app: name,
      replica,
      supervised,
      port,
      healthUrl: name === 'gateway' && replica === 1 ? `http://127.0.0.1:${gatewayPort}/health` : readyUrl,
      readyUrl,
    });
    return label;
  };
  for (const name of names) await createReplica(name, 1);

  const product = {
    apps,
    databaseUrl,
    url: `http://127.0.0.1:${gatewayPort}`,
    /** Resolves once the app's /health answers 200 (the gateway's covers every service). */
    async waitHealthy(name, timeoutMs = 120_000) {
      const { healthUrl } = apps.get(name);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (await healthy(healthUrl)) return;
        await sleep(100);
      }
      throw new Error(`${name} is not healthy after ${timeoutMs / 1000} s (see ${join(dir, 'logs', `${name}.log`)})`);
    },
    async waitAllHealthy(timeoutMs = 120_000) {
      await Promise.all(names.map((name) => product.waitHealthy(name, timeoutMs)));
    },
    pid(name) {
      return apps.get(name).supervised.child?.pid;
    },
    /** Every process: label, app, replica number and ready URL (what tools/ops/rolling.mjs takes). */
    replicas() {
      return [...apps.entries()].map(([label, a]) => ({ label, app: a.app, replica: a.replica, readyUrl: a.readyUrl }));
    },
    /**
     * Runs `count` processes of every app: the missing replicas are started (and awaited ready),
     * the ones over the count drained (SIGTERM) and stopped.
     */
    async scale(count) {
      const added = [];
      for (const name of names) {
        const have = [...apps.values()].filter((a) => a.app === name).length;
        for (let k = have + 1; k <= count; k++) added.push(await createReplica(name, k));
      }
      for (const label of added) apps.get(label).supervised.start();
      await Promise.all(added.map((label) => product.waitHealthy(label)));
      const extra = [...apps.entries()].filter(([, a]) => a.replica > count);
      await Promise.all(extra.map(([, a]) => a.supervised.stop('SIGTERM')));
      for (const [label] of extra) apps.delete(label);
    },
    /** Drains the process (SIGTERM) and starts its replacement at once; resolves once it is spawned. */
    restart(label) {
      return apps.get(label).supervised.restart({ killAfterMs: 45_000 });
    },
    /** SIGKILL the app's process, as a crash: its supervisor starts it again after its back-off. */
    kill(name) {
      apps.get(name).supervised.signal('SIGKILL');
    },
    /** Resident memory (MB) of every app process right now. */
    memory() {
      return Object.fromEntries(names.map((name) => [name, residentMb(product.pid(name))]));
    },
    /** The last lines of an app's log. */
    logTail(name, lines = 30) {
      try {
        return readFileSync(join(dir, 'logs', `${name}.log`), 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
    async stop() {
      await Promise.all([...apps.values()].map(({ supervised }) => supervised.stop('SIGTERM')));
      rmSync(join(root, 'tmp', `chaos-${process.pid}`), { recursive: true, force: true });
    },
  };

  // Services first (each migrates nothing and seeds its demo data), then the gateway.
  for (const name of names.filter((n) => n !== 'gateway')) apps.get(name).supervised.start();
  await Promise.all(names.filter((n) => n !== 'gateway').map((name) => product.waitHealthy(name)));
  apps.get('gateway').supervised.start();
  await product.waitHealthy('gateway');
  return product;
}
