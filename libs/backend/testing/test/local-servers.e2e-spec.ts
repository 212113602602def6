import { afterAll, describe, expect, it } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { Redis } from 'ioredis';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort } from '../src/free-port.js';

type Ensure = (urls: Record<string, string>, options: { dataDir: string; say: (line: string) => void }) => Promise<string[]>;
/** The dev tool under test: a plain ES module of tools/, outside the libraries' graph. */
const tool = join(import.meta.dirname, '../../../../tools/dev/local-servers.mjs');
const ensure: Ensure = async (urls, options) => ((await import(pathToFileURL(tool).href)) as { ensureLocalServers: Ensure }).ensureLocalServers(urls, options);

/**
 * What `npm start` and `npm test` do on a machine where PostgreSQL, Redis and NATS are stopped:
 * start them from the Debian packages with their data in a folder of the project. Run here on
 * free ports and a temporary folder (the machine's own servers on the default ports stay up:
 * other tests use them), which is the same path with other numbers.
 */
describe('starting the servers that do not answer (tools/dev/local-servers.mjs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aero-local-servers-'));
  // Like the project's .data folder, readable by the postgres user the cluster runs as.
  chmodSync(dataDir, 0o755);
  const lines: string[] = [];
  let ports: { postgres: number; redis: number; nats: number };

  afterAll(() => {
    if (!ports) return;
    const pgBin = readdirSync('/usr/lib/postgresql').sort().reverse()[0];
    const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
    const stop = (command: string[]) => {
      try {
        execFileSync(command[0], command.slice(1), { stdio: 'ignore' });
      } catch {
        // already stopped
      }
    };
    stop([...asPostgres, `/usr/lib/postgresql/${pgBin}/bin/pg_ctl`, '-D', join(dataDir, 'postgres'), '-m', 'fast', '-w', 'stop']);
    stop(['redis-cli', '-p', String(ports.redis), 'shutdown', 'nosave']);
    stop(['kill', readFileSync(join(dataDir, 'nats.pid'), 'utf8').trim()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts PostgreSQL, Redis and NATS with JetStream, data in the folder, and says so', async () => {
    ports = { postgres: await freePort(), redis: await freePort(), nats: await freePort() };
    const urls = {
      postgres: `postgres://postgres@127.0.0.1:${ports.postgres}/postgres`,
      redis: `redis://127.0.0.1:${ports.redis}`,
      nats: `nats://127.0.0.1:${ports.nats}`,
    };
    const started = await ensure(urls, { dataDir, say: (line) => lines.push(line) });
    expect(lines.filter((line) => line.startsWith('could not'))).toEqual([]);

    expect(started).toEqual([
      `postgres: port ${ports.postgres}, data in ${join(dataDir, 'postgres')}, log ${join(dataDir, 'postgres', 'postgres.log')}`,
      `redis: port ${ports.redis}, data in ${join(dataDir, 'redis')}, log ${join(dataDir, 'redis.log')}`,
      `nats: port ${ports.nats}, data in ${join(dataDir, 'nats')}, log ${join(dataDir, 'nats.log')}`,
    ]);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^starting postgres on port \d+ from the Debian package/)]));

    const client = new pg.Client({ connectionString: urls.postgres });
    await client.connect();
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
    const redis = new Redis(urls.redis);
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();
    const nc = await connect({ servers: urls.nats });
    expect((await (await jetstreamManager(nc)).getAccountInfo()).streams).toBe(0);
    await nc.close();

    // Once they answer, a second run leaves them alone.
    expect(await ensure(urls, { dataDir, say: (line) => lines.push(line) })).toEqual([]);
  }, 120_000);

  it('does not start a server that is not on this machine, and says so', async () => {
    const said: string[] = [];
    const started = await ensure({ redis: 'redis://redis.invalid:6379' }, { dataDir, say: (line) => said.push(line) });
    expect(started).toEqual([]);
    expect(said).toEqual(['redis at redis.invalid:6379 does not answer, and is not on this machine: not started']);
  });
});
