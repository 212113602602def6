// Shared by the dev scripts (start, db:migrate, db:seed): builds the Node apps and then uses
// the *built* libraries and service definitions from dist/, so the scripts run the same code
// as the services themselves.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, NODE_APPS } from '../build/build.mjs';
import { ensureLocalServers } from './local-servers.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = join(root, 'dist');

const useColour = process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== '0' : process.stdout.isTTY && !process.env.NO_COLOR;
const sgr = (open) => (text) => (useColour ? `\x1b[${open}m${text}\x1b[0m` : String(text));
export const colour = {
  bold: sgr('1'),
  dim: sgr('2'),
  red: sgr('31'),
  green: sgr('32'),
  yellow: sgr('33'),
  blue: sgr('34'),
  magenta: sgr('35'),
  cyan: sgr('36'),
  boldRed: sgr('1;31'),
};

/** How to start each server when it does not answer. */
export const HOW_TO_START = {
  postgres: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  redis:
    'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  nats: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
};

/**
 * jemalloc, where the machine has it (Debian's libjemalloc2, which its redis-server depends on; the
 * image installs it): it gives freed memory back to the system within seconds, in the middle of
 * the heap too. With glibc's malloc the Buffers of a burst of invoices and e-mails stayed resident
 * after they were freed (notifications: 330 MB, 145 MB after malloc_trim). Off with JEMALLOC=off.
 */
const JEMALLOC = ['/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2'].find((path) => existsSync(path));
const JEMALLOC_ENV =
  JEMALLOC && process.env.JEMALLOC !== 'off'
    ? { LD_PRELOAD: JEMALLOC, MALLOC_CONF: 'background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0' }
    : {};

/**
 * Environment of every app process. glibc (when jemalloc is not there): allocations from 128 KB
 * up are always mapped and given back when freed; otherwise its threshold grows and the 19 MB
 * blocks of each password hash stay in the heap (+80 MB resident in accounts-invitations after a
 * few concurrent sign-ins).
 */
export const APP_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', ...JEMALLOC_ENV };

/**
 * V8 flags of every app process. 16 MB semi-spaces (the young generation): with 2 MB, objects that
 * live through a request's few milliseconds were promoted to the old generation and collected
 * there at several times the cost; a paid order took 18-20 % more CPU (docs/performance.md). The
 * start-up garbage that 16 MB semi-spaces hold (they once made an idle process 170+ MB resident)
 * goes with the first collection once the process is quiet: `--expose-gc` lets a process collect
 * when it goes quiet after work (IdleMemoryRelease), as V8 alone keeps what a burst of load grew.
 * Source maps in stack traces cost about 20 MB a process: on with NODE_SOURCE_MAPS=1.
 */
export const NODE_FLAGS = ['--max-semi-space-size=16', '--expose-gc', ...(process.env.NODE_SOURCE_MAPS === '1' ? ['--enable-source-maps'] : [])];

export function distMain(app) {
  return join(dist, 'apps', app, 'src/main.js');
}

/**
 * Compiles every Node app (SWC, well under a second). When the whole build fails, e.g. because
 * an app being written has a syntax error, each app is built on its own so that the others
 * can still run. Returns the apps that failed.
 */
export async function buildNodeApps() {
  try {
    await build(NODE_APPS);
    return [];
  } catch (error) {
    console.error(colour.red(`build of all Node apps failed: ${error.message}\nbuilding each app on its own...`));
  }
  const failed = [];
  for (const app of NODE_APPS) {
    try {
      await build([app]);
    } catch (error) {
      failed.push(app);
      console.error(colour.boldRed(`✖ ${app} does not build: ${error.message}`));
    }
  }
  return failed;
}

async function importDist(path) {
  return import(pathToFileURL(join(dist, path)).href);
}

/** The infrastructure settings (DATABASE_URL, REDIS_URL, NATS_URL, ...) with the product's defaults. */
export async function loadInfraConfig(env = process.env) {
  const { loadConfig, infraConfigSchema } = await importDist('libs/backend/config/src/index.js');
  return loadConfig(infraConfigSchema, env);
}

/**
 * Checks that Postgres, Redis and NATS (with JetStream) answer a real ping. Prints every one that
 * does not, with the command that starts it, and returns false in that case.
 */
