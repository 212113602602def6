// Runs one app process and starts it again when it crashes, with a back-off: 1 s after the first
// crash, doubling with each crash in a row up to 30 s, and 1 s again once the process had stayed
// up for 30 s. Used by `npm start` (tools/dev/start.mjs) and the chaos suite (tools/chaos), which
// kills services and counts on them coming back by themselves.
import { spawn } from 'node:child_process';

export const RESTART_POLICY = Object.freeze({ firstDelayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 30_000 });

/**
 * The wait before restarting a process that just crashed: the first delay after a first crash or
 * after a run of at least `resetAfterMs`, else twice the previous delay, at most `maxDelayMs`.
 */
export function nextRestartDelay(previousDelayMs, upMs, policy = RESTART_POLICY) {
  if (!previousDelayMs || upMs >= policy.resetAfterMs) return policy.firstDelayMs;
  return Math.min(previousDelayMs * 2, policy.maxDelayMs);
}

/**
 * One supervised process. `onSpawn(child, run)` sees every new process (to read its output);
 * `onCrash({ code, signal, upMs, delayMs, crashesInARow })` is told of each crash and the restart
 * it schedules; `onRestart(run)` when the restart happens (`run` counts the processes started).
 * `stop()` ends it for good: no restart after that.
 */
export class Supervised {
  constructor({ label, command = process.execPath, args, cwd, env, detached = true, policy = RESTART_POLICY, onSpawn, onCrash, onRestart }) {
    Object.assign(this, { label, command, args, cwd, env, detached, policy, onSpawn, onCrash, onRestart });
    this.run = 0;
    this.stopping = false;
    this.restarting = false;
    this.delayMs = 0;
    this.crashesInARow = 0;
    this.restartTimer = undefined;
    this.child = undefined;
    this.exited = Promise.resolve();
  }

  /** True while its current process runs. */
  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  start() {
    this.run++;
    const startedAt = Date.now();
    // Own process group (detached): Ctrl-C reaches only the runner, which then stops each child once.
    const child = spawn(this.command, this.args, { cwd: this.cwd, env: this.env, stdio: ['ignore', 'pipe', 'pipe'], detached: this.detached });
    this.child = child;
    this.onSpawn?.(child, this.run);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!this.stopping && !this.restarting) this.crashed(code, signal, Date.now() - startedAt);
        resolve();
      }),
    );
    return this;
  }

  /** Sends `signal` to the current process (and its group): a crash as far as restarts go. */
  signal(signal) {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(this.detached ? -child.pid : child.pid, signal);
    } catch {
      child.kill(signal);
    }
  }

  /** Stops it for good: cancels a pending restart, signals the process and waits for its end. */
  async stop(signal = 'SIGTERM') {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.signal(signal);
    await this.exited;
  }

  /**
   * Replaces the process on purpose (a rolling restart): `signal` (SIGTERM: the app drains), its
   * end awaited (SIGKILL after `killAfterMs`), then a new process at once, not counted as a crash.
   * Resolves with the new process.
   */
  async restart({ signal = 'SIGTERM', killAfterMs = 60_000 } = {}) {
    if (this.stopping) throw new Error(`${this.label} is stopping`);
    clearTimeout(this.restartTimer);
    this.restarting = true;
    try {
      const killer = setTimeout(() => this.signal('SIGKILL'), killAfterMs);
      this.signal(signal);
      await this.exited;
      clearTimeout(killer);
    } finally {
      this.restarting = false;
    }
    if (this.stopping) return undefined;
    this.start();
    this.onRestart?.(this.run);
    return this.child;
  }

  crashed(code, signal, upMs) {
    this.delayMs = nextRestartDelay(this.delayMs, upMs, this.policy);
    this.crashesInARow = upMs >= this.policy.resetAfterMs ? 1 : this.crashesInARow + 1;
    this.onCrash?.({ code, signal, upMs, delayMs: this.delayMs, crashesInARow: this.crashesInARow });
    this.restartTimer = setTimeout(() => {
      if (this.stopping) return;
      this.start();
      this.onRestart?.(this.run);
    }, this.delayMs);
  }
}
