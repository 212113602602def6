// The chaos suite's own NATS, Redis and PostgreSQL, on free ports, in a temporary directory, so
// that it may kill and restart them. The shared servers on the default ports are never touched:
// other tests run against them at the same time.
import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
/** PG_BIN, or the newest Debian PostgreSQL installed (`/usr/lib/postgresql/<version>/bin`). */
const PG_BIN =
  process.env.PG_BIN ??
  (existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`)[0]
    : undefined) ??
  '/usr/lib/postgresql/15/bin';

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

async function waitPort(port, up, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await answers(port)) === up) return;
    await sleep(100);
  }
  throw new Error(`${what} ${up ? 'does not answer' : 'still answers'} on port ${port} after ${timeoutMs / 1000} s`);
}

/** A server run as a child process: kill (SIGKILL, as a crash) and start again, same port and data. */
class ChildServer {
  constructor(name, port, command, args, options = {}) {
    Object.assign(this, { name, port, command, args, options });
    this.child = undefined;
    this.output = '';
  }

  async start() {
    this.output = '';
    this.child = spawn(this.command, this.args, { stdio: ['ignore', 'pipe', 'pipe'], ...this.options });
    this.child.stdout.on('data', (d) => (this.output = (this.output + d).slice(-20_000)));
    this.child.stderr.on('data', (d) => (this.output = (this.output + d).slice(-20_000)));
    try {
      await waitPort(this.port, true, this.name);
    } catch (error) {
      throw new Error(`${error.message}\n--- ${this.name} output ---\n${this.output}`, { cause: error });
    }
  }

  async kill(signal = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    await waitPort(this.port, false, this.name);
  }

  /** Throws its data away (while it is stopped): it then starts empty, as a new server would. */
  wipe() {
    if (this.running) throw new Error(`${this.name} must be stopped before its data is thrown away`);
    rmSync(this.dataDir, { recursive: true, force: true });
    mkdirSync(this.dataDir);
  }

  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }
}

/** PostgreSQL 15 cluster of its own, run as the `postgres` OS user (it refuses to run as root). */
class PrivatePostgres {
  constructor(dir, port) {
    this.name = 'PostgreSQL';
    this.dir = join(dir, 'pg');
    this.port = port;
    this.log = join(dir, 'pg.log');
    this.socketDir = dir;
  }

  /** Runs a PostgreSQL binary as `postgres` when this process is root, as itself otherwise. */
  asPostgres(binary, args) {
    const path = join(PG_BIN, binary);
    return process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', path, ...args]) : run(path, args);
  }

  async init() {
    await this.asPostgres('initdb', ['-D', this.dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
  }

  async start() {
    // fsync off: a test cluster, thrown away afterwards; an immediate stop still loses nothing
    // committed (the WAL is written, only not flushed to disk, and the OS keeps it).
    const options = `-p ${this.port} -k ${this.socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400`;
    await this.asPostgres('pg_ctl', ['-D', this.dir, '-l', this.log, '-o', options, '-w', '-t', '60', 'start']);
    await waitPort(this.port, true, this.name);
  }

  /** An immediate stop: every backend is cut off without a shutdown checkpoint, as in a crash. */
  async kill() {
    await this.asPostgres('pg_ctl', ['-D', this.dir, '-m', 'immediate', '-w', 'stop']);
    await waitPort(this.port, false, this.name);
  }
}

/**
 * Starts the three servers: NATS with JetStream, Redis with an append-only file written before
 * every acknowledgement (the product's Redis persists: deploy/README.md, docker-compose.yml), and
 * a fresh PostgreSQL cluster. Each has kill() (as a crash) and start() (again, same data).
 */
export async function startServers() {
  const dir = mkdtempSync(join(tmpdir(), 'aero-chaos-'));
  const [natsPort, redisPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  mkdirSync(join(dir, 'nats'));
  mkdirSync(join(dir, 'redis'));
  const nats = new ChildServer('NATS', natsPort, NATS_SERVER, ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(dir, 'nats')]);
  const redis = new ChildServer('Redis', redisPort, REDIS_SERVER, [
    ...['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', join(dir, 'redis'), '--save', ''],
    ...['--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction'],
  ]);
  redis.dataDir = join(dir, 'redis');
  const postgres = new PrivatePostgres(dir, pgPort);
  if (process.getuid?.() === 0) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  await postgres.init();
  await Promise.all([nats.start(), redis.start(), postgres.start()]);
  return {
    dir,
    nats,
    redis,
    postgres,
    urls: {
      nats: `nats://127.0.0.1:${natsPort}`,
      redis: `redis://127.0.0.1:${redisPort}`,
      postgres: `postgres://postgres@127.0.0.1:${pgPort}`,
    },
    /** Stops the three servers; removes their directory unless `keepDir` (to read the logs). */
    async stop({ keepDir = false } = {}) {
      await Promise.allSettled([nats.kill(), redis.kill(), postgres.kill()]);
      if (!keepDir && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
