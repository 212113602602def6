// Starts the local servers the product needs (PostgreSQL, Redis, NATS with JetStream) when they do
// not answer, so that `npm start` and `npm test` work on a fresh machine with nothing done by hand:
//   1. a server that answers is left alone;
//   2. a Docker daemon that answers starts it with `docker compose up -d <server>` (default ports);
//   3. otherwise the Debian package's binary runs it, installed first with apt-get when it is
//      missing and this process may (root, and AERO_INSTALL_SERVERS is not "no"), with its data
//      in the project's `.data/<server>` folder (AERO_DATA_DIR moves it) and its log beside it.
// A server on another machine (not 127.0.0.1 / localhost) is never started: it is reported.
// Each step is said on the console; what could not be done is left to the caller's check, which
// prints how to start the server by hand.
import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const DEFAULT_PORTS = { postgres: 5432, redis: 6379, nats: 4222 };
/** The Debian package of each server. */
const PACKAGES = { postgres: 'postgresql', redis: 'redis-server', nats: 'nats-server' };

/** The host and port a server URL points at. */
function addressOf(key, url) {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || DEFAULT_PORTS[key]) };
}

/** Whether something accepts TCP connections on the port. */
export function answers(port, host = '127.0.0.1') {
  return new Promise((resolvePromise) => {
    const socket = connect({ port, host: host.replace(/^\[|\]$/g, '') });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolvePromise(true)));
    socket.once('timeout', () => (socket.destroy(), resolvePromise(false)));
    socket.once('error', () => resolvePromise(false));
  });
}

async function waitUntilAnswers(port, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(port)) return;
    await sleep(200);
  }
  throw new Error(`${what} does not answer on port ${port} after ${timeoutMs / 1000} s`);
}

async function succeeds(command, args, options = {}) {
  try {
    await run(command, args, { timeout: 10_000, ...options });
    return true;
  } catch {
    return false;
  }
}

/** The binary of a server from its Debian package, or undefined when it is not installed. */
function binaryOf(key) {
  if (key === 'postgres') {
    const versions = existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)).sort((a, b) => Number(b) - Number(a))
      : [];
    return versions.length ? `/usr/lib/postgresql/${versions[0]}/bin` : undefined;
  }
  const path = key === 'redis' ? '/usr/bin/redis-server' : '/usr/sbin/nats-server';
  return existsSync(path) ? path : undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Installs the missing packages with apt-get when this process may; true when they are there after. */
async function install(keys, say) {
  const missing = keys.filter((key) => !binaryOf(key));
  if (!missing.length) return true;
  const packages = missing.map((key) => PACKAGES[key]);
  if (!isRoot() || process.env.AERO_INSTALL_SERVERS === 'no' || !existsSync('/usr/bin/apt-get')) {
    say(`not installed: ${packages.join(', ')} (install them with: sudo apt-get install -y ${packages.join(' ')})`);
    return false;
  }
  say(`installing ${packages.join(', ')} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // The package's own service is not wanted: policy-rc.d-less containers would try to start it.
  await run('apt-get', ['update', '-q'], { env, timeout: 300_000 }).catch(() => undefined);
  await run('apt-get', ['install', '-y', '-q', ...packages], { env, timeout: 600_000, maxBuffer: 32 * 1024 * 1024 });
  return missing.every((key) => binaryOf(key));
}

/** Runs a PostgreSQL binary as the `postgres` user when this process is root (PostgreSQL refuses root). */
function asPostgres(bin, args) {
  return isRoot() ? run('runuser', ['-u', 'postgres', '--', bin, ...args], { timeout: 120_000 }) : run(bin, args, { timeout: 120_000 });
}

async function ownedByPostgres(dir) {
  if (!isRoot()) return;
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  chownSync(dir, Number(uid.stdout), Number(gid.stdout));
}

/** Starts each server from its binary, detached (it outlives this process), data under `dataDir`. */
const START = {
  async postgres(port, dataDir) {
    const bin = binaryOf('postgres');
    const dir = join(dataDir, 'postgres');
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      mkdirSync(dir, { recursive: true });
      await ownedByPostgres(dir);
      // Trust on the loopback, as the product's default DATABASE_URL (no password) expects.
      await asPostgres(join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale']);
    }
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
    // The log goes into the cluster's folder: the postgres user owns it.
    await asPostgres(join(bin, 'pg_ctl'), ['-D', dir, '-l', join(dir, 'postgres.log'), '-o', options, '-w', '-t', '60', 'start']);
  },
  async redis(port, dataDir) {
    const dir = join(dataDir, 'redis');
    mkdirSync(dir, { recursive: true });
    await run(binaryOf('redis'), [
      ...['--daemonize', 'yes', '--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...['--appendonly', 'yes', '--maxmemory-policy', 'noeviction', '--logfile', join(dataDir, 'redis.log')],
    ]);
  },
  async nats(port, dataDir) {
    const dir = join(dataDir, 'nats');
    mkdirSync(dir, { recursive: true });
    const log = openSync(join(dataDir, 'nats.log'), 'a');
    const pidFile = join(dataDir, 'nats.pid');
    const child = spawn(binaryOf('nats'), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir, '-P', pidFile], { detached: true, stdio: ['ignore', log, log] });
    child.unref();
  },
};

/**
 * Makes PostgreSQL, Redis and NATS answer at the given URLs (only the ones named), starting
 * what is missing as described above. Answers what it did, one line per server it started.
 * `say` prints a line (console.log by default).
 */
export async function ensureLocalServers(urls, { dataDir = process.env.AERO_DATA_DIR ?? join(ROOT, '.data'), say = (line) => console.log(line) } = {}) {
  const down = [];
  for (const [key, url] of Object.entries(urls)) {
    const { host, port } = addressOf(key, url);
    if (await answers(port, host)) continue;
    if (!LOCAL_HOSTS.has(host)) {
      say(`${key} at ${host}:${port} does not answer, and is not on this machine: not started`);
      continue;
    }
    down.push({ key, port });
  }
  if (!down.length) return [];

  const started = [];
  const composable = down.filter(({ key, port }) => port === DEFAULT_PORTS[key]);
  if (composable.length && (await succeeds('docker', ['info'])) && existsSync(join(ROOT, 'docker-compose.yml'))) {
    const names = composable.map(({ key }) => key);
    say(`starting ${names.join(', ')} with docker compose (a Docker daemon answers) ...`);
    if (await succeeds('docker', ['compose', 'up', '-d', '--wait', ...names], { cwd: ROOT, timeout: 300_000 })) {
      started.push(...names.map((name) => `${name}: docker compose`));
      down.splice(0, down.length, ...down.filter(({ key }) => !names.includes(key)));
    }
  }
  if (!down.length) return started;

  if (!(await install(down.map(({ key }) => key), say))) return started;
  for (const { key, port } of down) {
    say(`starting ${key} on port ${port} from the Debian package, data in ${join(dataDir, key)} ...`);
    try {
      await START[key](port, dataDir);
      await waitUntilAnswers(port, key);
      const log = key === 'postgres' ? join(dataDir, key, 'postgres.log') : join(dataDir, `${key}.log`);
      started.push(`${key}: port ${port}, data in ${join(dataDir, key)}, log ${log}`);
    } catch (error) {
      say(`could not start ${key}: ${error.message.split('\n')[0]}`);
    }
  }
  return started;
}
