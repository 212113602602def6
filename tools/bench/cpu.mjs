// CPU time of the product's processes, read from /proc (Linux), so a scenario can say what one
// unit of work (an order, a request) costs in each process: on a machine where every process
// shares the cores, this is what bounds the throughput.
// The apps count only when they run with the bench's NATS_PREFIX (empty under `npm start`), so
// test runs on the same machine, which start the same apps with prefixes of their own, do not
// count; Postgres, NATS, Redis and maildev are the machine's, shared.
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;
const APPS = ['gateway', 'catalog-cart', 'payments', 'accounts-invitations', 'notifications', 'sharing-organize', 'exams'];
const SERVERS = { maildev: /maildev/, postgres: /^postgres/, 'nats-server': /nats-server/, 'redis-server': /redis-server/ };
/** The order groups are reported in. */
const GROUPS = [...APPS, ...Object.keys(SERVERS)];
/** The product's NATS subject prefix (empty under `npm start`). */
const PREFIX = process.env.NATS_PREFIX ?? '';

/** The group a process counts in, or null when it is not the product's. */
function groupOf(pid) {
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  const app = /dist\/apps\/([a-z-]+)\/src\/main\.js/.exec(command)?.[1];
  if (app) {
    if (!APPS.includes(app)) return null;
    const prefix = /(?:^|\0)NATS_PREFIX=([^\0]*)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1] ?? '';
    return prefix === PREFIX ? app : null;
  }
  return Object.entries(SERVERS).find(([, pattern]) => pattern.test(command))?.[0] ?? null;
}

/**
 * Memory (MB) of each app of the product, its replicas summed; null for an app not running. Test
 * runs' processes of the same apps (other NATS prefixes) are left out. `rss` is the resident size
 * as `ps` gives it; `pss` counts the pages a process shares with others (the node binary's code,
 * some 57 MB, mapped by all seven apps) in equal parts, so the column sums to what the product
 * takes from the machine.
 */
export function residentMemory() {
  const kb = {};
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const group = groupOf(pid);
      if (!APPS.includes(group)) continue;
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const sum = (kb[group] ??= { rss: 0, pss: 0 });
      sum.rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
      sum.pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone, or not ours to read
    }
  }
  const mb = (value) => Math.round(value / 1024);
  return Object.fromEntries(APPS.map((app) => [app, kb[app] === undefined ? null : { rss: mb(kb[app].rss), pss: mb(kb[app].pss) }]));
}

/** utime + stime of a process in clock ticks. */
function ticksOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU ticks per process group and per pid (pids that appear or vanish between two snapshots count from 0). */
export function cpuSnapshot() {
  const snapshot = {};
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const group = groupOf(pid);
      if (group) (snapshot[group] ??= {})[pid] = ticksOf(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return snapshot;
}

/** Milliseconds of CPU per unit in each group between two snapshots, plus their total; null without units. */
export function cpuPerUnit(before, after, units) {
  if (!units) return null;
  const row = {};
  let total = 0;
  for (const group of GROUPS) {
    const ticks = Object.entries(after[group] ?? {}).reduce((sum, [pid, t]) => sum + t - (before[group]?.[pid] ?? 0), 0);
    const ms = (ticks * 1000) / CLOCK_TICKS_PER_SECOND / units;
    if (ms >= 0.05) row[group] = Math.round(ms * 10) / 10;
    total += ms;
  }
  row.total = Math.round(total * 10) / 10;
  return row;
}
