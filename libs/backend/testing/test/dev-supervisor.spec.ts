import { describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Policy {
  firstDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
}
interface Crash {
  code: number | null;
  signal: string | null;
  upMs: number;
  delayMs: number;
  crashesInARow: number;
}
interface Supervised {
  run: number;
  running: boolean;
  start(): Supervised;
  stop(signal?: string): Promise<void>;
  restart(options?: { signal?: string; killAfterMs?: number }): Promise<ChildProcess | undefined>;
}
interface SupervisorModule {
  RESTART_POLICY: Policy;
  nextRestartDelay(previousDelayMs: number, upMs: number, policy?: Policy): number;
  Supervised: new (options: {
    label: string;
    args: string[];
    policy?: Policy;
    onSpawn?: (child: ChildProcess, run: number) => void;
    onCrash?: (crash: Crash) => void;
    onRestart?: (run: number) => void;
  }) => Supervised;
}
/** The supervisor of `npm start` and the chaos suite: a plain ES module of tools/, outside the libraries' graph. */
const tool = join(import.meta.dirname, '../../../../tools/dev/supervisor.mjs');
const load = async () => (await import(pathToFileURL(tool).href)) as SupervisorModule;

/** Resolves once `check` holds, polling every 10 ms; fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Dev mode (`npm start`) starts a crashed service again by itself, with a back-off, and says so
 * (tools/dev/supervisor.mjs): 1 s after a first crash, doubling with each crash in a row up to
 * 30 s, and 1 s again once the process stayed up 30 s.
 */
describe('the dev supervisor: a crashed process is started again with a back-off', () => {
  it('waits 1 s after a first crash, doubles the wait with each crash in a row up to 30 s, and starts over after 30 s up', async () => {
    const { nextRestartDelay, RESTART_POLICY } = await load();
    expect(RESTART_POLICY).toEqual({ firstDelayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 30_000 });
    const delays: number[] = [];
    let delay = 0;
    for (let crash = 0; crash < 7; crash++) delays.push((delay = nextRestartDelay(delay, 500)));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(nextRestartDelay(30_000, 29_999)).toBe(30_000);
    expect(nextRestartDelay(30_000, 30_000)).toBe(1000);
  });

  it('restarts a process that keeps crashing, each time after the announced wait, and stops restarting once stopped', async () => {
    const { Supervised } = await load();
    const policy = { firstDelayMs: 100, maxDelayMs: 400, resetAfterMs: 60_000 };
    const crashes: (Crash & { at: number })[] = [];
    const spawnedAt: number[] = [];
    const restarts: number[] = [];
    const supervised = new Supervised({
      label: 'crasher',
      args: ['-e', 'process.exit(3)'],
      policy,
      onSpawn: () => spawnedAt.push(performance.now()),
      onCrash: (crash) => crashes.push({ ...crash, at: performance.now() }),
      onRestart: (run) => restarts.push(run),
    }).start();
    await until(() => crashes.length >= 4);
    await supervised.stop();
    const runsAtStop = supervised.run;

    expect(crashes.slice(0, 4).map(({ code, delayMs, crashesInARow }) => ({ code, delayMs, crashesInARow }))).toEqual([
      { code: 3, delayMs: 100, crashesInARow: 1 },
      { code: 3, delayMs: 200, crashesInARow: 2 },
      { code: 3, delayMs: 400, crashesInARow: 3 },
      { code: 3, delayMs: 400, crashesInARow: 4 },
    ]);
    expect(restarts.slice(0, 3)).toEqual([2, 3, 4]);
    // Each new process came no sooner than the wait announced at the crash before it.
    for (let i = 0; i < 3; i++) expect(spawnedAt[i + 1] - crashes[i].at).toBeGreaterThanOrEqual(crashes[i].delayMs - 5);
    // Stopped: the restart that was pending never happens.
    await new Promise((resolve) => setTimeout(resolve, policy.maxDelayMs + 200));
    expect(supervised.run).toBe(runsAtStop);
    expect(supervised.running).toBe(false);
  });

  it('a restart on purpose (a rolling restart) replaces the process at once and is not a crash', async () => {
    const { Supervised } = await load();
    const crashes: Crash[] = [];
    const supervised = new Supervised({
      label: 'steady',
      args: ['-e', 'setInterval(() => {}, 1000)'],
      policy: { firstDelayMs: 100, maxDelayMs: 400, resetAfterMs: 60_000 },
      onCrash: (crash) => crashes.push(crash),
    }).start();
    try {
      await until(() => supervised.running);
      const replacement = await supervised.restart({ signal: 'SIGTERM', killAfterMs: 5_000 });
      expect(replacement?.pid).toEqual(expect.any(Number));
      expect(supervised.run).toBe(2);
      expect(supervised.running).toBe(true);
      expect(crashes).toEqual([]);
    } finally {
      await supervised.stop();
    }
  });
});
