import { describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { IdleMemoryRelease } from './idle-memory.js';

const logger = pino({ level: 'silent' });

/** A process whose CPU clock the test advances; `gc` counts the collections. */
function process_(options: { workCpuMs?: number; startUpCpuMs?: number } = {}) {
  let cpuMicros = (options.startUpCpuMs ?? 0) * 1000;
  let collections = 0;
  const release = new IdleMemoryRelease(logger, {
    intervalMs: 5000,
    workCpuMs: options.workCpuMs ?? 1000,
    quietShare: 0.02,
    gc: () => collections++,
    cpuMicros: () => cpuMicros,
  });
  return {
    /** One interval in which the process used `ms` of CPU, then the reading. */
    interval: (ms: number) => {
      cpuMicros += ms * 1000;
      return release.check();
    },
    collections: () => collections,
  };
}

describe('idle memory release', () => {
  it('collects once when the process goes quiet after work', () => {
    const p = process_();
    expect(p.interval(3000)).toBe(false); // busy
    expect(p.interval(2000)).toBe(false); // busy
    expect(p.interval(50)).toBe(true); // quiet (1 % of a core): 5 s of work behind it
    expect(p.collections()).toBe(1);
  });

  it("counts the start-up's CPU time as work: its garbage goes at the first quiet reading", () => {
    const p = process_({ startUpCpuMs: 2500 });
    expect(p.interval(20)).toBe(false); // the first reading holds the start-up
    expect(p.interval(20)).toBe(true);
  });

  it('never collects while the process is busy', () => {
    const p = process_();
    for (let i = 0; i < 20; i++) p.interval(500); // 10 % of a core, all along
    expect(p.collections()).toBe(0);
  });

  it('does not collect again until new work has been done', () => {
    const p = process_();
    p.interval(5000);
    p.interval(10);
    for (let i = 0; i < 50; i++) p.interval(20); // quiet, a little timer work: 1 s over 50 intervals
    expect(p.collections()).toBe(1);
    p.interval(2000);
    p.interval(10);
    expect(p.collections()).toBe(2);
  });

  it('leaves a process that did little since its last collection alone', () => {
    const p = process_({ workCpuMs: 1000 });
    p.interval(400);
    expect(p.interval(10)).toBe(false);
    expect(p.collections()).toBe(0);
  });

  it('is off without --expose-gc, and says so', () => {
    const lines: string[] = [];
    const release = new IdleMemoryRelease(pino({ level: 'info' }, { write: (line: string) => lines.push(line) }), { gc: undefined, cpuMicros: () => 0 });
    expect(release.enabled).toBe(false);
    release.start();
    expect(release.check()).toBe(false);
    expect(lines.join('')).toContain('--expose-gc');
  });
});