export async function checkServers(config, servers = ['postgres', 'redis', 'nats']) {
  const { checkPostgres, checkRedis, checkNats } = await importDist('libs/backend/observability/src/dependency-checks.js');
  const checks = {
    postgres: ['PostgreSQL', () => checkPostgres(config.DATABASE_URL)],
    redis: ['Redis', () => checkRedis(config.REDIS_URL)],
    nats: ['NATS (JetStream)', () => checkNats(config.NATS_URL)],
  };
  const results = await Promise.all(servers.map(async (key) => [key, checks[key][0], await checks[key][1]()]));
  const down = results.filter(([, , problem]) => problem);
  if (!down.length) return true;
  console.error(colour.boldRed('\n✖ Required servers are not answering:\n'));
  for (const [key, label, problem] of down) {
    // The library's message ends with its own generic hint; the commands below are this machine's.
    console.error(`  ${colour.bold(label)}: ${problem.replace(/\.?\s*Start it with:.*$/s, '')}`);
    console.error(`    start it with:  ${HOW_TO_START[key]}`);
    console.error(`    or with Docker: docker compose up -d ${key}\n`);
  }
  if (down.length > 1) console.error(`  (or all at once with Docker: docker compose up -d ${down.map(([key]) => key).join(' ')})\n`);
  return false;
}

/** Creates the database of DATABASE_URL when it is missing; true when it was created. */
export async function ensureDatabase(databaseUrl) {
  const persistence = await importDist('libs/backend/persistence/src/index.js');
  return persistence.ensureDatabase(databaseUrl);
}

/** The names of the backend services (`SERVICE_NAMES` of the contracts), gateway excluded. */
export async function serviceNames() {
  const { SERVICE_NAMES } = await importDist('libs/contracts/src/index.js');
  return [...SERVICE_NAMES];
}

/**
 * The built ServiceDefinition of each service (`dist/apps/<svc>/src/<svc>.service-definition.js`).
 * Services that are not built (not written yet, or broken) are skipped with a warning.
 */
export async function loadServiceDefinitions(names) {
  const found = [];
  for (const name of names) {
    const file = `apps/${name}/src/${name}.service-definition.js`;
    if (!existsSync(join(dist, file))) {
      console.warn(colour.yellow(`⚠ ${name}: dist/${file} is missing (no such service yet?), skipped`));
      continue;
    }
    const exports = await importDist(file);
    const definition = Object.values(exports).find((v) => v && typeof v === 'object' && v.schema && v.migrations && v.module);
    if (!definition) {
      console.warn(colour.yellow(`⚠ ${name}: dist/${file} exports no ServiceDefinition, skipped`));
      continue;
    }
    found.push(definition);
  }
  return found;
}

/**
 * Applies each service's pending migrations (and its demo data when `seed` is true), one
 * service after another, through the same DataSource and advisory lock the services use.
 */
export async function migrateServices(definitions, databaseUrl, { seed = false } = {}) {
  const { createServiceDataSource, runMigrations } = await importDist('libs/backend/persistence/src/index.js');
  for (const definition of definitions) {
    const started = Date.now();
    const dataSource = createServiceDataSource({
      url: databaseUrl,
      schema: definition.schema,
      entities: definition.entities,
      migrations: definition.migrations,
      poolSize: 2,
    });
    await dataSource.initialize();
    try {
      const applied = await runMigrations(dataSource, definition.schema);
      const what = [applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'];
      if (seed) {
        if (definition.seed) {
          await definition.seed(dataSource);
          what.push('demo data seeded');
        } else {
          what.push('no demo data');
        }
      }
      console.log(`  ${colour.green('✔')} ${definition.name.padEnd(22)} ${definition.schema.padEnd(22)} ${what.join('; ')} ${colour.dim(`(${Date.now() - started} ms)`)}`);
    } finally {
      await dataSource.destroy();
    }
  }
}

/**
 * build → start the servers that do not answer (tools/dev/local-servers.mjs) → check them (all
 * three, or only those named) → create the database → load the built service definitions.
 */
export async function prepare({ servers } = {}) {
  const failed = await buildNodeApps();
  const config = await loadInfraConfig();
  const urls = { postgres: config.DATABASE_URL, redis: config.REDIS_URL, nats: config.NATS_URL };
  const wanted = servers ?? Object.keys(urls);
  for (const line of await ensureLocalServers(Object.fromEntries(wanted.map((key) => [key, urls[key]])))) console.log(`${colour.green('▶')} started ${line}`);
  if (!(await checkServers(config, servers))) process.exit(1);
  if (await ensureDatabase(config.DATABASE_URL)) console.log(`created database ${new URL(config.DATABASE_URL).pathname.slice(1)}`);
  const definitions = await loadServiceDefinitions((await serviceNames()).filter((n) => !failed.includes(n)));
  return { config, definitions, failedBuilds: failed };
}
