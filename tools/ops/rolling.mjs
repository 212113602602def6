// A rolling restart: each replica of each app in turn is drained and replaced, and the next one
// waits until the new process is ready. Shared by the command (rolling-restart.mjs, against
// `npm start`) and the chaos case `rolling-restart` (against the suite's own product).
import { setTimeout as sleep } from 'node:timers/promises';

/** True when `url` answers 200 within `timeoutMs`. */
export async function answers200(url, timeoutMs = 2000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Polls the replica's ready URL until it answers 200; throws after `timeoutMs`. */
export async function waitReady(replica, { timeoutMs = 120_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers200(replica.readyUrl)) return;
    await sleep(intervalMs);
  }
  throw new Error(`${replica.label} is not ready after ${timeoutMs / 1000} s (${replica.readyUrl})`);
}

/**
 * The order of a rolling restart: the services first (each service's replicas one after another),
 * then the gateways, so that a gateway restarted last finds every service already renewed.
 */
export function restartOrder(replicas) {
  const rank = (r) => (r.app === 'gateway' ? 1 : 0);
  return [...replicas].sort((a, b) => rank(a) - rank(b) || a.app.localeCompare(b.app) || a.replica - b.replica);
}

/**
 * Restarts every replica in turn (or the ones in `restarting`, a part of `replicas`): `restart(replica)` drains the process and starts its
 * replacement (resolving once it is spawned), then its ready URL is awaited before the next.
 * Before each restart the other replicas of the same app must be ready, so an app never has
 * fewer than N-1 ready processes. `parallel` apps may restart at once (never two processes of one
 * app): each still keeps its other replicas serving, and a 2-core machine is busy waiting for a
 * process to start rather than starting it. The gateways still wait for every service. Resolves
 * to one row per replica: label and seconds taken.
 */
export async function rollingRestart(replicas, { restart, restarting = replicas, log = () => undefined, readyTimeoutMs = 120_000, parallel = 1 }) {
  const rows = [];
  const restartOne = async (replica) => {
    const siblings = replicas.filter((r) => r.app === replica.app && r.label !== replica.label);
    for (const sibling of siblings) await waitReady(sibling, { timeoutMs: readyTimeoutMs });
    const started = performance.now();
    log(`${replica.label}: draining`);
    await restart(replica);
    const drainedAt = performance.now();
    await waitReady(replica, { timeoutMs: readyTimeoutMs });
    const seconds = (performance.now() - started) / 1000;
    log(`${replica.label}: replaced and ready in ${seconds.toFixed(1)} s (drain and exit ${((drainedAt - started) / 1000).toFixed(1)} s)`);
    rows.push({ label: replica.label, drain_s: Math.round((drainedAt - started) / 100) / 10, total_s: Math.round(seconds * 10) / 10 });
  };
  const ordered = restartOrder(restarting);
  let failed = false;
  for (const group of [ordered.filter((r) => r.app !== 'gateway'), ordered.filter((r) => r.app === 'gateway')]) {
    const waiting = [...group];
    const busy = new Set();
    // A worker takes the next process whose app is not restarting; one that finds only busy apps
    // ends, and the worker restarting that app takes the next of its replicas afterwards.
    const worker = async () => {
      for (;;) {
        const next = waiting.findIndex((r) => !busy.has(r.app));
        if (failed || next < 0) return;
        const [replica] = waiting.splice(next, 1);
        busy.add(replica.app);
        try {
          await restartOne(replica);
        } catch (error) {
          failed = true;
          throw error;
        } finally {
          busy.delete(replica.app);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  }
  return rows;
}
