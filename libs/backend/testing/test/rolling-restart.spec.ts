import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

interface Replica {
  label: string;
  app: string;
  replica: number;
  readyUrl: string;
}
interface Row {
  label: string;
  drain_s: number;
  total_s: number;
}
interface RollingModule {
  rollingRestart(
    replicas: Replica[],
    options: { restart: (replica: Replica) => Promise<void>; restarting?: Replica[]; parallel?: number; readyTimeoutMs?: number },
  ): Promise<Row[]>;
}
/** The rolling restart of tools/ops (used by the command and the chaos case): a plain ES module outside the libraries' graph. */
const tool = join(import.meta.dirname, '../../../../tools/ops/rolling.mjs');
const load = async () => (await import(pathToFileURL(tool).href)) as RollingModule;

/**
 * Processes faked by an HTTP server: `/ready/<label>` answers 200, or 503 while the process is
 * down (being replaced, or told so by the test). Each restart is logged with its start and end.
 */
describe('rolling restart (tools/ops/rolling.mjs)', () => {
  let server: Server;
  let base: string;
  const down = new Set<string>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const label = decodeURIComponent(req.url!.replace('/ready/', ''));
      res.statusCode = down.has(label) ? 503 : 200;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const processes = (apps: string[], replicas: number): Replica[] =>
    apps.flatMap((app) =>
      Array.from({ length: replicas }, (_, i) => {
        const label = i === 0 ? app : `${app}#${i + 1}`;
        return { label, app, replica: i + 1, readyUrl: `${base}/ready/${encodeURIComponent(label)}` };
      }),
    );

  /** A restart that takes the process down for `ms`, recording when each one started and ended. */
  function restarter(ms: number) {
    const log: { label: string; app: string; start: number; end: number }[] = [];
    const running = new Map<string, number>();
    let mostAtOnce = 0;
    let sameAppAtOnce = false;
    const restart = async (replica: Replica) => {
      const start = performance.now();
      if (running.get(replica.app)) sameAppAtOnce = true;
      running.set(replica.app, (running.get(replica.app) ?? 0) + 1);
      mostAtOnce = Math.max(mostAtOnce, [...running.values()].reduce((a, b) => a + b, 0));
      down.add(replica.label);
      await sleep(ms);
      down.delete(replica.label);
      running.set(replica.app, running.get(replica.app)! - 1);
      log.push({ label: replica.label, app: replica.app, start, end: performance.now() });
    };
    return { restart, log, stats: () => ({ mostAtOnce, sameAppAtOnce }) };
  }

  it('one at a time: every process once, the services app by app, the gateways last', async () => {
    const { rollingRestart } = await load();
    const all = processes(['payments', 'gateway', 'catalog-cart'], 2);
    const { restart, log, stats } = restarter(20);
    const rows = await rollingRestart(all, { restart });
    expect(log.map((entry) => entry.label)).toEqual(['catalog-cart', 'catalog-cart#2', 'payments', 'payments#2', 'gateway', 'gateway#2']);
    expect(rows.map((row) => row.label)).toEqual(log.map((entry) => entry.label));
    expect(stats()).toEqual({ mostAtOnce: 1, sameAppAtOnce: false });
  });

  it('several apps at once, never two processes of one app, and the gateways only once every service is back', async () => {
    const { rollingRestart } = await load();
    const all = processes(['catalog-cart', 'payments', 'exams', 'notifications', 'gateway'], 2);
    const { restart, log, stats } = restarter(60);
    await rollingRestart(all, { restart, parallel: 3 });
    expect(log.map((entry) => entry.label).sort()).toEqual(all.map((r) => r.label).sort());
    expect(stats()).toEqual({ mostAtOnce: 3, sameAppAtOnce: false });
    const lastService = Math.max(...log.filter((entry) => entry.app !== 'gateway').map((entry) => entry.end));
    for (const gateway of log.filter((entry) => entry.app === 'gateway')) expect(gateway.start).toBeGreaterThanOrEqual(lastService);
  });

  it('restarting some processes only, each waits for the other replicas of its app to be ready', async () => {
    const { rollingRestart } = await load();
    const all = processes(['payments', 'gateway'], 2);
    const firsts = all.filter((r) => r.replica === 1);
    const { restart, log } = restarter(20);
    // payments#2 is not ready yet (starting): payments must not go down before it is.
    down.add('payments#2');
    const readyAt = performance.now() + 300;
    setTimeout(() => down.delete('payments#2'), 300);
    await rollingRestart(all, { restart, restarting: firsts, parallel: 2 });
    expect(log.map((entry) => entry.label)).toEqual(['payments', 'gateway']);
    expect(log[0].start).toBeGreaterThanOrEqual(readyAt - 5);
  });
});
