import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Key = 'postgres' | 'redis' | 'nats';
type Source = 'running' | 'container' | 'local';
interface Prepared {
  sources: Record<Key, Source>;
  env: Record<string, string>;
  stop: () => Promise<unknown>;
  done: string[];
}
interface Steps {
  probe: (port: number, host: string) => Promise<boolean>;
  dockerAvailable: () => Promise<boolean>;
  start: (key: Key) => Promise<{ url: string; stop: () => Promise<void> }>;
  ensureLocal: (urls: Partial<Record<Key, string>>) => Promise<string[]>;
  say: (line: string) => void;
}
interface TestServers {
  prepareTestServers(urls: Record<Key, string>, steps: Steps): Promise<Prepared>;
}
/** The harness module under test: a plain ES module of tools/, outside the libraries' graph. */
const tool = join(import.meta.dirname, '../../../../tools/test/test-servers.mjs');
const load = async () => (await import(pathToFileURL(tool).href)) as TestServers;

const URLS: Record<Key, string> = {
  postgres: 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: 'redis://127.0.0.1:6379',
  nats: 'nats://127.0.0.1:4222',
};

/**
 * The servers `npm test` uses (tools/test/test-servers.mjs), with the machine replaced by fakes:
 * which ports answer, whether a Docker daemon does, and what starting a container or a Debian
 * server did. There is no Docker daemon on this machine, so the container path is checked here.
 */
function machine({ open, docker }: { open: number[]; docker: boolean }) {
  const calls = { containers: [] as Key[], stopped: [] as Key[], local: [] as string[][], dockerAsked: 0 };
  // Plain functions answering promises: the fakes have nothing to wait for.
  const steps: Steps = {
    probe: (port) => Promise.resolve(open.includes(port)),
    dockerAvailable: () => {
      calls.dockerAsked++;
      return Promise.resolve(docker);
    },
    start: (key) => {
      calls.containers.push(key);
      return Promise.resolve({
        url: `${key}://127.0.0.1:4${calls.containers.length}000`,
        stop: () => {
          calls.stopped.push(key);
          return Promise.resolve();
        },
      });
    },
    ensureLocal: (urls) => {
      calls.local.push(Object.keys(urls));
      return Promise.resolve(Object.keys(urls).map((key) => `${key}: from the Debian package`));
    },
    say: () => undefined,
  };
  return { steps, calls };
}

describe('where the tests find PostgreSQL, Redis and NATS', () => {
  it('servers that answer are used as they are, whether or not Docker is there', async () => {
    const { prepareTestServers } = await load();
    for (const docker of [true, false]) {
      const { steps, calls } = machine({ open: [5432, 6379, 4222], docker });
      const prepared = await prepareTestServers(URLS, steps);
      expect(prepared.sources).toEqual({ postgres: 'running', redis: 'running', nats: 'running' });
      expect(prepared.env).toEqual({});
      expect(calls).toEqual({ containers: [], stopped: [], local: [], dockerAsked: 0 });
    }
  });

  it('without a Docker daemon, a server that does not answer is started from the Debian package', async () => {
    const { prepareTestServers } = await load();
    const { steps, calls } = machine({ open: [5432], docker: false });
    const prepared = await prepareTestServers(URLS, steps);
    expect(prepared.sources).toEqual({ postgres: 'running', redis: 'local', nats: 'local' });
    expect(calls.containers).toEqual([]);
    expect(calls.local).toEqual([['redis', 'nats']]);
    expect(prepared.env).toEqual({});
    expect(prepared.done).toEqual(['redis: from the Debian package', 'nats: from the Debian package']);
  });

  it('with a Docker daemon, a server whose port is closed runs in a container whose URL the tests get', async () => {
    const { prepareTestServers } = await load();
    const { steps, calls } = machine({ open: [6379], docker: true });
    const prepared = await prepareTestServers(URLS, steps);
    expect(prepared.sources).toEqual({ postgres: 'container', redis: 'running', nats: 'container' });
    expect(calls.containers).toEqual(['postgres', 'nats']);
    expect(calls.local).toEqual([]);
    expect(prepared.env).toEqual({ TEST_DATABASE_URL: 'postgres://127.0.0.1:41000', NATS_URL: 'nats://127.0.0.1:42000' });
    expect(prepared.done).toEqual(['postgres: container postgres:15 at postgres://127.0.0.1:41000', 'nats: container nats:2.10-alpine at nats://127.0.0.1:42000']);
    await prepared.stop();
    expect(calls.stopped).toEqual(['postgres', 'nats']);
  });

  it('a server on another machine is never replaced, even with Docker here', async () => {
    const { prepareTestServers } = await load();
    const { steps, calls } = machine({ open: [], docker: true });
    const prepared = await prepareTestServers({ ...URLS, postgres: 'postgres://aero@db.internal:5432/aeromaint' }, steps);
    expect(prepared.sources.postgres).toBe('running');
    expect(calls.containers).toEqual(['redis', 'nats']);
  });

  it('a container that fails to start stops the ones already started', async () => {
    const { prepareTestServers } = await load();
    const { steps, calls } = machine({ open: [], docker: true });
    const start = steps.start;
    steps.start = async (key) => {
      if (key === 'nats') throw new Error('image pull failed');
      return start(key);
    };
    await expect(prepareTestServers(URLS, steps)).rejects.toThrow('image pull failed');
    expect(calls.stopped).toEqual(['postgres', 'redis']);
  });
});
