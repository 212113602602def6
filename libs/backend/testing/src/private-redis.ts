import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './test-environment.js';

/**
 * A Redis server of one test file's own, on a free port, that the test may kill and start again.
 * The shared Redis on 6379 is never restarted: other test files run against it at the same time.
 */
export interface PrivateRedis {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`: what REDIS_URL of a service under test points at. */
  readonly url: string;
  /** SIGKILL, as a crash or an OOM kill would: no shutdown, no final save. Resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same port (and data directory); resolves once it answers PING. */
  start(): Promise<void>;
  /** Stops the server for good and removes its data directory. */
  destroy(): Promise<void>;
}

export interface PrivateRedisOptions {
  /**
   * `aof` (default): every write is in the append-only file before it is acknowledged
   * (`appendfsync always`), so a restart loses nothing, as with the product's Redis, which runs
   * with `--appendonly yes`. `none`: a restart starts empty.
   */
  persistence?: 'aof' | 'none';
}

/** The `redis-server` binary: REDIS_SERVER, or the one on the PATH. */
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export async function startPrivateRedis(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  const port = await freeTcpPort();
  const dir = mkdtempSync(join(tmpdir(), 'aero-redis-'));
  const args = [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
    ...(options.persistence === 'none' ? ['--appendonly', 'no'] : ['--appendonly', 'yes', '--appendfsync', 'always']),
    ...['--maxmemory-policy', 'noeviction'],
  ];
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    output = '';
    const started = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (d) => (output += d));
    started.stderr?.on('data', (d) => (output += d));
    child = started;
    await waitFor(
      async () => {
        if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}:\n${output}`);
        return ping(port);
      },
      { timeoutMs: 10_000, intervalMs: 25, what: `the private redis-server on port ${port}` },
    );
  };

  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    async destroy() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port nobody listens on at the moment of asking. */
export async function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when a Redis server answers PING on the port (a bare socket: nothing left behind). */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}
